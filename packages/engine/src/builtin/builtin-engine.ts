import {
  EngineError,
  type PersonInspection,
  type RenderEngine,
  type RenderOptions,
  type RenderResult,
} from '../engine.ts';
import type { RenderReply, RenderRequest } from './worker/protocol.ts';
import { WorkerPool } from './worker-pool.ts';

export interface BuiltinEngineOptions {
  /** Worker threads, each with its own models (about 400-500 MB) and one render at a time. Default 1. */
  workers?: number;
}

/**
 * The CPU engine: pose and face models (tfjs wasm) and OpenCV in long-lived worker threads, so a render
 * never blocks the server's event loop and models load once.
 */
export function createBuiltinEngine(options: BuiltinEngineOptions = {}): RenderEngine {
  const size = Math.max(1, Math.floor(options.workers ?? 1));
  const pool = new WorkerPool<RenderRequest, RenderReply>({
    script: new URL('./worker/render-worker.mjs', import.meta.url),
    size,
  });
  const render = async (request: RenderRequest, transfer: ArrayBuffer[], opts?: RenderOptions) =>
    toResult(await pool.run(request, transfer, opts?.signal));
  return {
    name: 'builtin',
    start: () => pool.start(),
    renderTryOn: ({ person, garment, garmentCategory }, opts) => {
      const [p, g] = [copy(person), copy(garment)];
      return render(
        { kind: 'tryon', person: p, garment: g, ...(garmentCategory ? { category: garmentCategory } : {}) },
        [p.buffer as ArrayBuffer, g.buffer as ArrayBuffer],
        opts,
      );
    },
    renderLook: ({ face, model }, opts) => {
      const [f, m] = [copy(face), copy(model)];
      return render(
        { kind: 'look', face: f, model: m },
        [f.buffer as ArrayBuffer, m.buffer as ArrayBuffer],
        opts,
      );
    },
    inspectPerson: async (image, opts) => {
      const bytes = copy(image);
      return toInspection(
        await pool.run({ kind: 'inspect', image: bytes }, [bytes.buffer as ArrayBuffer], opts?.signal),
      );
    },
    close: () => pool.close(),
  };
}

/** A private copy whose memory can move to the worker (the caller's Buffer may share a pooled slab). */
const copy = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

function toInspection(reply: RenderReply): PersonInspection {
  if (reply.kind === 'inspected') return { people: reply.people, faces: reply.faces, body: reply.body };
  return (
    toResult(reply) &&
    fail(new EngineError('RENDER_FAILED', 'The worker answered an inspection with a picture.'))
  );
}

function toResult(reply: RenderReply): RenderResult {
  switch (reply.kind) {
    case 'inspected':
      return fail(new EngineError('RENDER_FAILED', 'The worker answered a render with an inspection.'));
    case 'done':
      return {
        bytes: Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.length),
        contentType: reply.contentType,
        width: reply.width,
        height: reply.height,
      };
    case 'refused':
      return fail(new EngineError(reply.code, reply.message, false));
    case 'cancelled':
      return fail(new EngineError('RENDER_FAILED', 'The render was cancelled.', true));
    case 'failed':
      return fail(new EngineError('RENDER_FAILED', `The render failed: ${reply.message}`, true));
  }
}

function fail(error: EngineError): never {
  throw error;
}
