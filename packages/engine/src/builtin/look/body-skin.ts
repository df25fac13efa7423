import { skinPixels } from './skin-pixels.ts';

/** Colour distance (Mahalanobis, as skinPixels reads it) within which a pixel is surely skin. */
const SURE = 2.5;
/**
 * Colour distance within which a pixel is skin when sure skin is around it: a highlight on a shiny neck, an
 * arm in shade. Not further: a tan top or blond hair beside the neck must stay out.
 */
const NEAR = 4.5;

/** Hue (degrees in Lab's a-b plane) within which a pixel may be skin, fading out to the second. */
const HUE = [8, 16] as const;
/** Below this chroma hue is noise (a highlight, a deep shadow) and is not read. */
const MIN_CHROMA = 8;

/**
 * How much each pixel of a Lab image is the skin sampled where `sample` is set, 0 to 1, within the person
 * (`person`, 0 to 1): the neck, ears, hands and arms of the face's tone. Sure skin is spread by
 * `around` (a blur), so that within a patch of skin the highlights and shadows near in colour count too
 * and the recolouring is not blotchy. Hair, even blond, lips, eyes and clothes of other colours fall
 * outside the skin's colour model, and the background outside the person.
 */
export function bodySkin(
  lab: Float32Array,
  sample: Uint8Array,
  person: Float32Array,
  around: (values: Float32Array) => Float32Array,
): Float32Array {
  const sure = skinPixels(lab, sample, SURE);
  const near = skinPixels(lab, sample, NEAR);
  const spread = around(Float32Array.from(sure, (v, i) => v * (person[i] ?? 0)));
  const hue = meanHue(lab, sample);
  const out = new Float32Array(sample.length);
  for (let i = 0; i < out.length; i++) {
    const skinAround = Math.min(1, 2 * (spread[i] ?? 0));
    const colour = Math.max(sure[i] ?? 0, (near[i] ?? 0) * skinAround);
    out[i] = colour * hueLikeness(lab, i, hue) * (person[i] ?? 0);
  }
  return out;
}

/** The sampled skin's hue, radians: blond hair is yellower than any skin beside it. */
function meanHue(lab: Float32Array, sample: Uint8Array): number {
  let a = 0;
  let b = 0;
  for (let i = 0; i < sample.length; i++) {
    if (!sample[i]) continue;
    a += lab[i * 3 + 1] ?? 0;
    b += lab[i * 3 + 2] ?? 0;
  }
  return Math.atan2(b, a);
}

function hueLikeness(lab: Float32Array, i: number, hue: number): number {
  const a = lab[i * 3 + 1] ?? 0;
  const b = lab[i * 3 + 2] ?? 0;
  if (Math.hypot(a, b) < MIN_CHROMA) return 1;
  let d = Math.abs(Math.atan2(b, a) - hue) * (180 / Math.PI);
  if (d > 180) d = 360 - d;
  return Math.min(1, Math.max(0, (HUE[1] - d) / (HUE[1] - HUE[0])));
}
