import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Runtime } from '../../runtime.ts';
import { BullRenderQueue, BullRenderWorker } from '../render-jobs/bullmq-queue.ts';
import { InProcessQueue } from '../render-jobs/in-process-queue.ts';
import { DeliveryProcessor } from './delivery-processor.ts';
import { postWebhook } from './post-webhook.ts';
import { WebhooksRepository } from './webhooks.repository.ts';

const QUEUE = 'webhooks';
const POLL_MS = 500;
const RECONCILE_MS = 30_000;
const CONCURRENCY = 8;

export type WebhookQueue = BullRenderQueue | InProcessQueue;

/** Deliveries wait where renders do: in their table (embedded), or in a BullMQ queue of their own on Redis. */
export function createWebhookQueue(
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
  log: FastifyBaseLogger,
): WebhookQueue {
  if (config.REDIS_URL) {
    return new BullRenderQueue(
      { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, name: QUEUE },
      clock,
      log,
    );
  }
  return new InProcessQueue(new WebhooksRepository(db), clock, log, {
    concurrency: CONCURRENCY,
    pollMs: POLL_MS,
    name: QUEUE,
  });
}

function createProcessor(runtime: Runtime): DeliveryProcessor {
  const { config, services } = runtime;
  return new DeliveryProcessor(
    services.webhooksRepository,
    services.secrets,
    services.imageLinks,
    services.mailer,
    postWebhook,
    runtime.clock,
    runtime.log,
    {
      publicUrl: config.PUBLIC_URL,
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000,
      post: {
        timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
        allowPrivateNetworks: config.URL_IMPORT_ALLOW_PRIVATE,
      },
      productName: 'Tryon',
    },
  );
}

/**
 * Sends deliveries in this process, in the same roles as render jobs: `embedded` from the table (unless
 * REDIS_URL is set: then workers send them), `worker` from BullMQ, with lost jobs found again in the table.
 */
export function startWebhookJobs(runtime: Runtime, role: 'embedded' | 'worker'): () => Promise<void> {
  const queue = runtime.webhookQueue;
  if (role === 'embedded') {
    if (!(queue instanceof InProcessQueue)) return async () => {};
    queue.start(createProcessor(runtime));
    return () => queue.close();
  }
  if (!(queue instanceof BullRenderQueue)) throw new Error('REDIS_URL is needed for a webhook worker');
  const worker = new BullRenderWorker(
    { redisUrl: runtime.config.REDIS_URL ?? '', prefix: runtime.config.REDIS_PREFIX, name: QUEUE },
    queue,
    runtime.services.webhooksRepository,
    createProcessor(runtime),
    runtime.clock,
    runtime.log,
    { concurrency: CONCURRENCY, reconcileMs: RECONCILE_MS, overdueMs: RECONCILE_MS },
  );
  void worker.reconcile();
  return () => worker.close();
}
