import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.ts';
import type { DueJobs, JobRunner, RenderQueue } from './render-queue.ts';

export interface BullSettings {
  redisUrl: string;
  /** Keeps deployments that share a Redis apart. */
  prefix: string;
  /** The BullMQ queue: `renders` unless named (webhook deliveries use their own). */
  name?: string;
}

/** An add or a close that Redis does not answer in this long is given up (BullMQ waits for ever). */
const ENQUEUE_TIMEOUT_MS = 2000;
/** Jobs a process keeps to add again once Redis is back; past this, the workers' reconcile finds the rest. */
const UNSENT_MAX = 10_000;

export function withinMs<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Workers wait for Redis as long as it takes. */
const connectionOf = (settings: BullSettings) => ({ url: settings.redisUrl, maxRetriesPerRequest: null });
/**
 * API processes only add jobs: offline, an add fails at once (the row is queued; a worker finds it). The
 * connection is ours, so closing can drop it even when BullMQ's own close waits for a Redis that is gone.
 */
const producerConnectionOf = (settings: BullSettings) =>
  new Redis(settings.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });

/**
 * The scaled-out queue: API processes add jobs to BullMQ on Redis, worker processes (`npm run worker`) take
 * them. A job carries only the render's id; the row stays the truth, and each attempt is claimed on the row,
 * so a job delivered twice runs once.
 */
export class BullRenderQueue implements RenderQueue {
  readonly queue: Queue;
  private readonly redis: Redis;
  /** Jobs Redis did not take (id to the time they are due), added again as soon as it answers. */
  private readonly unsent = new Map<string, number | undefined>();

  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor(settings: BullSettings, clock: Clock, log: FastifyBaseLogger) {
    this.clock = clock;
    this.log = log;
    this.redis = producerConnectionOf(settings);
    this.redis.on('error', () => {});
    this.redis.on('ready', () => void this.resend());
    this.queue = new Queue(settings.name ?? 'renders', { connection: this.redis, prefix: settings.prefix });
    // Without a listener an unreachable Redis would crash the process; the failed adds say it already.
    this.queue.on('error', () => {});
  }

  /**
   * Adds the job; when Redis cannot take it, the render stays queued in the database and this process adds the
   * job again once Redis answers (a worker's reconcile finds it if this process is gone by then), so the
   * caller's request still succeeds and the render runs within seconds of Redis being back.
   */
  async enqueue(id: string, runAfter?: number): Promise<void> {
    const delay = runAfter === undefined ? 0 : Math.max(0, runAfter - this.clock.now());
    try {
      await withinMs(
        ENQUEUE_TIMEOUT_MS,
        this.queue.add(
          this.queue.name,
          { id },
          { delay, removeOnComplete: true, removeOnFail: { count: 1000 }, attempts: 1 },
        ),
      );
    } catch (error) {
      if (this.unsent.size < UNSENT_MAX) this.unsent.set(id, runAfter);
      this.log.warn(
        { err: error, jobId: id, queue: this.queue.name },
        'job not queued (Redis unreachable); queued again once it answers',
      );
    }
  }

  private async resend(): Promise<void> {
    for (const [id, runAfter] of [...this.unsent]) {
      this.unsent.delete(id);
      await this.enqueue(id, runAfter);
    }
  }

  /** Closes the connection; with Redis unreachable, drops it (there is nothing to flush). */
  async close(): Promise<void> {
    await withinMs(ENQUEUE_TIMEOUT_MS, this.queue.close()).catch(() => undefined);
    this.redis.disconnect();
  }
}

export interface BullWorkerOptions {
  concurrency: number;
  /** How often the database is asked for renders whose job was lost (Redis flushed, a failed add). */
  reconcileMs: number;
  /** A queued render this overdue is assumed lost and queued again. */
  overdueMs: number;
}

/** Runs render jobs from BullMQ, and re-queues renders that the database has and Redis lost. */
export class BullRenderWorker {
  private readonly worker: Worker;
  private readonly timer: NodeJS.Timeout;

  private readonly queue: BullRenderQueue;
  private readonly renders: DueJobs;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly options: BullWorkerOptions;

  constructor(
    settings: BullSettings,
    queue: BullRenderQueue,
    renders: DueJobs,
    processor: JobRunner,
    clock: Clock,
    log: FastifyBaseLogger,
    options: BullWorkerOptions,
  ) {
    this.queue = queue;
    this.renders = renders;
    this.clock = clock;
    this.log = log;
    this.options = options;
    this.worker = new Worker(
      settings.name ?? 'renders',
      async (job) => {
        const id = (job.data as { id: string }).id;
        const result = await processor.run(id);
        if (result.outcome === 'retry') await queue.enqueue(id, result.runAfter);
        return result.outcome;
      },
      { connection: connectionOf(settings), prefix: settings.prefix, concurrency: options.concurrency },
    );
    this.worker.on('failed', (job, err) => this.log.error({ err, jobId: job?.id }, 'job crashed'));
    this.worker.on('error', (err) => this.log.warn({ err }, 'worker: Redis error; retrying'));
    this.timer = setInterval(() => void this.reconcile(), options.reconcileMs);
    this.timer.unref();
  }

  /** Queues again the renders that should have run by now; a duplicate is harmless (claims are atomic). */
  async reconcile(): Promise<number> {
    try {
      const ids = await this.renders.due(this.clock.now(), 500, this.options.overdueMs);
      for (const id of ids) await this.queue.enqueue(id);
      return ids.length;
    } catch (error) {
      this.log.warn(
        { err: error, queue: this.queue.queue.name },
        'could not re-queue overdue jobs; will retry',
      );
      return 0;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.worker.close();
  }
}
