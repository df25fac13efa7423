import type { Mat, OpenCv } from '../worker/opencv.ts';

/** The widest Gaussian (sigma, in pixels) taken at full size. */
const FULL_SIZE_SIGMA = 4;

/**
 * A Gaussian blur of `src` into `dst` (its size). A wider one than FULL_SIZE_SIGMA is taken on a grid
 * `sigma / FULL_SIZE_SIGMA` times coarser and scaled back: it keeps nothing finer than itself, and OpenCV.js's
 * cost grows with its width (a full-size kernel of a face's width costs seconds).
 */
export function wideGaussian(cv: OpenCv, src: Mat, dst: Mat, sigma: number, border: number): void {
  const k = sigma / FULL_SIZE_SIGMA;
  if (k <= 1) {
    cv.GaussianBlur(src, dst, new cv.Size(0, 0), sigma, sigma, border);
    return;
  }
  const width = src.cols;
  const height = src.rows;
  const coarse = new cv.Mat();
  try {
    const size = new cv.Size(Math.max(1, Math.round(width / k)), Math.max(1, Math.round(height / k)));
    cv.resize(src, coarse, size, 0, 0, cv.INTER_AREA);
    cv.GaussianBlur(coarse, coarse, new cv.Size(0, 0), sigma / k, sigma / k, border);
    cv.resize(coarse, dst, new cv.Size(width, height), 0, 0, cv.INTER_LINEAR);
  } finally {
    coarse.delete();
  }
}
