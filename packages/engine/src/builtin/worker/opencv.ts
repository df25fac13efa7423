import type * as CvModule from '@techstark/opencv-js';

/** The OpenCV.js module once its wasm runtime is ready. */
export type OpenCv = typeof CvModule;
export type Mat = CvModule.Mat;

/** Keeps a Mat for deletion and hands it back. */
export type KeepMat = <T extends Mat>(m: T) => T;

/**
 * Runs `use` with a `keep` that collects the Mats it makes, and deletes them all when `use` returns or
 * throws: an OpenCV.js Mat lives on the wasm heap until deleted.
 */
export function withMats<R>(use: (keep: KeepMat) => R): R {
  const mats: Mat[] = [];
  try {
    return use((m) => {
      mats.push(m);
      return m;
    });
  } finally {
    for (const m of mats) m.delete();
  }
}

/** `withMats` for work that awaits: the Mats are deleted once its promise settles. */
export async function withMatsAsync<R>(use: (keep: KeepMat) => Promise<R>): Promise<R> {
  const mats: Mat[] = [];
  try {
    return await use((m) => {
      mats.push(m);
      return m;
    });
  } finally {
    for (const m of mats) m.delete();
  }
}
