import { useMemo } from 'react';

/** One page of a list route: `offset`/`limit` in, `items` out. */
export interface Page<T> {
  items: T[];
  nextOffset: number | null;
}

/**
 * Paging of an infinite query (spec §4): from offset 0, each next page where the last ended, and no more once
 * a page comes back shorter than the page size.
 */
export const offsetPaging = (pageSize: number) => ({
  initialPageParam: 0,
  getNextPageParam: (lastPage: Page<unknown>, _pages: Page<unknown>[], lastOffset: number) =>
    lastPage.items.length < pageSize ? undefined : lastOffset + lastPage.items.length,
});

/** What the grids show of an infinite query. */
export interface InfiniteList<T> {
  items: T[];
  /** A page is on its way (the first, a next one, or all of them again after a change). */
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** The part of an RTK Query infinite query result a list reads. */
export interface InfiniteResult<P> {
  data?: { pages: P[] } | undefined;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * The pages as one list, each item once (spec §4: a page repeating items already shown, because the list
 * changed underneath, adds only the new ones).
 */
export function useInfiniteList<P extends Page<unknown>, T>(
  result: InfiniteResult<P>,
  itemsOf: (page: P) => readonly T[],
  idOf: (item: T) => string,
): InfiniteList<T> {
  const { data, isFetching, isError, error, hasNextPage, fetchNextPage, refetch } = result;
  // Screens pass module-level itemsOf and idOf, so the pages alone decide when the list is made again.
  const items = useMemo(() => {
    const seen = new Set<string>();
    const list: T[] = [];
    for (const page of data?.pages ?? []) {
      for (const item of itemsOf(page)) {
        const id = idOf(item);
        if (seen.has(id)) continue;
        seen.add(id);
        list.push(item);
      }
    }
    return list;
  }, [data, itemsOf, idOf]);
  return {
    items,
    loading: isFetching,
    error: isError ? error : undefined,
    hasMore: hasNextPage && !isError,
    loadMore: () => {
      if (!isFetching && hasNextPage && !isError) void fetchNextPage();
    },
    retry: () => void refetch(),
  };
}
