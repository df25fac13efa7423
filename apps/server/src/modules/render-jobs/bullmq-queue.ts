import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DueJobs, JobRunner, RenderQueue } from './render-queue.ts';

export interface BullSettings {
  redisUrl: string;
  /** Keeps deployments that share a Redis apart. */
  prefix: string;
  /** The BullMQ queue: `renders` unless named (webhook deliveries use their own). */
  name?: string;
}

const connectionOf = (settings: BullSettings) => ({ url: settings.redisUrl, maxRetriesPerRequest: null });

/**
 * The scaled-out queue: API processes add jobs to BullMQ on Redis, worker processes (`npm run worker`) take
 * them. A job carries only the render's id; the row stays the truth, and each attempt is claimed on the row,
 * so a job delivered twice runs once.
 */
export class BullRenderQueue implements RenderQueue {
  readonly queue: Queue;

  private readonly clock: Clock;

  constructor(settings: BullSettings, clock: Clock) {
    this.clock = clock;
    this.queue = new Queue(settings.name ?? 'renders', {
      connection: connectionOf(settings),
      prefix: settings.prefix,
    });
  }

  async enqueue(id: string, runAfter?: number): Promise<void> {
    const delay = runAfter === undefined ? 0 : Math.max(0, runAfter - this.clock.now());
    await this.queue.add(
      this.queue.name,
      { id },
      { delay, removeOnComplete: true, removeOnFail: { count: 1000 }, attempts: 1 },
    );
  }

  close(): Promise<void> {
    return this.queue.close();
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
