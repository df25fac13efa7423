import { configureStore } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { offsetPaging, type Page, useInfiniteList } from './infinite-list.ts';

const PAGE = 2;
interface Item {
  id: string;
}

/** A list route over `rows`, answering offset and limit as the server does, and counting the calls. */
function listOver(rows: Item[]) {
  const calls: number[] = [];
  const api = createApi({
    baseQuery: fakeBaseQuery<{ status: number }>(),
    tagTypes: ['Item'],
    endpoints: (build) => ({
      list: build.infiniteQuery<Page<Item>, string, number>({
        infiniteQueryOptions: offsetPaging(PAGE),
        queryFn: ({ pageParam }) => {
          calls.push(pageParam);
          if (rows.length === 0) return { error: { status: 500 } };
          return { data: { items: rows.slice(pageParam, pageParam + PAGE), nextOffset: null } };
        },
        providesTags: ['Item'],
      }),
    }),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (defaults) => defaults().concat(api.middleware),
  });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const itemsOf = (page: Page<Item>) => page.items;
  const idOf = (item: Item) => item.id;
  const hook = renderHook(() => useInfiniteList(api.useListInfiniteQuery(''), itemsOf, idOf), { wrapper });
  return { hook, calls, api, store };
}

const ids = (...names: string[]) => names.map((id) => ({ id }));

describe('infinite lists (spec §4)', () => {
  it('loads the first page by itself, then more on request, until a short page', async () => {
    const { hook, calls } = listOver(ids('a', 'b', 'c', 'd', 'e'));
    await waitFor(() => expect(hook.result.current.items.map((i) => i.id)).toEqual(['a', 'b']));
    expect(hook.result.current.hasMore).toBe(true);
    act(() => hook.result.current.loadMore());
    await waitFor(() => expect(hook.result.current.items).toHaveLength(4));
    act(() => hook.result.current.loadMore());
    await waitFor(() => expect(hook.result.current.items).toHaveLength(5));
    expect(hook.result.current.hasMore).toBe(false);
    act(() => hook.result.current.loadMore());
    expect(calls).toEqual([0, 2, 4]);
  });

  it('leaves out items a later page repeats (the list changed underneath)', async () => {
    const rows = ids('a', 'b', 'c', 'd');
    const { hook } = listOver(rows);
    await waitFor(() => expect(hook.result.current.items).toHaveLength(2));
    rows.unshift({ id: 'new' });
    act(() => hook.result.current.loadMore());
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    expect(hook.result.current.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('loads every page again when its tag is invalidated (an add or a removal)', async () => {
    const rows = ids('a', 'b', 'c', 'd');
    const { hook, calls, api, store } = listOver(rows);
    await waitFor(() => expect(hook.result.current.items).toHaveLength(2));
    act(() => hook.result.current.loadMore());
    await waitFor(() => expect(hook.result.current.items).toHaveLength(4));
    rows.splice(1, 1);
    act(() => void store.dispatch(api.util.invalidateTags(['Item'])));
    await waitFor(() => expect(hook.result.current.items.map((i) => i.id)).toEqual(['a', 'c', 'd']));
    expect(calls).toEqual([0, 2, 0, 2]);
  });

  it('reports an error, with no more pages, until a retry', async () => {
    const rows: Item[] = [];
    const { hook } = listOver(rows);
    await waitFor(() => expect(hook.result.current.error).toEqual({ status: 500 }));
    expect(hook.result.current.hasMore).toBe(false);
    rows.push(...ids('a'));
    act(() => hook.result.current.retry());
    await waitFor(() => expect(hook.result.current.items).toHaveLength(1));
    expect(hook.result.current.error).toBeUndefined();
  });
});
