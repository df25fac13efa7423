import type { RenderEngine } from '@tryon/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Runtime } from '../../runtime.ts';
import { startPersonCheckWorker } from '../person-check/person-inspectors.ts';
import { RendersRepository } from '../renders/renders.repository.ts';
import { BullRenderQueue, BullRenderWorker } from './bullmq-queue.ts';
import { InProcessQueue } from './in-process-queue.ts';
import { IsolatedEngine } from './isolated-engine.ts';
import { RenderProcessor } from './render-processor.ts';

const POLL_MS = 1000;
/** How often BullMQ workers look for renders of dead workers (leases run out) and jobs Redis lost. */
const RECONCILE_MS = 5_000;
/** A queued render this overdue is taken for one whose job Redis lost. */
const OVERDUE_MS = 30_000;
const RETRY_DELAYS_MS = [2_000, 15_000] as const;
/**
 * Attempts whose process vanished under them before a render fails (refunded): many more than RENDER_MAX_ATTEMPTS,
 * as a process killed from outside says nothing of the render, and a render that crashes its process runs in one
 * of its own after the first time (where its crashes count as failed attempts).
 */
const MAX_ABANDONS = 10;
/** Renders wait out a storage outage this long after they were made, then fail (refunded). */
const OUTAGE_GIVE_UP_MS = 30 * 60_000;

/** The queue of the settings: BullMQ with REDIS_URL, else the renders table itself. */
export type ConfiguredQueue = BullRenderQueue | InProcessQueue;

const concurrencyOf = (config: Config) => config.RENDER_CONCURRENCY ?? config.ENGINE_WORKERS;

/** Built before the services, which enqueue into it; nothing runs until `startRenderJobs`. */
export function createRenderQueue(
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
  log: FastifyBaseLogger,
): ConfiguredQueue {
  if (config.REDIS_URL)
    return new BullRenderQueue({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX }, clock, log);
  return new InProcessQueue(new RendersRepository(db), clock, log, {
    concurrency: concurrencyOf(config),
    pollMs: POLL_MS,
  });
}

/** The processor of render jobs, as the API process or a worker process runs it. */
function createProcessor(
  runtime: Runtime,
  engine: RenderEngine,
  isolated: RenderEngine | undefined,
): RenderProcessor {
  const { config, services } = runtime;
  return new RenderProcessor(
    runtime.db.db,
    services.rendersRepository,
    services.catalogRepository,
    services.renderCharge,
    services.storage,
    engine,
    services.renderEvents,
    services.renderWebhooks,
    runtime.clock,
    runtime.log,
    {
      timeoutMs: config.RENDER_TIMEOUT_SECONDS * 1000,
      maxAttempts: config.RENDER_MAX_ATTEMPTS,
      retryDelaysMs: RETRY_DELAYS_MS,
      maxAbandons: MAX_ABANDONS,
      leaseMs: config.RENDER_LEASE_SECONDS * 1000,
      outageGiveUpMs: OUTAGE_GIVE_UP_MS,
    },
    isolated,
  );
}

export interface RenderJobs {
  /** Re-queues overdue renders now (BullMQ workers); answers how many. */
  reconcile(): Promise<number>;
  /** Stops taking jobs, waits for the running ones, releases the engine. */
  close(): Promise<void>;
}

/**
 * Runs render jobs in this process. `embedded`: from the database queue, unless REDIS_URL is set, when API
 * processes only queue (and start no engine). `worker` (`npm run worker`): from BullMQ. `isolatedEngine`: see
 * `RuntimeOptions`.
 */
export function startRenderJobs(
  runtime: Runtime,
  engine: RenderEngine,
  role: 'embedded' | 'worker',
  isolatedEngine?: RenderEngine,
): RenderJobs {
  const { queue } = runtime;
  if (role === 'embedded' && !(queue instanceof InProcessQueue))
    return { reconcile: async () => 0, close: async () => {} };
  if (role === 'worker' && !(queue instanceof BullRenderQueue))
    throw new Error('REDIS_URL is needed for a render worker');
  // Renders are claimed once the engine's models are loaded, so an attempt counts only when a render really
  // ran: a process killed while it starts (a crash loop, a deploy) costs the queued renders none.
  const engineJobs = startInBackground(runtime, engine);
  // The built-in engine renders in this process, so a crash of its would take the process down; a remote
  // engine's (FASHN) cannot.
  const isolated =
    isolatedEngine ??
    (engine.name === 'builtin' ? new IsolatedEngine({ settings: { kind: 'builtin' } }) : undefined);
  let closing = false;
  if (queue instanceof InProcessQueue) {
    void engineJobs.ready.then(() => {
      if (!closing) queue.start(createProcessor(runtime, engine, isolated));
    });
    return {
      reconcile: async () => 0,
      async close() {
        closing = true;
        await queue.close();
        await isolated?.close();
        await engineJobs.stop();
      },
    };
  }
  const redisUrl = runtime.config.REDIS_URL ?? '';
  // Until then jobs stay in Redis for workers that are ready.
  let worker: BullRenderWorker | undefined;
  const started = engineJobs.ready.then(() => {
    if (closing) return;
    worker = new BullRenderWorker(
      { redisUrl, prefix: runtime.config.REDIS_PREFIX },
      queue,
      runtime.services.rendersRepository,
      createProcessor(runtime, engine, isolated),
      runtime.clock,
      runtime.log,
      { concurrency: concurrencyOf(runtime.config), reconcileMs: RECONCILE_MS, overdueMs: OVERDUE_MS },
    );
    void worker.reconcile();
  });
  const stopChecks = startPersonCheckWorker(
    { redisUrl, prefix: runtime.config.REDIS_PREFIX },
    engine,
    runtime.log,
  );
  return {
    reconcile: async () => {
      await started;
      return (await worker?.reconcile()) ?? 0;
    },
    async close() {
      closing = true;
      await stopChecks();
      await worker?.close();
      await isolated?.close();
      await engineJobs.stop();
    },
  };
}

/**
 * Loading models takes a moment, so the engine starts at boot, in the background. `ready` resolves once it
 * has started or failed to (renders then fail as retryable, as they would had it failed later); `stop` stops
 * it: shutting down while models load is not an error.
 */
function startInBackground(
  runtime: Runtime,
  engine: RenderEngine,
): { ready: Promise<void>; stop(): Promise<void> } {
  let closing = false;
  const ready = engine.start().catch((error: unknown) => {
    if (!closing) runtime.log.error({ err: error }, 'render engine failed to start');
  });
  return {
    ready,
    stop: () => {
      closing = true;
      return engine.close();
    },
  };
}
