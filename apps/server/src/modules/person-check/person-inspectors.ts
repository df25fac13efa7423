import type { PersonInspection, RenderEngine } from '@tryon/engine';
import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type BullSettings, withinMs } from '../render-jobs/bullmq-queue.ts';
import type { PersonInspector } from './person-check.service.ts';

/** The BullMQ queue of person checks, beside `renders` under the same prefix. */
export const PERSON_CHECK_QUEUE = 'person-checks';
/** A check still waiting after this long has no caller any more: the worker drops it. */
const STALE_MS = 60_000;
const ADD_TIMEOUT_MS = 2000;

/** Embedded mode: the engine in this process, the one render jobs use (its models are loaded once). */
export function engineInspector(engine: RenderEngine): PersonInspector | null {
  const inspect = engine.inspectPerson?.bind(engine);
  if (!inspect) return null;
  return { inspect: (image, timeoutMs) => inspect(image, { signal: AbortSignal.timeout(timeoutMs) }) };
}

/**
 * Scaled out (REDIS_URL): the API process has no models, so it asks a render worker, request and reply
 * through a BullMQ queue: the job carries the photo, the worker answers the count as the job's return value,
 * and the API waits for it with `waitUntilFinished` up to the timeout. A check nobody took is removed.
 */
export class BullPersonInspector implements PersonInspector {
  private readonly redis: Redis;
  private readonly queue: Queue;
  private readonly events: QueueEvents;

  constructor(settings: BullSettings) {
    this.redis = new Redis(settings.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2000,
    });
    this.redis.on('error', () => {});
    this.queue = new Queue(PERSON_CHECK_QUEUE, { connection: this.redis, prefix: settings.prefix });
    this.queue.on('error', () => {});
    this.events = new QueueEvents(PERSON_CHECK_QUEUE, {
      connection: { url: settings.redisUrl, maxRetriesPerRequest: null },
      prefix: settings.prefix,
    });
    this.events.on('error', () => {});
  }

  async inspect(image: Buffer, timeoutMs: number): Promise<PersonInspection> {
    await this.events.waitUntilReady();
    const job = await withinMs(
      ADD_TIMEOUT_MS,
      this.queue.add(
        'inspect',
        { image: image.toString('base64') },
        { attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: 60 } },
      ),
    );
    try {
      return (await job.waitUntilFinished(this.events, timeoutMs)) as PersonInspection;
    } catch (error) {
      await job.remove().catch(() => undefined);
      throw error;
    }
  }

  async close(): Promise<void> {
    await withinMs(ADD_TIMEOUT_MS, Promise.all([this.queue.close(), this.events.close()])).catch(
      () => undefined,
    );
    this.redis.disconnect();
  }
}

/** A render worker process answers person checks with its engine, beside its render jobs. */
export function startPersonCheckWorker(
  settings: BullSettings,
  engine: RenderEngine,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const inspect = engine.inspectPerson?.bind(engine);
  if (!inspect) return async () => {};
  const worker = new Worker(
    PERSON_CHECK_QUEUE,
    async (job: Job<{ image: string }>) => {
      if (Date.now() - job.timestamp > STALE_MS) throw new Error('stale person check: nobody waits for it');
      return inspect(Buffer.from(job.data.image, 'base64'), { signal: AbortSignal.timeout(STALE_MS) });
    },
    {
      connection: { url: settings.redisUrl, maxRetriesPerRequest: null },
      prefix: settings.prefix,
      concurrency: 2,
    },
  );
  worker.on('error', (err) => log.warn({ err }, 'person checks: Redis error; retrying'));
  return () => worker.close();
}
