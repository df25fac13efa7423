import type { Mat, OpenCv } from '../worker/opencv.ts';

/**
 * Laplacian pyramid blending (Burt and Adelson): each frequency band of `over` is laid on `base` through the
 * mask blurred to that band's scale. Broad tone meets across a wide seam and fine detail across a narrow
 * one, so there is neither a visible rim nor a ghost of the model's features. Images are RGB 0..255,
 * interleaved, `width` x `height`; the mask is 0..1. Returns the blended image.
 */
export function pyramidBlend(
  cv: OpenCv,
  base: Float32Array,
  over: Float32Array,
  mask: Float32Array,
  width: number,
  height: number,
  levels: number,
): Float32Array {
  const owned: Mat[] = [];
  const mat = (type: number, data?: Float32Array): Mat => {
    const m = data ? new cv.Mat(height, width, type) : new cv.Mat();
    if (data) m.data32F.set(data);
    owned.push(m);
    return m;
  };
  try {
    const a = mat(cv.CV_32FC3, over);
    const b = mat(cv.CV_32FC3, base);
    const m1 = mat(cv.CV_32FC1, mask);
    const channels = new cv.MatVector();
    for (let i = 0; i < 3; i++) channels.push_back(m1);
    const m = mat(cv.CV_32FC3);
    cv.merge(channels, m);
    channels.delete();

    const ga = [a];
    const gb = [b];
    const gm = [m];
    for (let l = 1; l <= levels; l++) {
      const prev = ga[l - 1];
      if (!prev || prev.rows < 4 || prev.cols < 4) break;
      for (const [list, src] of [
        [ga, ga[l - 1]],
        [gb, gb[l - 1]],
        [gm, gm[l - 1]],
      ] as const) {
        const down = mat(cv.CV_32FC3);
        if (src) cv.pyrDown(src, down, new cv.Size(0, 0), cv.BORDER_DEFAULT);
        list.push(down);
      }
    }
    const top = ga.length - 1;
    // Start from the coarsest Gaussian level, blended, then add each blended Laplacian band going up.
    let result = mix(cv, mat, ga[top], gb[top], gm[top]);
    for (let l = top - 1; l >= 0; l--) {
      const ta = ga[l];
      const tb = gb[l];
      const ca = ga[l + 1];
      const cb = gb[l + 1];
      if (!ta || !tb || !ca || !cb) break;
      const size = new cv.Size(ta.cols, ta.rows);
      const la = band(cv, mat, ta, ca, size);
      const lb = band(cv, mat, tb, cb, size);
      const blended = mix(cv, mat, la, lb, gm[l]);
      const up = mat(cv.CV_32FC3);
      cv.pyrUp(result, up, size, cv.BORDER_DEFAULT);
      cv.add(up, blended, up);
      result = up;
    }
    return new Float32Array(result.data32F);
  } finally {
    for (const m of owned) m.delete();
  }
}

/** The Laplacian band of one level: the level minus the next coarser one brought back up. */
function band(
  cv: OpenCv,
  mat: (type: number) => Mat,
  fine: Mat,
  coarse: Mat,
  size: InstanceType<OpenCv['Size']>,
): Mat {
  const up = mat(cv.CV_32FC3);
  cv.pyrUp(coarse, up, size, cv.BORDER_DEFAULT);
  const out = mat(cv.CV_32FC3);
  cv.subtract(fine, up, out);
  return out;
}

/** b + (a - b) * m */
function mix(
  cv: OpenCv,
  mat: (type: number) => Mat,
  a: Mat | undefined,
  b: Mat | undefined,
  m: Mat | undefined,
): Mat {
  const out = mat(cv.CV_32FC3);
  if (!a || !b || !m) return out;
  cv.subtract(a, b, out);
  cv.multiply(out, m, out);
  cv.add(out, b, out);
  return out;
}
