import { wideGaussian } from '../image/wide-gaussian.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

/** Where cloth turns fully away from the viewer (a run's very edge) it is this much darker. */
const STRENGTH = 0.28;
/** The shade's smoothing, a share of the shoulder span: where a sleeve parts from the body, runs change. */
const SMOOTH = 0.03;

/**
 * Cloth wraps round the body: across a torso or a sleeve it turns from facing the camera to facing
 * sideways, and darkens as it does under a light from the front. A flat cut-out lacks that, and looks cut
 * out. Each row of the garment is read as runs (the body, a sleeve beside it, or the two as one where they
 * meet) and each run as the front of a cylinder: at a share `u` of its half-width from its middle the cloth
 * faces the camera at cos(asin(u)), and is darkened by STRENGTH times what it turns away. The shade is then
 * smoothed (a run's width jumps where a sleeve parts from the body). The photo's own light is laid on by
 * `shadeGarment`, before this.
 *
 * Tried before: darkening within a tenth of the span of the outline, up to 16% at the very edge. It also
 * darkened the neckline and the hem, which do not turn away, and concentrated at the edge it read as a drawn
 * outline rather than as a rounded body.
 */
export function shadeEdges(cv: OpenCv, canvas: GarmentCanvas, span: number): void {
  const { width: w, height: h } = canvas;
  const mats: Mat[] = [];
  try {
    // Zeroed: a new Mat's memory is whatever was there, and the blur reads past the garment.
    const shade = cv.Mat.zeros(h, w, cv.CV_32FC1);
    const weight = cv.Mat.zeros(h, w, cv.CV_32FC1);
    mats.push(shade, weight);
    // `.data32F` of an OpenCV.js Mat is a new view through embind each time: taken once a Mat.
    const s = shade.data32F;
    const wt = weight.data32F;
    for (let y = 0; y < h; y++) {
      let x = 0;
      while (x < w) {
        if ((canvas.alpha[y * w + x] ?? 0) <= 0.5) {
          x++;
          continue;
        }
        const a = x;
        while (x < w && (canvas.alpha[y * w + x] ?? 0) > 0.5) x++;
        const middle = (a + x - 1) / 2;
        const half = Math.max(1, (x - a) / 2);
        for (let p = a; p < x; p++) {
          const u = Math.min(1, Math.abs(p - middle) / half);
          s[y * w + p] = 1 - STRENGTH * (1 - Math.sqrt(1 - u * u));
          wt[y * w + p] = 1;
        }
      }
    }
    // Smoothed over the garment only (normalised by its own blurred coverage).
    const sigma = Math.max(1, span * SMOOTH);
    wideGaussian(cv, shade, shade, sigma, cv.BORDER_CONSTANT);
    wideGaussian(cv, weight, weight, sigma, cv.BORDER_CONSTANT);
    const smooth = shade.data32F;
    const cover = weight.data32F;
    for (let i = 0; i < w * h; i++) {
      if ((canvas.alpha[i] ?? 0) === 0) continue;
      const k = cover[i] ?? 0;
      const f = k > 1e-3 ? (smooth[i] ?? 0) / k : 1;
      for (let c = 0; c < 3; c++) canvas.rgb[i * 3 + c] = (canvas.rgb[i * 3 + c] ?? 0) * f;
    }
  } finally {
    for (const m of mats) m.delete();
  }
}
