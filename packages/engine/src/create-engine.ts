import { createBuiltinEngine } from './builtin/builtin-engine.ts';
import type { RenderEngine } from './engine.ts';
import { createFashnEngine } from './fashn/fashn-engine.ts';

/** Which engine renders, as the server's settings choose it (`ENGINE=`). */
export type EngineSettings =
  | { kind: 'builtin'; workers?: number }
  | {
      kind: 'fashn';
      baseUrl: string;
      apiKey: string;
      modelName?: string;
      pollIntervalMs?: number;
      timeoutMs?: number;
    };

export function createEngine(settings: EngineSettings): RenderEngine {
  switch (settings.kind) {
    case 'builtin':
      return createBuiltinEngine({ workers: settings.workers });
    case 'fashn':
      return createFashnEngine(settings);
  }
}
