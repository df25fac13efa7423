import { wideGaussian } from '../image/wide-gaussian.ts';
import type { OpenCv } from '../worker/opencv.ts';
import type { Region } from './warp-triangles.ts';

/**
 * Skin contrast may fall to this share, and never rise: a gain sized for skin pushes a shiny nose to white
 * and eye whites, far from the skin's mean chroma, blue or green.
 */
const MIN_GAIN = 0.6;
/** Lightness above this is eased toward white rather than clipped, so highlights keep their shape. */
const SHOULDER = 85;
/** Light is carried at scales above this share of the face width: the light's direction, not the features. */
const SHADING_SCALE = 0.15;
/** The share of the skin's colour shift that features take. */
const FEATURE_TINT = 0.3;

/**
 * Moves the shopper's warped face (`lab`, changed in place) to the model's skin tone and light. First the
 * mean and deviation of each Lab channel over shared skin, all over the face: a face of one tone set into a
 * head and neck of another reads as a mask at once (measured: keeping a quarter of a pale shopper's own tone
 * inside a dark model's face left a light oval that every look with such a pair showed). The shopper stays
 * recognisable by features and proportions, which all stay. Then the low-frequency part of each channel is
 * swapped for the model's (blurs of each face's own skin, normalised, their difference added), so a side lit from the
 * left on the model is lit from the left on the swapped face, while freckles, pores and features stay.
 */
export function matchColour(
  cv: OpenCv,
  lab: Float32Array,
  modelLab: Float32Array,
  masks: { skin: Uint8Array; shopperSkin: Uint8Array; shade: { shopper: Uint8Array; model: Uint8Array } },
  region: Region,
  faceWidth: number,
): void {
  const { skin } = masks;
  // Eye whites, irises and lips take a little of the skin's colour shift, not all of it, or brown eyes go
  // blue when a tanned face meets a pale one. Blurred so the change has no edge.
  const tint = blurred(cv, region, Float32Array.from(masks.shopperSkin), Math.max(1, faceWidth * 0.015));
  const chroma = (i: number): number =>
    (FEATURE_TINT + (1 - FEATURE_TINT) * (tint[i] ?? 0)) * darkShare(lab[i * 3] ?? 0);
  for (let c = 0; c < 3; c++) {
    const a = stats(lab, skin, c);
    const b = stats(modelLab, skin, c);
    if (!a || !b) return;
    const gain = Math.min(1, Math.max(MIN_GAIN, b.sd / Math.max(0.5, a.sd)));
    for (let i = 0; i < skin.length; i++) {
      const v = lab[i * 3 + c] ?? 0;
      const moved = (v - a.mean) * gain + b.mean;
      lab[i * 3 + c] = v + (moved - v) * (c === 0 ? 1 : chroma(i));
    }
  }
  const sigma = Math.max(2, faceWidth * SHADING_SCALE);
  const { shade } = masks;
  const shopperWeight = blurred(cv, region, Float32Array.from(shade.shopper), sigma);
  const modelWeight = blurred(cv, region, Float32Array.from(shade.model), sigma);
  for (let c = 0; c < 3; c++) {
    const shopper = blurred(cv, region, channel(lab, shade.shopper, c), sigma);
    const model = blurred(cv, region, channel(modelLab, shade.model, c), sigma);
    // Only how light varies across the face moves here; the overall tone was set above.
    const level = (stats(modelLab, shade.model, c)?.mean ?? 0) - (stats(lab, shade.shopper, c)?.mean ?? 0);
    for (let i = 0; i < skin.length; i++) {
      const ws = shopperWeight[i] ?? 0;
      const wm = modelWeight[i] ?? 0;
      if (ws < 1e-3 || wm < 1e-3) continue;
      const shift = (model[i] ?? 0) / wm - (shopper[i] ?? 0) / ws - level;
      lab[i * 3 + c] = (lab[i * 3 + c] ?? 0) + (c === 0 ? shift : shift * chroma(i));
    }
  }
  const room = 100 - SHOULDER;
  for (let i = 0; i < skin.length; i++) {
    const l = lab[i * 3] ?? 0;
    if (l > SHOULDER) lab[i * 3] = SHOULDER + room * Math.tanh((l - SHOULDER) / room);
  }
}

/**
 * How much of a skin-tone shift a pixel of this lightness takes: near black, a chroma shift sized for skin
 * turns pupils and lip lines blue or green.
 */
const darkShare = (lightness: number): number => Math.min(1, Math.max(0, (lightness - 10) / 30));

function stats(lab: Float32Array, skin: Uint8Array, c: number): { mean: number; sd: number } | null {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < skin.length; i++) {
    if (!skin[i]) continue;
    const v = lab[i * 3 + c] ?? 0;
    n++;
    sum += v;
    sq += v * v;
  }
  if (n < 16) return null;
  const mean = sum / n;
  return { mean, sd: Math.sqrt(Math.max(0, sq / n - mean * mean)) };
}

function channel(lab: Float32Array, skin: Uint8Array, c: number): Float32Array {
  const out = new Float32Array(skin.length);
  for (let i = 0; i < skin.length; i++) out[i] = skin[i] ? (lab[i * 3 + c] ?? 0) : 0;
  return out;
}

/** A wide Gaussian blur of `values` over the region (see `wideGaussian`; beyond the region counts as 0). */
export function blurred(cv: OpenCv, region: Region, values: Float32Array, sigma: number): Float32Array {
  const mat = new cv.Mat(region.height, region.width, cv.CV_32FC1);
  try {
    mat.data32F.set(values);
    wideGaussian(cv, mat, mat, sigma, cv.BORDER_CONSTANT);
    return new Float32Array(mat.data32F);
  } finally {
    mat.delete();
  }
}
