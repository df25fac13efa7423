import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Runtime } from '../../runtime.ts';
import { createJobQueue, type JobKind, type JobQueue, startJobKind } from '../render-jobs/job-kinds.ts';
import { DeliveryProcessor } from './delivery-processor.ts';
import { postWebhook } from './post-webhook.ts';
import { WebhooksRepository } from './webhooks.repository.ts';

const DELIVERIES: JobKind = { name: 'webhooks', pollMs: 500, concurrency: 8, reconcileMs: 30_000 };

export type WebhookQueue = JobQueue;

/** Deliveries wait where renders do: in their table (embedded), or in a BullMQ queue of their own on Redis. */
export function createWebhookQueue(
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
  log: FastifyBaseLogger,
): WebhookQueue {
  return createJobQueue(DELIVERIES, config, new WebhooksRepository(db), clock, log);
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

/** Sends deliveries in this process, in the roles of render jobs (`startJobKind`). */
export function startWebhookJobs(runtime: Runtime, role: 'embedded' | 'worker'): () => Promise<void> {
  const { webhookQueue, services } = runtime;
  return startJobKind(
    DELIVERIES,
    runtime,
    webhookQueue,
    services.webhooksRepository,
    createProcessor(runtime),
    role,
  );
}
