import type * as CvModule from '@techstark/opencv-js';

/** The OpenCV.js module once its wasm runtime is ready. */
export type OpenCv = typeof CvModule;
export type Mat = CvModule.Mat;

/** Keeps a Mat for deletion and hands it back. */
export type KeepMat = <T extends Mat>(m: T) => T;

/** A `keep` that collects Mats, and `release` that deletes them. */
function matCollector(): { keep: KeepMat; release: () => void } {
  const mats: Mat[] = [];
  return {
    keep: (m) => {
      mats.push(m);
      return m;
    },
    release: () => {
      for (const m of mats) m.delete();
    },
  };
}

/**
 * Runs `use` with a `keep` that collects the Mats it makes, and deletes them all when `use` returns or
 * throws: an OpenCV.js Mat lives on the wasm heap until deleted.
 */
export function withMats<R>(use: (keep: KeepMat) => R): R {
  const { keep, release } = matCollector();
  try {
    return use(keep);
  } finally {
    release();
  }
}

/** `withMats` for work that awaits: the Mats are deleted once its promise settles. */
export async function withMatsAsync<R>(use: (keep: KeepMat) => Promise<R>): Promise<R> {
  const { keep, release } = matCollector();
  try {
    return await use(keep);
  } finally {
    release();
  }
}
