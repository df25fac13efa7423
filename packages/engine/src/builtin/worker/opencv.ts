import type * as CvModule from '@techstark/opencv-js';

/** The OpenCV.js module once its wasm runtime is ready. */
export type OpenCv = typeof CvModule;
export type Mat = CvModule.Mat;
