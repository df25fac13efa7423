import { dist, mid, norm } from '../geometry/point.ts';
import { luma, type Raster } from '../image/raster.ts';
import { median } from '../image/statistics.ts';
import type { BodyPose } from '../person/body-pose.ts';

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
 * Samples the cheeks, the forehead, the bridge of the nose and the hands, keeps the brighter samples of the most common
 * colour (skin), and averages them. Null when the face is too small to sample.
 */
export function skinTone(photo: Raster, pose: BodyPose): SkinTone | null {
  const p = pose.points;
  const eyes = dist(p.leftEye, p.rightEye);
  if (eyes < 6) return null;
  const eyeLine = mid(p.leftEye, p.rightEye);
  const mouth = mid(p.leftMouth, p.rightMouth);
  const up = {
    x: (eyeLine.x - mouth.x) / Math.max(1, dist(eyeLine, mouth)),
    y: (eyeLine.y - mouth.y) / Math.max(1, dist(eyeLine, mouth)),
  };
  // The cheeks, the forehead above the brows and the bridge of the nose: sunglasses, a beard, a fringe or
  // a shadow may cover some of them, rarely all.
  const patches = [
    mid(p.leftEye, p.leftMouth),
    mid(p.rightEye, p.rightMouth),
    { x: eyeLine.x + up.x * eyes * 0.75, y: eyeLine.y + up.y * eyes * 0.75 },
    mid(eyeLine, p.nose),
  ];
  // The backs of the hands, where seen: bare far more often than not, and lit like the body.
  for (const [wrist, index, pinky] of [
    [p.leftWrist, p.leftIndex, p.leftPinky],
    [p.rightWrist, p.rightIndex, p.rightPinky],
  ] as const) {
    if (Math.min(wrist.score, index.score, pinky.score) >= 0.7) patches.push(mid(wrist, mid(index, pinky)));
  }
  const r = Math.max(1, eyes * 0.16);
  const byPatch = patches.map((c) => {
    const found: [number, number, number][] = [];
    for (let y = Math.round(c.y - r); y <= c.y + r; y++) {
      for (let x = Math.round(c.x - r); x <= c.x + r; x++) {
        if (x < 0 || y < 0 || x >= photo.width || y >= photo.height) continue;
        const i = (y * photo.width + x) * 3;
        found.push([photo.data[i] ?? 0, photo.data[i + 1] ?? 0, photo.data[i + 2] ?? 0]);
      }
    }
    return found;
  });
  const samples = sameHuePatches(byPatch).flat();
  if (samples.length < 8) return null;
  // Skin is the brighter part of a face: lenses, beards, brows and shadows are darker. Keep what is at
  // least 60 % as bright as the brightest tenth (highlights above that tenth left out too).
  samples.sort((a, b) => luma(...a) - luma(...b));
  const top = luma(...(samples[Math.floor(samples.length * 0.9)] ?? [0, 0, 0]));
  const lit = samples.filter((q) => luma(...q) >= top * 0.6 && luma(...q) <= top);
  // Then the samples nearest the median chroma: what is left of hair or glasses differs in colour too.
  const chroma = lit.map((q) => toChroma(q[0], q[1], q[2]));
  const mcb = median(chroma.map((c) => c[0])) ?? 0;
  const mcr = median(chroma.map((c) => c[1])) ?? 0;
  const kept = lit
    .map((q, i) => ({ q, d: norm((chroma[i]?.[0] ?? 0) - mcb, (chroma[i]?.[1] ?? 0) - mcr) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, Math.max(4, Math.ceil(lit.length * 0.6)))
    .map((s) => s.q);
  if (kept.length < 4) return null;
  const mean = (k: 0 | 1 | 2): number => kept.reduce((s, q) => s + q[k], 0) / kept.length;
  const [rr, g, b] = [mean(0), mean(1), mean(2)];
  const keptChroma = kept.map(([x, y, z]) => toChroma(x, y, z));
  const cb = keptChroma.reduce((s, q) => s + q[0], 0) / keptChroma.length;
  const cr = keptChroma.reduce((s, q) => s + q[1], 0) / keptChroma.length;
  const spread = Math.sqrt(
    keptChroma.reduce((s, q) => s + (q[0] - cb) ** 2 + (q[1] - cr) ** 2, 0) / keptChroma.length,
  );
  return { r: rr, g, b, cb, cr, spread: Math.max(4, spread) };
}

/** Patches whose hue (chroma at a common brightness) is this far from the patches' median are not skin. */
const PATCH_HUE = 14;

/**
 * The patches of one hue: a hat over the forehead, a sleeve over a hand, a bright lens is a patch of
 * another colour, and being brighter than skin it would set the brightness the skin is kept by. Each
 * patch's median colour, its chroma taken to a common brightness, against the median over patches.
 */
function sameHuePatches(patches: [number, number, number][][]): [number, number, number][][] {
  const hues = patches.map((found) => {
    if (found.length === 0) return null;
    const pick = (k: 0 | 1 | 2): number =>
      Float64Array.from(found.map((q) => q[k])).sort()[Math.floor(found.length / 2)] ?? 0;
    const q: [number, number, number] = [pick(0), pick(1), pick(2)];
    const [cb, cr] = toChroma(...q);
    const k = 128 / (luma(...q) + 16);
    return { cb: cb * k, cr: cr * k };
  });
  const seen = hues.filter((h): h is { cb: number; cr: number } => h !== null);
  if (seen.length < 3) return patches;
  const mid = (values: number[]): number =>
    Float64Array.from(values).sort()[Math.floor(values.length / 2)] ?? 0;
  const cb = mid(seen.map((h) => h.cb));
  const cr = mid(seen.map((h) => h.cr));
  const kept = patches.filter((_, n) => {
    const h = hues[n];
    return h !== null && h !== undefined && norm(h.cb - cb, h.cr - cr) <= PATCH_HUE;
  });
  return kept.length >= 2 ? kept : patches;
}

/** How much a colour looks like this skin, 0 to 1, from its chroma alone (light and shade do not count). */
export function skinLikeness(tone: SkinTone, r: number, g: number, b: number, spread = tone.spread): number {
  // Two numbers, no tuple: the clean-up asks this of most pixels of a photo.
  const dcb = chromaB(r, g, b) - tone.cb;
  const dcr = chromaR(r, g, b) - tone.cr;
  const scale = spread * 2.5;
  const d2 = (dcb * dcb + dcr * dcr) / (scale * scale);
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  // Very dark or very bright pixels carry no reliable chroma.
  const lit = y < 25 || y > 245 ? 0.3 : 1;
  return Math.exp(-d2) * lit;
}

/**
 * How much a colour looks like this skin in other light, 0 to 1: its chroma taken to the tone's brightness
 * first (chroma shrinks with brightness, so an arm in shade or a darker forearm has the face's hue at a
 * smaller chroma, which `skinLikeness` reads as less like skin). Hair shares skin's hue: use it only where
 * hair is not in question (a forearm's own colour).
 */
export function skinHueLikeness(
  tone: SkinTone,
  r: number,
  g: number,
  b: number,
  spread = tone.spread,
): number {
  const y = luma(r, g, b);
  if (y < 25 || y > 245) return 0;
  const k = (luma(tone.r, tone.g, tone.b) + 16) / (y + 16);
  // Two numbers, no tuple: the clean-up asks this of most pixels round the garment.
  const d = norm(chromaB(r, g, b) * k - tone.cb, chromaR(r, g, b) * k - tone.cr) / (spread * 2.5);
  return Math.exp(-d * d);
}

/** A colour's blue-difference chroma (YCbCr's Cb, centred on 0). */
function chromaB(r: number, g: number, b: number): number {
  return -0.1687 * r - 0.3313 * g + 0.5 * b;
}

/** A colour's red-difference chroma (YCbCr's Cr, centred on 0). */
function chromaR(r: number, g: number, b: number): number {
  return 0.5 * r - 0.4187 * g - 0.0813 * b;
}

/** A skin tone of one colour, its chroma spread by `spread`. */
export function toneOf(r: number, g: number, b: number, spread: number): SkinTone {
  return { r, g, b, cb: chromaB(r, g, b), cr: chromaR(r, g, b), spread };
}

function toChroma(r: number, g: number, b: number): [number, number] {
  return [chromaB(r, g, b), chromaR(r, g, b)];
}

/**
 * Skin in the photo is at most this many times as light as the face's tone (its lit part): measured over the
 * silhouettes of 13 of the bench's people, no more than 1.42 times. Past it what has the skin's colour is
 * cloth in the sun: a dusky skin of little colour in a faded photo had its washed-out pink shirt, 2.4 times
 * as light, read as skin, left in squares among the fill round the new garment.
 */
const LIGHTEST_SKIN = 2;

/** Whether pixel `i` of the photo is more likely the person's skin than not (the old clothes are not). */
export function looksLikeSkin(tone: SkinTone, photo: Raster, i: number): boolean {
  const r = photo.data[i * 3] ?? 0;
  const g = photo.data[i * 3 + 1] ?? 0;
  const b = photo.data[i * 3 + 2] ?? 0;
  return skinLikeness(tone, r, g, b) > 0.3 && luma(r, g, b) <= luma(tone.r, tone.g, tone.b) * LIGHTEST_SKIN;
}

/** Whether pixel `i` of the photo has the skin's hue at another brightness (`skinHueLikeness`): skin in shade or light. */
export function looksLikeSkinInShade(tone: SkinTone, photo: Raster, i: number): boolean {
  return (
    skinHueLikeness(tone, photo.data[i * 3] ?? 0, photo.data[i * 3 + 1] ?? 0, photo.data[i * 3 + 2] ?? 0) >
    0.3
  );
}

/**
 * The spread of the body's skin round the face's tone (chroma levels): arms and chest vary in hue more than a
 * face, whose cheeks the tone is read from (every bench face reads the floor of 4). party-6d's arm, 16 levels
 * redder than her flash-lit face, failed the face's test and was filled from the backdrop beside a new top.
 */
const BODY_SPREAD = 7;

/**
 * Whether pixel `i` is more likely the person's body skin than not: what `looksLikeSkin` takes, and also
 * what is within the body's wider spread both by its chroma and by the skin's hue at the pixel's brightness
 * (`skinHueLikeness`), so a dark saturated cloth (a dark red collar, whose chroma alone is a lit skin's
 * there) is not taken for it.
 */
export function looksLikeBodySkin(tone: SkinTone, photo: Raster, i: number): boolean {
  return skinLevel(tone, photo, i) > 0;
}

/**
 * Both skin tests of pixel `i` at once (the clean-up asks them of most pixels round the garment): 2 where
 * `looksLikeSkin` takes it (the face's test), 1 where only `looksLikeBodySkin` does, 0 otherwise.
 */
export function skinLevel(tone: SkinTone, photo: Raster, i: number): 0 | 1 | 2 {
  const r = photo.data[i * 3] ?? 0;
  const g = photo.data[i * 3 + 1] ?? 0;
  const b = photo.data[i * 3 + 2] ?? 0;
  const y = luma(r, g, b);
  const toneLuma = luma(tone.r, tone.g, tone.b);
  if (y > toneLuma * LIGHTEST_SKIN) return 0;
  // What the face's test takes is the body's skin too (a dark neck in shade, whose hue at the face's
  // brightness is noise).
  if (skinLikeness(tone, r, g, b) > 0.3) return 2;
  // The face's two tests with the body's wider spread: by chroma, and by hue at the pixel's brightness.
  const spread = Math.max(tone.spread, BODY_SPREAD);
  return skinLikeness(tone, r, g, b, spread) > 0.3 && skinHueLikeness(tone, r, g, b, spread) > 0.3 ? 1 : 0;
}
