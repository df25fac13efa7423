import type { Point } from '../pose/point.ts';
import type { OpenCv } from '../worker/opencv.ts';
import type { Region } from './warp-triangles.ts';

/**
 * A soft-edged mask of the polygon over `region`, 0..1: the polygon is pulled in toward its centre, so the
 * blur that feathers it stays inside the warped face.
 */
export function featheredMask(
  cv: OpenCv,
  polygon: readonly Point[],
  region: Region,
  feather: number,
): Float32Array {
  const cx = polygon.reduce((s, p) => s + p.x, 0) / polygon.length;
  const cy = polygon.reduce((s, p) => s + p.y, 0) / polygon.length;
  const shrink = 0.9;
  const pts = polygon.flatMap((p) => [
    Math.round(cx + (p.x - cx) * shrink - region.left),
    Math.round(cy + (p.y - cy) * shrink - region.top),
  ]);
  const hard = cv.Mat.zeros(region.height, region.width, cv.CV_8UC1);
  const contour = cv.matFromArray(polygon.length, 1, cv.CV_32SC2, pts);
  const contours = new cv.MatVector();
  const soft = new cv.Mat();
  try {
    contours.push_back(contour);
    cv.fillPoly(hard, contours, new cv.Scalar(255));
    const sigma = Math.max(1, feather);
    cv.GaussianBlur(hard, soft, new cv.Size(0, 0), sigma, sigma, cv.BORDER_CONSTANT);
    const out = new Float32Array(region.width * region.height);
    for (let i = 0; i < out.length; i++) out[i] = (soft.data[i] ?? 0) / 255;
    return out;
  } finally {
    hard.delete();
    contour.delete();
    contours.delete();
    soft.delete();
  }
}
