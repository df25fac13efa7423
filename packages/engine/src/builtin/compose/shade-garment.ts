import type { Raster } from '../image/raster.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

/**
 * The photo's light on the garment, by luminance only. Two bands of the log-luminance under the garment:
 * the broad fall of light across the body (coarser than BROAD shoulder spans, measured against its mean
 * under the garment), and folds and soft shadows between FINE and COARSE. Finer detail (a print, knit,
 * strands of hair) and the colour of what was worn never come through.
 */
const FINE = 0.035;
const COARSE = 0.12;
const BROAD = 0.3;
const FOLD_STRENGTH = 0.75;
const FOLD_LIMIT = 0.2;
const BROAD_STRENGTH = 0.6;
const BROAD_LIMIT = 0.35;
/** Work at a size where the shoulder span is this many pixels: wide Gaussians are slow in OpenCV.js. */
const WORK_SPAN = 120;

export function shadeGarment(cv: OpenCv, photo: Raster, canvas: GarmentCanvas, span: number): void {
  const { width: w, height: h } = canvas;
  const mats: Mat[] = [];
  const keep = <T extends Mat>(m: T): T => {
    mats.push(m);
    return m;
  };
  try {
    const luma = keep(new cv.Mat(h, w, cv.CV_32FC1));
    const l = luma.data32F;
    let sum = 0;
    let count = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const s = ((y + canvas.top) * photo.width + (x + canvas.left)) * 3;
        const v = Math.log(
          0.299 * (photo.data[s] ?? 0) +
            0.587 * (photo.data[s + 1] ?? 0) +
            0.114 * (photo.data[s + 2] ?? 0) +
            16,
        );
        l[y * w + x] = v;
        if ((canvas.alpha[y * w + x] ?? 0) > 0.5) {
          sum += v;
          count++;
        }
      }
    }
    if (count === 0) return;
    const mean = sum / count;
    const d = Math.max(1, span / WORK_SPAN);
    const size = new cv.Size(Math.max(1, Math.round(w / d)), Math.max(1, Math.round(h / d)));
    const small = keep(new cv.Mat());
    cv.resize(luma, small, size, 0, 0, cv.INTER_AREA);
    const blur = (sigma: number): Mat => {
      const out = keep(new cv.Mat());
      const s = Math.max(0.5, (sigma * span) / d);
      cv.GaussianBlur(small, out, new cv.Size(0, 0), s, s, cv.BORDER_REPLICATE);
      return out;
    };
    const fine = blur(FINE);
    const coarse = blur(COARSE);
    const broad = blur(BROAD);
    const band = keep(new cv.Mat());
    cv.subtract(fine, coarse, band);
    const up = (m: Mat): Float32Array => {
      const out = keep(new cv.Mat());
      cv.resize(m, out, new cv.Size(w, h), 0, 0, cv.INTER_LINEAR);
      return out.data32F;
    };
    const folds = up(band);
    const light = up(broad);
    for (let i = 0; i < w * h; i++) {
      if ((canvas.alpha[i] ?? 0) === 0) continue;
      const f =
        FOLD_STRENGTH * clamp(folds[i] ?? 0, FOLD_LIMIT) +
        BROAD_STRENGTH * clamp((light[i] ?? mean) - mean, BROAD_LIMIT);
      const k = Math.exp(f);
      for (let c = 0; c < 3; c++) canvas.rgb[i * 3 + c] = Math.min(255, (canvas.rgb[i * 3 + c] ?? 0) * k);
    }
  } finally {
    for (const m of mats) m.delete();
  }
}

const clamp = (v: number, limit: number): number => Math.max(-limit, Math.min(limit, v));
