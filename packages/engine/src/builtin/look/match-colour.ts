import type { OpenCv } from '../worker/opencv.ts';
import type { Region } from './warp-triangles.ts';

/**
 * Skin contrast may change this much at most: beyond it a wrong skin sample would bleach or burn the face.
 * Chroma barely: a gain sized for skin pushes eye whites and teeth, far from the skin's mean, blue or green.
 */
const MAX_GAIN = [1.25, 1.15, 1.15] as const;
/** Light is carried at scales above this share of the face width: the light's direction, not the features. */
const SHADING_SCALE = 0.25;

/**
 * Moves the shopper's warped face (`lab`, changed in place) to the model's skin tone and light. First the
 * mean and deviation of each Lab channel over shared skin; then the low-frequency part of each channel is
 * swapped for the model's (skin-weighted blurs of both, their difference added), so a side lit from the
 * left on the model is lit from the left on the swapped face, while freckles, pores and features stay.
 */
export function matchColour(
  cv: OpenCv,
  lab: Float32Array,
  modelLab: Float32Array,
  skin: Uint8Array,
  region: Region,
  faceWidth: number,
): void {
  for (let c = 0; c < 3; c++) {
    const a = stats(lab, skin, c);
    const b = stats(modelLab, skin, c);
    if (!a || !b) return;
    const cap = MAX_GAIN[c] ?? 1;
    const gain = Math.min(cap, Math.max(1 / cap, b.sd / Math.max(0.5, a.sd)));
    for (let i = 0; i < skin.length; i++) {
      const v = lab[i * 3 + c] ?? 0;
      const moved = (v - a.mean) * gain + b.mean;
      lab[i * 3 + c] = c === 0 ? moved : v + (moved - v) * darkShare(lab[i * 3] ?? 0);
    }
  }
  const sigma = Math.max(2, faceWidth * SHADING_SCALE);
  const weight = blurred(cv, region, Float32Array.from(skin), sigma);
  for (let c = 0; c < 3; c++) {
    const shopper = blurred(cv, region, channel(lab, skin, c), sigma);
    const model = blurred(cv, region, channel(modelLab, skin, c), sigma);
    for (let i = 0; i < skin.length; i++) {
      const w = weight[i] ?? 0;
      if (w < 1e-3) continue;
      const shift = ((model[i] ?? 0) - (shopper[i] ?? 0)) / w;
      lab[i * 3 + c] = (lab[i * 3 + c] ?? 0) + (c === 0 ? shift : shift * darkShare(lab[i * 3] ?? 0));
    }
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

/**
 * A wide Gaussian blur done at a fraction of the size (the result has no detail to lose), since a full-size
 * kernel of a face's width costs seconds in OpenCV.js.
 */
function blurred(cv: OpenCv, region: Region, values: Float32Array, sigma: number): Float32Array {
  const k = Math.max(1, sigma / 4);
  const mat = new cv.Mat(region.height, region.width, cv.CV_32FC1);
  const small = new cv.Mat();
  try {
    mat.data32F.set(values);
    const size = new cv.Size(
      Math.max(1, Math.round(region.width / k)),
      Math.max(1, Math.round(region.height / k)),
    );
    cv.resize(mat, small, size, 0, 0, cv.INTER_AREA);
    cv.GaussianBlur(small, small, new cv.Size(0, 0), sigma / k, sigma / k, cv.BORDER_CONSTANT);
    cv.resize(small, mat, new cv.Size(region.width, region.height), 0, 0, cv.INTER_LINEAR);
    return new Float32Array(mat.data32F);
  } finally {
    mat.delete();
    small.delete();
  }
}
