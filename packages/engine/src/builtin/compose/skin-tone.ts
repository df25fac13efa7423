import type { Raster } from '../image/raster.ts';
import type { BodyPose } from '../person/body-pose.ts';
import { dist, mid } from '../pose/point.ts';

/** The person's skin colour, read off their cheeks: mean RGB and how far skin pixels spread around it. */
export interface SkinTone {
  r: number;
  g: number;
  b: number;
  /** Mean chroma (Cb, Cr) and its spread; skin varies far more in brightness than in chroma. */
  cb: number;
  cr: number;
  spread: number;
}

/**
 * Samples the cheeks (below the eyes, beside the nose, above the mouth corners): the face area least often
 * covered by hair, beard, glasses or make-up. Null when the face is too small to sample.
 */
export function skinTone(photo: Raster, pose: BodyPose): SkinTone | null {
  const p = pose.points;
  const eyes = dist(p.leftEye, p.rightEye);
  if (eyes < 6) return null;
  const samples: [number, number, number][] = [];
  for (const [eye, mouth] of [
    [p.leftEye, p.leftMouth],
    [p.rightEye, p.rightMouth],
  ] as const) {
    const c = mid(eye, mouth);
    const r = Math.max(1, eyes * 0.18);
    for (let y = Math.round(c.y - r); y <= c.y + r; y++) {
      for (let x = Math.round(c.x - r); x <= c.x + r; x++) {
        if (x < 0 || y < 0 || x >= photo.width || y >= photo.height) continue;
        const i = (y * photo.width + x) * 3;
        samples.push([photo.data[i] ?? 0, photo.data[i + 1] ?? 0, photo.data[i + 2] ?? 0]);
      }
    }
  }
  if (samples.length < 8) return null;
  // The middle half by brightness: shadows, highlights and stray hairs fall outside it.
  samples.sort((a, b) => luma(a) - luma(b));
  const kept = samples.slice(Math.floor(samples.length / 4), Math.ceil((samples.length * 3) / 4));
  const mean = (k: 0 | 1 | 2): number => kept.reduce((s, q) => s + q[k], 0) / kept.length;
  const [r, g, b] = [mean(0), mean(1), mean(2)];
  const chroma = kept.map(([x, y, z]) => toChroma(x, y, z));
  const cb = chroma.reduce((s, q) => s + q[0], 0) / chroma.length;
  const cr = chroma.reduce((s, q) => s + q[1], 0) / chroma.length;
  const spread = Math.sqrt(
    chroma.reduce((s, q) => s + (q[0] - cb) ** 2 + (q[1] - cr) ** 2, 0) / chroma.length,
  );
  return { r, g, b, cb, cr, spread: Math.max(4, spread) };
}

/** How much a colour looks like this skin, 0 to 1, from its chroma alone (light and shade do not count). */
export function skinLikeness(tone: SkinTone, r: number, g: number, b: number): number {
  const [cb, cr] = toChroma(r, g, b);
  const d = Math.hypot(cb - tone.cb, cr - tone.cr) / (tone.spread * 2.5);
  const y = luma([r, g, b]);
  // Very dark or very bright pixels carry no reliable chroma.
  const lit = y < 25 || y > 245 ? 0.3 : 1;
  return Math.exp(-d * d) * lit;
}

const luma = (q: readonly [number, number, number]): number => 0.299 * q[0] + 0.587 * q[1] + 0.114 * q[2];

function toChroma(r: number, g: number, b: number): [number, number] {
  return [-0.1687 * r - 0.3313 * g + 0.5 * b, 0.5 * r - 0.4187 * g - 0.0813 * b];
}
