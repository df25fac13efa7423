import type { Result } from '@tryon/client';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useApi } from './api-context.tsx';
import { KEEP_UNUSED_SECONDS, type MutationDef, type QueryDef, type QueryState } from './query-cache.ts';

export const skip = Symbol('skip');

const skipped: QueryState<never> = { data: undefined, error: undefined, isLoading: false, isFetching: false };
const noop = () => () => {};

/** The cached answer of a query for these arguments, fetched on first use; `skip` waits for arguments. */
export function useQuery<A, T>(
  def: QueryDef<A, T>,
  args: A | typeof skip,
): QueryState<T> & { refetch: () => void } {
  const { cache } = useApi();
  const key = args === skip ? null : cache.keyOf(def as QueryDef<A, unknown>, args);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the arguments
  const entry = useMemo(() => (args === skip ? null : cache.entry(def, args)), [cache, def, key]);
  const keep = def.keepUnusedSeconds ?? KEEP_UNUSED_SECONDS;
  const subscribe = useCallback(
    (listener: () => void) => (entry ? cache.subscribe(entry, listener, keep) : noop()),
    [cache, entry, keep],
  );
  const state = useSyncExternalStore(subscribe, () => (entry ? entry.state : skipped)) as QueryState<T>;
  const refetch = useCallback(() => entry?.fetch(), [entry]);
  return { ...state, refetch };
}

/**
 * A mutation: `trigger` calls it and, when it succeeds, fetches again the queries in use that carry one of its
 * tags (spec §4). The answer comes back as a Result, so callers show a failure without try/catch.
 */
export function useMutation<A, T>(
  def: MutationDef<A, T>,
): [(args: A) => Promise<Result<T>>, { isLoading: boolean }] {
  const { cache } = useApi();
  const [pending, setPending] = useState(0);
  const trigger = useCallback(
    async (args: A) => {
      setPending((n) => n + 1);
      try {
        const result = await def.run(cache.call, args);
        if (!result.error) cache.invalidate(def.invalidates);
        return result;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [cache, def],
  );
  return [trigger, { isLoading: pending > 0 }];
}
