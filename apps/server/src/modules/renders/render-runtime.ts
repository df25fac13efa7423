import type { RenderEngine } from '@tryon/engine';
import type { FastifyInstance } from 'fastify';
import { InProcessQueue } from './queue/in-process-queue.ts';
import type { RenderQueue } from './queue/render-queue.ts';
import { RenderProcessor } from './render-processor.ts';

const POLL_MS = 1000;
const RETRY_DELAYS_MS = [2_000, 15_000] as const;

/** The processor of render jobs, as the API process or a worker process runs it. */
export function createProcessor(app: FastifyInstance, engine: RenderEngine): RenderProcessor {
  const { config, services } = app;
  return new RenderProcessor(
    app.db.db,
    services.rendersRepository,
    services.catalogRepository,
    services.renderCharge,
    services.storage,
    engine,
    services.renderEvents,
    app.clock,
    app.log,
    {
      timeoutMs: config.RENDER_TIMEOUT_SECONDS * 1000,
      maxAttempts: config.RENDER_MAX_ATTEMPTS,
      retryDelaysMs: RETRY_DELAYS_MS,
    },
  );
}

/**
 * Embedded mode: renders run in this process from the database queue. The engine starts in the background
 * (loading models takes a moment), and renders wait for it.
 */
export function startInProcessRendering(app: FastifyInstance, engine: RenderEngine): RenderQueue {
  const started = engine.start();
  started.catch((error: unknown) => app.log.error({ err: error }, 'render engine failed to start'));
  const ready: RenderEngine = {
    name: engine.name,
    start: () => started,
    renderTryOn: async (input, options) => (await started, engine.renderTryOn(input, options)),
    renderLook: async (input, options) => (await started, engine.renderLook(input, options)),
    close: () => engine.close(),
  };
  const queue = new InProcessQueue(
    app.services.rendersRepository,
    createProcessor(app, ready),
    app.clock,
    app.log,
    { concurrency: app.config.RENDER_CONCURRENCY ?? app.config.ENGINE_WORKERS, pollMs: POLL_MS },
  );
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => {
    await queue.close();
    await engine.close();
  });
  return queue;
}
