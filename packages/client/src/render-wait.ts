import type { ErrorCode, Look, TryOn } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { ApiError, unwrap } from './api-error.ts';
import type { Client } from './client.ts';

type Render = TryOn | Look;

/** Seconds the server holds each poll open (its `wait`): under the client's default 30 s call timeout. */
const POLL_WAIT_SECONDS = 20;

export interface WaitOptions {
  /** Give up after this many milliseconds with TIMEOUT_ERROR; 120 s by default. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key, so a retried submit is charged once. */
  idempotencyKey?: string;
  /** Called with each state seen: queued, running, then done or failed. */
  onUpdate?: (item: Render) => void;
  /**
   * Resolution by webhook: called once with the new id and a `deliver` function; call `deliver` with the
   * object of a `tryon.completed`/`tryon.failed` (or look) event when it arrives, and the wait ends at once.
   * Polling goes on meanwhile, so a lost event only costs time. May return a function to unsubscribe.
   */
  notify?: (id: string, deliver: (item: Render) => void) => (() => void) | undefined;
}

const finished = (item: Render) => item.status === 'done' || item.status === 'failed';

/** The done item, or the failed one's error code as an ApiError (for example NO_PERSON). */
function settle<T extends Render>(item: T): T {
  if (item.status === 'done') return item;
  const code = (item.errorCode ?? 'RENDER_FAILED') as ErrorCode;
  throw new ApiError({ status: 422, data: { errorCodeStr: code, errorMessage: item.errorMessage ?? code } });
}

async function waitFor<T extends Render>(
  first: T,
  id: string,
  poll: (waitSeconds: number, signal: AbortSignal) => Promise<T>,
  options: WaitOptions,
): Promise<T> {
  options.onUpdate?.(first);
  if (finished(first)) return settle(first);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const stop = new AbortController();
  const signals = [stop.signal, AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
  const signal = AbortSignal.any(signals);
  const deadline = Date.now() + timeoutMs;
  let unsubscribe: (() => void) | undefined;
  const delivered = new Promise<T>((resolve) => {
    unsubscribe = options.notify?.(id, (item) => resolve(item as T));
  });
  const polled = (async () => {
    // The server holds each get open until the render finishes or `wait` seconds pass: one request per wait.
    const timedOut = () =>
      new ApiError({ status: 'TIMEOUT_ERROR', error: `Not done within ${timeoutMs} ms` });
    for (;;) {
      const left = Math.ceil((deadline - Date.now()) / 1000);
      if (left <= 0) throw timedOut();
      let item: T;
      try {
        item = await poll(Math.min(left, POLL_WAIT_SECONDS), signal);
      } catch (error) {
        throw Date.now() >= deadline ? timedOut() : error;
      }
      if (signal.aborted) return item;
      options.onUpdate?.(item);
      if (finished(item)) return item;
    }
  })();
  try {
    const item = await Promise.race([delivered, polled]);
    if (options.signal?.aborted) throw new ApiError({ status: 'FETCH_ERROR', error: 'Aborted' });
    return settle(item);
  } finally {
    stop.abort();
    unsubscribe?.();
    polled.catch(() => undefined);
  }
}

/**
 * Submits a try-on (a garment on a model or on a shopper's photo) and resolves with it when it is done;
 * rejects with an ApiError typed by code when the call or the render fails (NO_BALANCE, NO_PERSON...).
 */
export async function tryOnAndWait(
  client: Client,
  query: { guid: string; muid?: string; fuid?: string },
  options: WaitOptions = {},
): Promise<TryOn> {
  const headers = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined;
  const first = unwrap(
    await client.call(
      routeTable.tryOns.add,
      { query },
      { ...(headers ? { headers } : {}), ...signalOf(options) },
    ),
  );
  return waitFor(
    first,
    first.tuid,
    async (wait, signal) =>
      unwrap(
        await client.call(
          routeTable.tryOns.get,
          { params: { tuid: first.tuid }, query: { wait } },
          { signal },
        ),
      ),
    options,
  );
}

/** Submits a look (a shopper's face on a model) and resolves with it when it is done; see tryOnAndWait. */
export async function lookAndWait(
  client: Client,
  query: { fuid: string; muid: string },
  options: WaitOptions = {},
): Promise<Look> {
  const headers = options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined;
  const first = unwrap(
    await client.call(
      routeTable.looks.add,
      { query },
      { ...(headers ? { headers } : {}), ...signalOf(options) },
    ),
  );
  return waitFor(
    first,
    first.luid,
    async (wait, signal) =>
      unwrap(
        await client.call(
          routeTable.looks.get,
          { params: { luid: first.luid }, query: { wait } },
          { signal },
        ),
      ),
    options,
  );
}

const signalOf = (options: WaitOptions) => (options.signal ? { signal: options.signal } : {});
