import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { BullRenderQueue, BullRenderWorker } from './bullmq-queue.ts';
import { InProcessQueue } from './in-process-queue.ts';
import type { DueJobs, JobRunner } from './render-queue.ts';

/** A kind of background job besides renders (webhook deliveries, imports): its queue and how it is worked. */
export interface JobKind {
  /** The BullMQ queue's name, and the in-process queue's in logs. */
  name: string;
  /** How often the table is read for due jobs (embedded). */
  pollMs: number;
  /** Jobs at once in a process. */
  concurrency: number;
  /** How often a worker looks in the table for jobs Redis lost, and how overdue such a job is. */
  reconcileMs: number;
}

export type JobQueue = BullRenderQueue | InProcessQueue;

/** A job kind's queue: its table, read by this process (embedded), or a BullMQ queue of its own on Redis. */
export function createJobQueue(
  kind: JobKind,
  config: Config,
  jobs: DueJobs,
  clock: Clock,
  log: FastifyBaseLogger,
): JobQueue {
  if (config.REDIS_URL) {
    return new BullRenderQueue(
      { redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, name: kind.name },
      clock,
      log,
    );
  }
  return new InProcessQueue(jobs, clock, log, {
    concurrency: kind.concurrency,
    pollMs: kind.pollMs,
    name: kind.name,
  });
}

/**
 * Works a job kind in this process, in the roles of render jobs: `embedded` from the table (unless REDIS_URL is
 * set: then workers do), `worker` from BullMQ, with jobs Redis lost found again in the table. The returned
 * function stops it: the processor first (`stop`, when it has one), then the queue or worker.
 */
export function startJobKind(
  kind: JobKind,
  context: { config: Config; clock: Clock; log: FastifyBaseLogger },
  queue: JobQueue,
  jobs: DueJobs,
  processor: JobRunner & { stop?(): void },
  role: 'embedded' | 'worker',
): () => Promise<void> {
  if (role === 'embedded') {
    if (!(queue instanceof InProcessQueue)) return async () => {};
    queue.start(processor);
    return () => {
      processor.stop?.();
      return queue.close();
    };
  }
  if (!(queue instanceof BullRenderQueue)) throw new Error(`REDIS_URL is needed for a ${kind.name} worker`);
  const worker = new BullRenderWorker(
    { redisUrl: context.config.REDIS_URL ?? '', prefix: context.config.REDIS_PREFIX, name: kind.name },
    queue,
    jobs,
    processor,
    context.clock,
    context.log,
    { concurrency: kind.concurrency, reconcileMs: kind.reconcileMs, overdueMs: kind.reconcileMs },
  );
  void worker.reconcile();
  return () => {
    processor.stop?.();
    return worker.close();
  };
}
