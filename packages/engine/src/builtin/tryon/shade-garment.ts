import type { Raster } from '../image/raster.ts';
import type { OpenCv } from '../worker/opencv.ts';
import type { GarmentLayer } from './warp-garment.ts';

/** How much of the photo's light and shade the garment takes on (1 = all of it). */
const STRENGTH = 0.7;
const DARKEST = 0.6;
const BRIGHTEST = 1.25;

/**
 * Carries the photo's shading onto the garment: the blurred brightness under the garment, relative to its
 * mean, multiplies the garment's colour. The blur keeps folds and light falloff but drops fine texture of
 * the clothes underneath (hair still leaks in, being coarse).
 */
export function shadeGarment(cv: OpenCv, person: Raster, layer: GarmentLayer): void {
  const { width: w, height: h } = layer.image;
  const luma = new cv.Mat(h, w, cv.CV_32FC1);
  const blurred = new cv.Mat();
  try {
    const l = luma.data32F;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const s = ((y + layer.top) * person.width + (x + layer.left)) * 3;
        l[y * w + x] =
          0.299 * (person.data[s] ?? 0) +
          0.587 * (person.data[s + 1] ?? 0) +
          0.114 * (person.data[s + 2] ?? 0);
      }
    }
    const sigma = Math.max(2, w * 0.025);
    cv.GaussianBlur(luma, blurred, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REPLICATE);
    const b = blurred.data32F;
    const px = layer.image.data;
    let sum = 0;
    let weight = 0;
    for (let i = 0; i < w * h; i++) {
      const a = (px[i * 4 + 3] ?? 0) / 255;
      sum += (b[i] ?? 0) * a;
      weight += a;
    }
    if (weight === 0) return;
    const meanLuma = Math.max(1, sum / weight);
    for (let i = 0; i < w * h; i++) {
      if ((px[i * 4 + 3] ?? 0) === 0) continue;
      const ratio = Math.min(BRIGHTEST, Math.max(DARKEST, (b[i] ?? 0) / meanLuma));
      const f = 1 + STRENGTH * (ratio - 1);
      for (let c = 0; c < 3; c++) px[i * 4 + c] = Math.min(255, (px[i * 4 + c] ?? 0) * f);
    }
  } finally {
    luma.delete();
    blurred.delete();
  }
}
