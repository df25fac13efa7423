import type { PersonInspection, RefusalCode } from '../../engine.ts';

/** What the engine asks a render worker to do. */
export type RenderRequest =
  | { kind: 'tryon'; person: Uint8Array; garment: Uint8Array; category?: string }
  | { kind: 'look'; face: Uint8Array; model: Uint8Array }
  | { kind: 'inspect'; image: Uint8Array };

/** How a render worker answers one request. */
export type RenderReply =
  | { kind: 'done'; bytes: Uint8Array; width: number; height: number; contentType: 'image/webp' }
  | { kind: 'refused'; code: RefusalCode; message: string }
  | ({ kind: 'inspected' } & PersonInspection)
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

/** Messages between the pool and any worker it runs. */
export type ToWorker<Req> = { id: number; request: Req };
export type FromWorker<Res> =
  | { type: 'ready' }
  | { type: 'start-failed'; message: string }
  | { type: 'reply'; id: number; reply: Res };

/** `workerData` of a pool worker: a flag the pool raises (1) to cancel the request in progress. */
export interface PoolWorkerData {
  cancel: SharedArrayBuffer;
}
