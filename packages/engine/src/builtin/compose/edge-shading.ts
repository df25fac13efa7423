import type { Mat, OpenCv } from '../worker/opencv.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

/** At its very edge a garment is this much darker; the shade fades out within DEPTH shoulder spans. */
const STRENGTH = 0.16;
const DEPTH = 0.09;

/**
 * Cloth turns away from the light where it wraps round the body: a flat cut-out lacks that, and looks cut
 * out. Darkens the garment towards its outline, as a rounded torso or sleeve is shaded, fading out within
 * a tenth of the shoulder span.
 */
export function shadeEdges(cv: OpenCv, canvas: GarmentCanvas, span: number): void {
  const { width: w, height: h } = canvas;
  const mats: Mat[] = [];
  try {
    const inside = new cv.Mat(h, w, cv.CV_8UC1);
    const distance = new cv.Mat();
    mats.push(inside, distance);
    // `.data` of an OpenCV.js Mat is a new view through embind each time: taken once.
    const insideData = inside.data;
    for (let i = 0; i < w * h; i++) insideData[i] = (canvas.alpha[i] ?? 0) > 0.5 ? 255 : 0;
    cv.distanceTransform(inside, distance, cv.DIST_L2, 3);
    const d = distance.data32F;
    const reach = Math.max(2, span * DEPTH);
    for (let i = 0; i < w * h; i++) {
      if ((canvas.alpha[i] ?? 0) === 0) continue;
      const k = 1 - Math.min(1, (d[i] ?? 0) / reach);
      const shade = 1 - STRENGTH * k * k;
      for (let c = 0; c < 3; c++) canvas.rgb[i * 3 + c] = (canvas.rgb[i * 3 + c] ?? 0) * shade;
    }
  } finally {
    for (const m of mats) m.delete();
  }
}
