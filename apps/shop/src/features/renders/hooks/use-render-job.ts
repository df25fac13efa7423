import { errorCodeOf, type Result } from '@tryon/client';
import type { RenderStatus } from '@tryon/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../../../lib/api/api-context.tsx';
import { errorText, renderErrorText } from '../../../lib/api/error-text.ts';
import type { Call, Tag } from '../../../lib/api/query-cache.ts';

interface Rendered {
  status: RenderStatus;
  errorCode: string | null;
}

export type JobPhase = 'idle' | 'starting' | RenderStatus;

export interface RenderJob<T> {
  phase: JobPhase;
  item: T | undefined;
  /** What went wrong, translated: a refused start or a failed render. */
  failure: string | undefined;
  /** Its code: the refusal's errorCodeStr (or the transport failure's), or the render's errorCode. */
  code: string | null;
  /**
   * When the shopper pressed the button (ms), for the progress shown while the job renders; 0 for an earlier
   * result shown again, which this page did not run.
   */
  startedAt: number;
}

/** A wait call that times out on the way is asked again; other failures end the job. */
const MAX_WAIT_RETRIES = 3;

/**
 * Starts a try-on or look and follows it until it is done or failed: created queued (202), then waited for
 * with `?wait=20`, which answers as soon as the render finishes. `invalidates` are refreshed when it is
 * created and when it is done, so the lists show it.
 */
export function useRenderJob<A, T extends Rendered>(options: {
  start: (call: Call, args: A) => Promise<Result<T>>;
  wait: (call: Call, item: T, signal: AbortSignal) => Promise<Result<T>>;
  invalidates: readonly Tag[];
}) {
  const { call, cache } = useApi();
  const [job, setJob] = useState<RenderJob<T>>({
    phase: 'idle',
    item: undefined,
    failure: undefined,
    code: null,
    startedAt: 0,
  });
  const controller = useRef<AbortController | null>(null);
  const { start, wait, invalidates } = options;

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (args: A): Promise<T | undefined> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const startedAt = Date.now();
      setJob({ phase: 'starting', item: undefined, failure: undefined, code: null, startedAt });
      const created = await start(call, args);
      if (abort.signal.aborted) return undefined;
      if (created.error) {
        const code = errorCodeOf(created.error) ?? null;
        setJob({ phase: 'failed', item: undefined, failure: errorText(created.error), code, startedAt });
        return undefined;
      }
      cache.invalidate(invalidates);
      let item = created.data;
      let retries = 0;
      while (item.status === 'queued' || item.status === 'running') {
        setJob({ phase: item.status, item, failure: undefined, code: null, startedAt });
        const next = await wait(call, item, abort.signal);
        if (abort.signal.aborted) return undefined;
        if (next.error) {
          if (next.error.status === 'TIMEOUT_ERROR' && retries++ < MAX_WAIT_RETRIES) continue;
          const code = errorCodeOf(next.error) ?? null;
          setJob({ phase: 'failed', item, failure: errorText(next.error), code, startedAt });
          return undefined;
        }
        item = next.data;
      }
      cache.invalidate(invalidates);
      const failure = item.status === 'failed' ? renderErrorText(item.errorCode) : undefined;
      setJob({ phase: item.status, item, failure, code: item.errorCode, startedAt });
      return item;
    },
    [call, cache, start, wait, invalidates],
  );

  /** Shows an earlier result (from the shopper's history) as the current one. */
  const show = useCallback((item: T) => {
    controller.current?.abort();
    setJob({ phase: item.status, item, failure: undefined, code: item.errorCode, startedAt: 0 });
  }, []);

  const reset = useCallback(() => {
    controller.current?.abort();
    setJob({ phase: 'idle', item: undefined, failure: undefined, code: null, startedAt: 0 });
  }, []);

  return { job, run, show, reset };
}
