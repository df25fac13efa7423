import type { OpenCv } from '../worker/opencv.ts';
import type { Region } from './warp-triangles.ts';

/** Blurs tried, in pixels of the work region, gentlest first. */
const SIGMAS = [0.6, 0.9, 1.3, 1.8, 2.5, 3.5] as const;
/** The unsharp mask's blur, in pixels, for a face at the size it was worked at. */
const UNSHARP_SIGMA = 1.2;

/**
 * Softens the shopper's face (RGB, changed in place) to the model photo's sharpness where `mask` is set: a
 * crisp selfie laid into a soft or upscaled shop photo reads as pasted however well its colour matches.
 * Sharpness is the mean absolute Laplacian of lightness; the gentlest blur that brings the shopper's down
 * to the model's is used. A face softer than the model's (upscaled from a small one) is sharpened towards it.
 */
export function matchSharpness(
  cv: OpenCv,
  rgb: Float32Array,
  model: Float32Array,
  mask: Uint8Array,
  region: Region,
  upscaled?: { factor: number; weight: Float32Array },
): void {
  const goal = detail(cv, model, mask, region, 0);
  const own = detail(cv, rgb, mask, region, 0);
  if (own < goal) {
    sharpen(cv, rgb, mask, region, { own, goal }, UNSHARP_SIGMA * (upscaled?.factor ?? 1), upscaled?.weight);
    return;
  }
  if (own === goal) return;
  let chosen = SIGMAS[SIGMAS.length - 1] ?? 2;
  for (const sigma of SIGMAS) {
    if (detail(cv, rgb, mask, region, sigma) <= goal) {
      chosen = sigma;
      break;
    }
  }
  const mat = new cv.Mat(region.height, region.width, cv.CV_32FC3);
  try {
    mat.data32F.set(rgb);
    cv.GaussianBlur(mat, mat, new cv.Size(0, 0), chosen, chosen, cv.BORDER_REFLECT);
    rgb.set(mat.data32F);
  } finally {
    mat.delete();
  }
}

/**
 * A small face taken into a large one is upscaled, and reads as a blur in a crisp photo: its finest detail
 * is raised by an unsharp mask, the amount that reaches the model's sharpness (at most 1).
 */
function sharpen(
  cv: OpenCv,
  rgb: Float32Array,
  mask: Uint8Array,
  region: Region,
  levels: { own: number; goal: number },
  sigma: number,
  weight: Float32Array | undefined,
): void {
  const { own, goal } = levels;
  const mat = new cv.Mat(region.height, region.width, cv.CV_32FC3);
  let soft: Float32Array;
  try {
    mat.data32F.set(rgb);
    cv.GaussianBlur(mat, mat, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REFLECT);
    soft = new Float32Array(mat.data32F);
  } finally {
    mat.delete();
  }
  const out = new Float32Array(rgb.length);
  const apply = (amount: number): void => {
    for (let i = 0; i < rgb.length; i++) {
      const v = rgb[i] ?? 0;
      const k = weight ? amount * (weight[Math.floor(i / 3)] ?? 0) : amount;
      out[i] = Math.min(255, Math.max(0, v + k * (v - (soft[i] ?? 0))));
    }
  };
  // Detail grows about linearly with the amount: one trial at 1 places the amount that meets the goal.
  apply(1);
  const full = detail(cv, out, mask, region, 0);
  if (full > goal) apply((goal - own) / (full - own));
  rgb.set(out);
}

function detail(cv: OpenCv, rgb: Float32Array, mask: Uint8Array, region: Region, sigma: number): number {
  const grey = new cv.Mat(region.height, region.width, cv.CV_32FC1);
  const edges = new cv.Mat();
  try {
    const g = grey.data32F;
    for (let i = 0; i < g.length; i++) {
      g[i] = 0.299 * (rgb[i * 3] ?? 0) + 0.587 * (rgb[i * 3 + 1] ?? 0) + 0.114 * (rgb[i * 3 + 2] ?? 0);
    }
    if (sigma > 0) cv.GaussianBlur(grey, grey, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REFLECT);
    cv.Laplacian(grey, edges, cv.CV_32F, 1, 1, 0, cv.BORDER_REFLECT);
    const e = edges.data32F;
    let sum = 0;
    let n = 0;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      sum += Math.abs(e[i] ?? 0);
      n++;
    }
    return n ? sum / n : 0;
  } finally {
    grey.delete();
    edges.delete();
  }
}
