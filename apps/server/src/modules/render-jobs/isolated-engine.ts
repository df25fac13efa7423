import { type ChildProcess, fork } from 'node:child_process';
import {
  abortError,
  EngineError,
  type EngineSettings,
  type RenderEngine,
  type RenderOptions,
  type RenderResult,
  type TryOnInput,
} from '@tryon/engine';

/** A render for the child process. */
export type IsolatedJob =
  | { kind: 'tryon'; input: TryOnInput }
  | { kind: 'look'; input: { face: Buffer; model: Buffer } };

export interface IsolatedRequest {
  settings: EngineSettings;
  job: IsolatedJob;
}

/** The child's one answer. */
export type IsolatedReply =
  | { type: 'done'; result: RenderResult }
  | { type: 'error'; error: { code: EngineError['code']; message: string; retryable: boolean } };

export interface IsolatedEngineOptions {
  settings: EngineSettings;
  /** The child's entry; a test may give its own. */
  script?: URL;
}

const CHILD_SCRIPT = new URL('./isolated-engine-child.mjs', import.meta.url);

/**
 * An engine that runs each render in a child process of its own, which loads the engine's models, renders
 * and exits. Slower (the models load for every render), so it is only for a render whose process vanished
 * while it ran: were its input the cause (a native crash, memory run out), the child dies instead of the
 * server, that is seen and answered as a retryable RENDER_FAILED, and no other render goes down with it.
 */
export class IsolatedEngine implements RenderEngine {
  readonly name: string;
  readonly #settings: EngineSettings;
  readonly #script: URL;
  readonly #children = new Set<ChildProcess>();
  #closed = false;

  constructor(options: IsolatedEngineOptions) {
    this.name = `${options.settings.kind} (own process)`;
    this.#settings = options.settings;
    this.#script = options.script ?? CHILD_SCRIPT;
  }

  /** Nothing to load: each render's child loads the models itself. */
  async start(): Promise<void> {}

  renderTryOn(input: TryOnInput, options?: RenderOptions): Promise<RenderResult> {
    return this.#run({ kind: 'tryon', input }, options?.signal);
  }

  renderLook(input: { face: Buffer; model: Buffer }, options?: RenderOptions): Promise<RenderResult> {
    return this.#run({ kind: 'look', input }, options?.signal);
  }

  /** Stops the children still rendering; their renders fail as retryable. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const child of this.#children) child.kill('SIGKILL');
  }

  #run(job: IsolatedJob, signal: AbortSignal | undefined): Promise<RenderResult> {
    if (this.#closed) {
      return Promise.reject(new EngineError('ENGINE_UNAVAILABLE', 'The render engine is closed.', true));
    }
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<RenderResult>((resolve, reject) => {
      const child = fork(this.#script, [], {
        // Not this process's flags (an --eval, a loader): the entry registers what it needs.
        execArgv: [],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      this.#children.add(child);
      let reply: IsolatedReply | undefined;
      let aborted: EngineError | undefined;
      const onAbort = () => {
        aborted = abortError(signal as AbortSignal);
        child.kill('SIGKILL');
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      child.on('message', (message: IsolatedReply) => {
        reply ??= message;
      });
      child.on('error', () => {
        // Fork failed, or a message could not be sent: 'exit' (or 'close') follows and answers.
      });
      child.on('close', (code, killedBy) => {
        this.#children.delete(child);
        signal?.removeEventListener('abort', onAbort);
        if (aborted) reject(aborted);
        else if (reply?.type === 'done') resolve({ ...reply.result, bytes: asBuffer(reply.result.bytes) });
        else if (reply?.type === 'error') {
          const { code: errorCode, message, retryable } = reply.error;
          reject(new EngineError(errorCode, message, retryable));
        } else {
          const how = killedBy ? `signal ${killedBy}` : `exit code ${code}`;
          reject(new EngineError('RENDER_FAILED', `The render's own process stopped (${how}).`, true));
        }
      });
      const request: IsolatedRequest = { settings: this.#settings, job };
      child.send(request);
    });
  }
}

/** Bytes that crossed the process boundary may arrive as a plain Uint8Array. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
