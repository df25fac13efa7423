import { createEngine, type RenderEngine } from '@tryon/engine';
import type { Config } from '../../config.ts';

/** The engine that ENGINE names, with its settings. */
export function engineFromConfig(config: Config): RenderEngine {
  if (config.ENGINE === 'fashn') {
    return createEngine({
      kind: 'fashn',
      baseUrl: config.FASHN_API_URL,
      apiKey: config.FASHN_API_KEY ?? '',
      ...(config.FASHN_MODEL_NAME ? { modelName: config.FASHN_MODEL_NAME } : {}),
      timeoutMs: config.RENDER_TIMEOUT_SECONDS * 1000,
    });
  }
  return createEngine({ kind: 'builtin', workers: config.ENGINE_WORKERS });
}
