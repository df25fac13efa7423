import { Worker } from 'node:worker_threads';
import { EngineError } from '../engine.ts';
import { abortError } from '../render-error.ts';
import type { FromWorker, PoolWorkerData, ToWorker } from './worker/protocol.ts';

export interface WorkerPoolOptions {
  /** The worker's entry file (plain JS: worker threads start without a TypeScript loader). */
  script: URL;
  size: number;
  /** How long a worker may take to load its models before start fails. */
  startTimeoutMs?: number;
  /** How long a worker may go on after its render was cancelled before it is replaced. */
  cancelGraceMs?: number;
}

interface Job<Req, Res> {
  id: number;
  request: Req;
  transfer: ArrayBuffer[];
  resolve: (reply: Res) => void;
  reject: (error: EngineError) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

interface Slot<Req, Res> {
  worker: Worker;
  cancel: Int32Array;
  ready: boolean;
  /** The job in progress; `settled` once its caller has been answered (a cancelled job still runs). */
  job: { job: Job<Req, Res>; settled: boolean; grace?: NodeJS.Timeout } | null;
}

/**
 * Long-lived worker threads that keep their models loaded. Requests queue for the next free worker; an
 * aborted request is dropped from the queue or cancelled in its worker; a worker that dies is replaced and
 * its request fails as retryable.
 */
export class WorkerPool<Req, Res> {
  readonly #options: Required<WorkerPoolOptions>;
  readonly #slots = new Set<Slot<Req, Res>>();
  readonly #queue: Job<Req, Res>[] = [];
  #nextId = 1;
  #closed = false;
  #started: Promise<void> | null = null;

  constructor(options: WorkerPoolOptions) {
    this.#options = { startTimeoutMs: 120_000, cancelGraceMs: 5_000, ...options };
  }

  start(): Promise<void> {
    if (this.#closed) return Promise.reject(closedError());
    this.#started ??= Promise.all(Array.from({ length: this.#options.size }, () => this.#spawn())).then(
      () => undefined,
      async (error: unknown) => {
        await this.close();
        throw new EngineError(
          'ENGINE_UNAVAILABLE',
          `The render workers did not start: ${message(error)}`,
          true,
          {
            cause: error,
          },
        );
      },
    );
    return this.#started;
  }

  async run(request: Req, transfer: ArrayBuffer[], signal?: AbortSignal): Promise<Res> {
    if (this.#closed) throw closedError();
    if (signal?.aborted) throw abortError(signal);
    await this.start();
    // Both may have changed while waiting for the workers.
    if (this.#closed) throw closedError();
    if (signal?.aborted) throw abortError(signal);
    return new Promise<Res>((resolve, reject) => {
      const job: Job<Req, Res> = {
        id: this.#nextId++,
        request,
        transfer,
        resolve,
        reject,
        signal,
        onAbort: () => this.#abort(job),
      };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) this.#settle(job, closedError());
    const slots = [...this.#slots];
    this.#slots.clear();
    for (const slot of slots) {
      if (slot.job && !slot.job.settled) this.#settle(slot.job.job, closedError());
      clearTimeout(slot.job?.grace);
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  #spawn(): Promise<void> {
    const cancel = new SharedArrayBuffer(4);
    const workerData: PoolWorkerData = { cancel };
    const worker = new Worker(this.#options.script, { workerData });
    const slot: Slot<Req, Res> = { worker, cancel: new Int32Array(cancel), ready: false, job: null };
    this.#slots.add(slot);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`a worker did not load its models within ${this.#options.startTimeoutMs} ms`));
        void worker.terminate();
      }, this.#options.startTimeoutMs);
      worker.on('message', (msg: FromWorker<Res>) => {
        if (msg.type === 'ready') {
          clearTimeout(timer);
          slot.ready = true;
          resolve();
          this.#dispatch();
        } else if (msg.type === 'start-failed') {
          clearTimeout(timer);
          reject(new Error(msg.message));
        } else {
          this.#reply(slot, msg.id, msg.reply);
        }
      });
      worker.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
        this.#lost(slot, error);
      });
      worker.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`a worker exited with code ${code} while starting`));
        this.#lost(slot, new Error(`exit code ${code}`));
      });
    });
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (!slot.ready || slot.job) continue;
      const job = this.#queue.shift();
      if (!job) return;
      Atomics.store(slot.cancel, 0, 0);
      slot.job = { job, settled: false };
      const message: ToWorker<Req> = { id: job.id, request: job.request };
      slot.worker.postMessage(message, job.transfer);
    }
  }

  #reply(slot: Slot<Req, Res>, id: number, reply: Res): void {
    const current = slot.job;
    if (!current || current.job.id !== id) return;
    clearTimeout(current.grace);
    slot.job = null;
    if (!current.settled) {
      current.job.signal?.removeEventListener('abort', current.job.onAbort);
      current.job.resolve(reply);
    }
    this.#dispatch();
  }

  #abort(job: Job<Req, Res>): void {
    const error = abortError(job.signal as AbortSignal);
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      this.#settle(job, error);
      return;
    }
    for (const slot of this.#slots) {
      if (slot.job?.job !== job || slot.job.settled) continue;
      // The worker stops at its next checkpoint; if it does not come back soon, it is replaced.
      Atomics.store(slot.cancel, 0, 1);
      slot.job.settled = true;
      slot.job.grace = setTimeout(() => this.#replace(slot), this.#options.cancelGraceMs);
      job.reject(error);
    }
  }

  /** A worker died (crash, out of memory, terminated): fail its render as retryable and start another. */
  #lost(slot: Slot<Req, Res>, error: unknown): void {
    if (!this.#slots.delete(slot)) return;
    clearTimeout(slot.job?.grace);
    if (slot.job && !slot.job.settled) {
      this.#settle(
        slot.job.job,
        new EngineError('RENDER_FAILED', `The render worker stopped: ${message(error)}`, true, {
          cause: error,
        }),
      );
    }
    if (this.#closed || !slot.ready) return;
    this.#spawn().catch((spawnError: unknown) => {
      if (this.#slots.size > 0) return;
      for (const job of this.#queue.splice(0)) {
        this.#settle(
          job,
          new EngineError(
            'ENGINE_UNAVAILABLE',
            `No render worker could be started: ${message(spawnError)}`,
            true,
          ),
        );
      }
    });
  }

  #replace(slot: Slot<Req, Res>): void {
    void slot.worker.terminate();
    this.#lost(slot, new Error('it did not stop after its render was cancelled'));
  }

  #settle(job: Job<Req, Res>, error: EngineError): void {
    job.signal?.removeEventListener('abort', job.onAbort);
    job.reject(error);
  }
}

const closedError = (): EngineError =>
  new EngineError('ENGINE_UNAVAILABLE', 'The render engine is closed.', false);
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
