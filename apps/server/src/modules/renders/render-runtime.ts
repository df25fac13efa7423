import type { RenderEngine } from '@tryon/engine';
import type { FastifyInstance } from 'fastify';
import { BullRenderQueue, BullRenderWorker } from './queue/bullmq-queue.ts';
import { InProcessQueue } from './queue/in-process-queue.ts';
import type { RenderQueue } from './queue/render-queue.ts';
import { RenderProcessor } from './render-processor.ts';

const POLL_MS = 1000;
const RECONCILE_MS = 30_000;
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

/** Embedded mode: renders run in this process from the database queue. */
export function startInProcessRendering(app: FastifyInstance, engine: RenderEngine): RenderQueue {
  const stopEngine = startInBackground(app, engine);
  const queue = new InProcessQueue(
    app.services.rendersRepository,
    createProcessor(app, engine),
    app.clock,
    app.log,
    { concurrency: concurrencyOf(app), pollMs: POLL_MS },
  );
  app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => {
    await queue.close();
    await stopEngine();
  });
  return queue;
}

const concurrencyOf = (app: FastifyInstance) => app.config.RENDER_CONCURRENCY ?? app.config.ENGINE_WORKERS;

function bullSettings(app: FastifyInstance) {
  const redisUrl = app.config.REDIS_URL;
  if (!redisUrl) throw new Error('REDIS_URL is needed for the BullMQ queue');
  return { redisUrl, prefix: app.config.REDIS_PREFIX };
}

/** Scaled out, in an API process: jobs go to BullMQ; worker processes run them. */
export function startBullProducer(app: FastifyInstance): BullRenderQueue {
  const queue = new BullRenderQueue(bullSettings(app), app.clock);
  app.addHook('onClose', () => queue.close());
  return queue;
}

export interface RunningWorker {
  /** Re-queues overdue renders now; answers how many. */
  reconcile(): Promise<number>;
  /** Stops taking jobs, waits for the running ones, releases the engine. */
  close(): Promise<void>;
}

/** Scaled out, in a worker process (`npm run worker`): runs render jobs from BullMQ. */
export function startBullWorker(app: FastifyInstance, engine: RenderEngine): RunningWorker {
  const settings = bullSettings(app);
  const queue = new BullRenderQueue(settings, app.clock);
  const stopEngine = startInBackground(app, engine);
  const worker = new BullRenderWorker(
    settings,
    queue,
    app.services.rendersRepository,
    createProcessor(app, engine),
    app.clock,
    app.log,
    { concurrency: concurrencyOf(app), reconcileMs: RECONCILE_MS, overdueMs: RECONCILE_MS },
  );
  void worker.reconcile();
  return {
    reconcile: () => worker.reconcile(),
    async close() {
      await worker.close();
      await queue.close();
      await stopEngine();
    },
  };
}

/**
 * Loading models takes a moment, so the engine starts at boot, in the background; a render that comes first
 * waits for it inside the engine. Answers how to stop it: shutting down while models load is not an error.
 */
function startInBackground(app: FastifyInstance, engine: RenderEngine): () => Promise<void> {
  let closing = false;
  engine.start().catch((error: unknown) => {
    if (!closing) app.log.error({ err: error }, 'render engine failed to start');
  });
  return () => {
    closing = true;
    return engine.close();
  };
}
