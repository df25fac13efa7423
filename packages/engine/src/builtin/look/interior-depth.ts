import type { OpenCv } from '../worker/opencv.ts';
import type { Region } from './warp-triangles.ts';

/**
 * How deep each pixel lies inside a 0/1 mask: 0 on and outside its edge, rising to 1 at `depth` pixels in.
 */
export function interiorDepth(cv: OpenCv, mask: Uint8Array, region: Region, depth: number): Float32Array {
  const mat = new cv.Mat(region.height, region.width, cv.CV_8UC1);
  const distance = new cv.Mat();
  try {
    mat.data.set(mask);
    cv.distanceTransform(mat, distance, cv.DIST_L2, 3);
    const d = distance.data32F;
    const out = new Float32Array(mask.length);
    for (let i = 0; i < out.length; i++) out[i] = Math.min(1, (d[i] ?? 0) / Math.max(1, depth));
    return out;
  } finally {
    mat.delete();
    distance.delete();
  }
}
