import type { OpenCv } from '../worker/opencv.ts';

/**
 * Interleaved float pixels (`channels` per pixel) resized to `width` x `height`: area-averaged going down,
 * bilinear going up.
 */
export function resample(
  cv: OpenCv,
  values: Float32Array,
  from: { width: number; height: number },
  to: { width: number; height: number },
  channels: 1 | 3,
): Float32Array {
  if (from.width === to.width && from.height === to.height) return values;
  const type = channels === 3 ? cv.CV_32FC3 : cv.CV_32FC1;
  const src = new cv.Mat(from.height, from.width, type);
  const dst = new cv.Mat();
  try {
    src.data32F.set(values);
    const down = to.width < from.width;
    cv.resize(src, dst, new cv.Size(to.width, to.height), 0, 0, down ? cv.INTER_AREA : cv.INTER_LINEAR);
    return new Float32Array(dst.data32F);
  } finally {
    src.delete();
    dst.delete();
  }
}
