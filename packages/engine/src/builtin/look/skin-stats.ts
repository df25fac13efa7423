import { skinPixels } from './skin-pixels.ts';

/** A skin's tone in Lab: the mean and spread of each channel. */
export interface SkinStats {
  mean: [number, number, number];
  sd: [number, number, number];
}

/** Samples further than this (Mahalanobis) from the sampled skin's colour are left out: brows, strands, shine. */
const SKIN_DISTANCE = 2.5;

/**
 * The tone of the skin in discs around `centres` (the cheeks and the nose bridge) of a Lab image `width`
 * wide: each channel's mean and spread over the pixels that look like the discs' own skin, so a strand of
 * hair or a shadow in a disc does not shift it. Null when the discs hold too little skin.
 */
export function skinStats(
  lab: Float32Array,
  width: number,
  centres: readonly { x: number; y: number }[],
  radius: number,
): SkinStats | null {
  const height = lab.length / 3 / width;
  const picked: number[] = [];
  const r = Math.max(1, radius);
  for (const c of centres) {
    for (let y = Math.max(0, Math.round(c.y - r)); y <= Math.min(height - 1, c.y + r); y++) {
      for (let x = Math.max(0, Math.round(c.x - r)); x <= Math.min(width - 1, c.x + r); x++) {
        if ((x - c.x) ** 2 + (y - c.y) ** 2 > r * r) continue;
        const i = (y * width + x) * 3;
        picked.push(lab[i] ?? 0, lab[i + 1] ?? 0, lab[i + 2] ?? 0);
      }
    }
  }
  const samples = Float32Array.from(picked);
  const n = samples.length / 3;
  if (n < 16) return null;
  const skin = skinPixels(samples, new Uint8Array(n).fill(1), SKIN_DISTANCE);
  const mean = [0, 0, 0];
  const sq = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (!skin[i]) continue;
    count++;
    for (let c = 0; c < 3; c++) {
      const v = samples[i * 3 + c] ?? 0;
      mean[c] = (mean[c] ?? 0) + v;
      sq[c] = (sq[c] ?? 0) + v * v;
    }
  }
  if (count < 16) return null;
  const m: [number, number, number] = [
    (mean[0] ?? 0) / count,
    (mean[1] ?? 0) / count,
    (mean[2] ?? 0) / count,
  ];
  const sd = m.map((v, c) => Math.sqrt(Math.max(0, (sq[c] ?? 0) / count - v * v))) as [
    number,
    number,
    number,
  ];
  return { mean: m, sd };
}
