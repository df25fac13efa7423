import { useCallback, useEffect, useRef, useState } from 'react';
import { appendPage, isLastPage } from './append-page.ts';

export interface PagedListOptions<T, E> {
  /** Loads one page; resolves with its items, or rejects/returns an error. */
  fetchPage: (offset: number, limit: number) => Promise<{ items: T[] } | { error: E }>;
  pageSize: number;
  idOf: (item: T) => string;
  /** A change (new search, filter) empties the list and starts again at offset 0. */
  resetKey: string;
  /** False while what the list needs (account data) is not there yet. */
  enabled?: boolean;
}

export interface PagedList<T, E> {
  items: T[];
  loading: boolean;
  error: E | undefined;
  hasMore: boolean;
  loadMore: () => void;
  /** Empties the list and loads the first page again (after an add). */
  reset: () => void;
  remove: (id: string) => void;
  replace: (item: T) => void;
}

interface State<T, E> {
  items: T[];
  offset: number;
  hasMore: boolean;
  loading: boolean;
  error: E | undefined;
  generation: number;
}

const fresh = <T, E>(generation: number): State<T, E> => ({
  items: [],
  offset: 0,
  hasMore: true,
  loading: false,
  error: undefined,
  generation,
});

/** An infinite list: pages appended without duplicates, one request at a time, reset on a new query. */
export function usePagedList<T, E>(options: PagedListOptions<T, E>): PagedList<T, E> {
  const { fetchPage, pageSize, idOf, resetKey, enabled = true } = options;
  const [state, setState] = useState<State<T, E>>(() => fresh(0));
  const stateRef = useRef(state);
  stateRef.current = state;
  /** The generation whose page is being fetched, so one request runs at a time per query. */
  const inFlight = useRef<number | null>(null);
  const optionsRef = useRef({ fetchPage, idOf, pageSize });
  optionsRef.current = { fetchPage, idOf, pageSize };

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (inFlight.current === current.generation || !current.hasMore || current.error !== undefined) return;
    const { generation, offset } = current;
    inFlight.current = generation;
    const settle = () => {
      if (inFlight.current === generation) inFlight.current = null;
    };
    setState((s) => ({ ...s, loading: true }));
    const { fetchPage: load, idOf: id, pageSize: size } = optionsRef.current;
    load(offset, size).then(
      (result) => {
        settle();
        setState((s) => {
          // A reset while the page was on its way: the answer belongs to the old query.
          if (s.generation !== generation) return s;
          if ('error' in result) return { ...s, loading: false, error: result.error };
          return {
            ...s,
            loading: false,
            items: appendPage(s.items, result.items, id),
            offset: offset + result.items.length,
            hasMore: !isLastPage(result.items.length, size),
          };
        });
      },
      (error: E) => {
        settle();
        setState((s) => (s.generation === generation ? { ...s, loading: false, error } : s));
      },
    );
  }, []);

  const reset = useCallback(() => setState((s) => fresh(s.generation + 1)), []);

  const lastKey = useRef(resetKey);
  useEffect(() => {
    if (lastKey.current === resetKey) return;
    lastKey.current = resetKey;
    reset();
  }, [resetKey, reset]);

  // The first page of each generation loads on its own; later ones when the grid end comes into view.
  useEffect(() => {
    if (enabled && state.items.length === 0 && state.offset === 0 && state.hasMore && !state.loading)
      loadMore();
  }, [enabled, state, loadMore]);

  // The server's list shrinks by the removed item, so the next page starts one earlier.
  const remove = useCallback(
    (id: string) =>
      setState((s) => {
        const items = s.items.filter((item) => optionsRef.current.idOf(item) !== id);
        return items.length === s.items.length ? s : { ...s, items, offset: Math.max(0, s.offset - 1) };
      }),
    [],
  );
  const replace = useCallback(
    (next: T) =>
      setState((s) => {
        const id = optionsRef.current.idOf(next);
        return { ...s, items: s.items.map((item) => (optionsRef.current.idOf(item) === id ? next : item)) };
      }),
    [],
  );

  return {
    items: state.items,
    loading: state.loading,
    error: state.error,
    hasMore: state.hasMore,
    loadMore,
    reset,
    remove,
    replace,
  };
}
