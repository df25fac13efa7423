import type { OpenCv } from '../worker/opencv.ts';
import type { Region } from './warp-triangles.ts';

/**
 * A soft-edged copy of a 0/1 mask, 0..1: shrunk first by about twice the blur, so the feather fades out
 * inside the hard edge and never reaches pixels the hard mask left out (hair, background).
 */
export function featheredMask(cv: OpenCv, hard: Uint8Array, region: Region, sigma: number): Float32Array {
  const mat = new cv.Mat(region.height, region.width, cv.CV_8UC1);
  const shrink = Math.max(1, Math.round(sigma * 2));
  const kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(shrink * 2 + 1, shrink * 2 + 1));
  const soft = new cv.Mat();
  try {
    mat.data.set(hard);
    cv.erode(mat, mat, kernel, new cv.Point(-1, -1), 1, cv.BORDER_CONSTANT, new cv.Scalar(0));
    mat.convertTo(soft, cv.CV_32F);
    cv.GaussianBlur(
      soft,
      soft,
      new cv.Size(0, 0),
      Math.max(0.5, sigma),
      Math.max(0.5, sigma),
      cv.BORDER_CONSTANT,
    );
    return new Float32Array(soft.data32F);
  } finally {
    mat.delete();
    kernel.delete();
    soft.delete();
  }
}
