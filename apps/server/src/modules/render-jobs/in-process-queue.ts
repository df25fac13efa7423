import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { DueJobs, JobRunner, RenderQueue } from './render-queue.ts';

export interface InProcessQueueOptions {
  /** Renders run at once in this process. */
  concurrency: number;
  /** How often the database is asked for due renders (retries, renders of a process that died). */
  pollMs: number;
  /** What the jobs are, for the log. */
  name?: string;
}

/**
 * The embedded queue: the renders table (or any table of job rows, such as webhook deliveries) is the queue. Jobs survive a restart because they are rows; every
 * process that runs one claims each attempt with a conditional update, so several can share a database.
 */
export class InProcessQueue implements RenderQueue {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private filling = false;
  private again = false;
  private closed = false;

  /** Set by `start` in a process that runs renders; until then renders wait in the table. */
  private processor: JobRunner | null = null;

  private readonly renders: DueJobs;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly options: InProcessQueueOptions;

  constructor(renders: DueJobs, clock: Clock, log: FastifyBaseLogger, options: InProcessQueueOptions) {
    this.renders = renders;
    this.clock = clock;
    this.log = log;
    this.options = options;
  }

  start(processor: JobRunner): void {
    this.processor = processor;
    const poll = setInterval(() => void this.fill(), this.options.pollMs);
    poll.unref();
    this.timers.add(poll);
    void this.fill();
  }

  async enqueue(_id: string, runAfter?: number): Promise<void> {
    if (!this.processor) return;
    if (runAfter === undefined || runAfter <= this.clock.now()) void this.fill();
    else this.wakeAt(runAfter);
  }

  /** Stops taking renders and waits for the running ones, up to `graceMs`; their leases cover the rest. */
  async close(graceMs = 10_000): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight.values()]),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timeout);
  }

  private wakeAt(time: number): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.fill();
      },
      Math.max(0, time - this.clock.now()),
    );
    timer.unref();
    this.timers.add(timer);
  }

  /** Starts due renders until every slot is busy. One fill at a time; a call during one asks for another. */
  private async fill(): Promise<void> {
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = true;
    try {
      do {
        this.again = false;
        const free = this.options.concurrency - this.inFlight.size;
        if (this.closed || !this.processor || free <= 0) break;
        const due = await this.renders.due(this.clock.now(), free + this.inFlight.size);
        const ids = due.filter((id) => !this.inFlight.has(id)).slice(0, free);
        for (const id of ids) this.run(id);
      } while (this.again);
    } catch (error) {
      this.log.warn(
        { err: error, queue: this.options.name ?? 'renders' },
        'queue could not read due jobs; will retry',
      );
    } finally {
      this.filling = false;
    }
  }

  private run(id: string): void {
    if (!this.processor) return;
    const job = this.processor
      .run(id)
      .then((result) => {
        if (result.outcome === 'retry') this.wakeAt(result.runAfter);
      })
      .catch((error: unknown) =>
        this.log.error({ err: error, jobId: id, queue: this.options.name ?? 'renders' }, 'job crashed'),
      )
      .finally(() => {
        this.inFlight.delete(id);
        if (!this.closed) void this.fill();
      });
    this.inFlight.set(id, job);
  }
}
