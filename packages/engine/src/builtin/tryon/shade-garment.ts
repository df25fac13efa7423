import type { Raster } from '../image/raster.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';
import type { GarmentLayer } from './warp-garment.ts';

/**
 * The band of the photo's luminance that the garment takes on, in shoulder spans: detail finer than FINE
 * (prints, knit, strands of hair) and shapes coarser than COARSE (a dark top beside bare skin, the colour of
 * what is worn) are dropped; folds and the fall of light across the body lie between.
 */
const FINE = 0.04;
const COARSE = 0.12;
/** How much of that band the garment takes on (1 = all of it), and at most how far it darkens or lightens. */
const STRENGTH = 0.8;
const LIMIT = 0.22;
const WORK_SPAN = 160;

/**
 * Carries the photo's light and folds onto the garment by luminance only: the log-luminance under the
 * garment, band-pass filtered and clamped, scales the garment's colour. The colour and the pattern of the
 * clothes underneath do not come through: colour is never read, and a pattern is either finer than the band
 * or, as a large patch of another brightness, coarser (only its edge leaves a clamped trace).
 */
export function shadeGarment(cv: OpenCv, person: Raster, layer: GarmentLayer, span: number): void {
  const { width: w, height: h } = layer.image;
  const mats: Mat[] = [];
  const keep = <T extends Mat>(m: T): T => {
    mats.push(m);
    return m;
  };
  try {
    const luma = keep(new cv.Mat(h, w, cv.CV_32FC1));
    const l = luma.data32F;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const s = ((y + layer.top) * person.width + (x + layer.left)) * 3;
        const v =
          0.299 * (person.data[s] ?? 0) +
          0.587 * (person.data[s + 1] ?? 0) +
          0.114 * (person.data[s + 2] ?? 0);
        l[y * w + x] = Math.log(v + 16);
      }
    }
    // The band is smooth at the body's scale: it is found on a copy with the span at most WORK_SPAN pixels
    // (a wide Gaussian on a big layer costs tens of milliseconds in OpenCV.js) and scaled back.
    const d = Math.max(1, span / WORK_SPAN);
    const sw = Math.max(1, Math.round(w / d));
    const sh = Math.max(1, Math.round(h / d));
    const small = keep(new cv.Mat());
    cv.resize(luma, small, new cv.Size(sw, sh), 0, 0, cv.INTER_AREA);
    const fine = keep(new cv.Mat());
    const coarse = keep(new cv.Mat());
    const sFine = Math.max(0.5, (FINE * span) / d);
    const sCoarse = Math.max(1, (COARSE * span) / d);
    cv.GaussianBlur(small, fine, new cv.Size(0, 0), sFine, sFine, cv.BORDER_REPLICATE);
    cv.GaussianBlur(small, coarse, new cv.Size(0, 0), sCoarse, sCoarse, cv.BORDER_REPLICATE);
    cv.subtract(fine, coarse, fine);
    const band = keep(new cv.Mat());
    cv.resize(fine, band, new cv.Size(w, h), 0, 0, cv.INTER_LINEAR);
    const bandData = band.data32F;
    const px = layer.image.data;
    for (let i = 0; i < w * h; i++) {
      if ((px[i * 4 + 3] ?? 0) === 0) continue;
      const f = Math.exp(STRENGTH * Math.max(-LIMIT, Math.min(LIMIT, bandData[i] ?? 0)));
      for (let c = 0; c < 3; c++) px[i * 4 + c] = Math.min(255, (px[i * 4 + c] ?? 0) * f);
    }
  } finally {
    for (const m of mats) m.delete();
  }
}
