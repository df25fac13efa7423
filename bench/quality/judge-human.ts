import type * as Tf from '@tensorflow/tfjs-core';
import type { Config, Human } from '@vladmandic/human';
import { loadHuman } from '../../packages/engine/src/builtin/worker/load-models.ts';

export interface Judge {
  human: Human;
  tf: typeof Tf;
}

/**
 * A Human instance of the benchmark's own, loaded as the engine loads its models; `config` switches on the
 * models that judge a render, which are never the ones the engine used for the step being judged.
 */
export function loadJudge(config: Partial<Config>): Promise<Judge> {
  return loadHuman({
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
  });
}
