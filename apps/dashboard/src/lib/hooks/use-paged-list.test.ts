import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appendPage, isLastPage } from './append-page.ts';
import { usePagedList } from './use-paged-list.ts';

interface Item {
  id: string;
}
const items = (...ids: number[]): Item[] => ids.map((n) => ({ id: `i${n}` }));
const ids = (list: Item[]) => list.map((i) => i.id);

describe('appendPage', () => {
  it('appends a page without the items already there', () => {
    expect(ids(appendPage(items(1, 2, 3), items(3, 4, 4, 5), (i) => i.id))).toEqual([
      'i1',
      'i2',
      'i3',
      'i4',
      'i5',
    ]);
  });
  it('stops when a page is shorter than the page size', () => {
    expect(isLastPage(8, 8)).toBe(false);
    expect(isLastPage(7, 8)).toBe(true);
  });
});

/** A fake server list: `pages` by offset. */
function fakeServer(data: Item[]) {
  return vi.fn(async (offset: number, limit: number) => ({ items: data.slice(offset, offset + limit) }));
}

describe('usePagedList (spec §4)', () => {
  it('loads the first page by itself, then more on request, until a short page', async () => {
    const fetchPage = fakeServer(items(1, 2, 3, 4, 5));
    const { result } = renderHook(() =>
      usePagedList({ fetchPage, pageSize: 2, idOf: (i: Item) => i.id, resetKey: '' }),
    );
    await waitFor(() => expect(ids(result.current.items)).toEqual(['i1', 'i2']));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.hasMore).toBe(false));
    expect(ids(result.current.items)).toEqual(['i1', 'i2', 'i3', 'i4', 'i5']);
    act(() => result.current.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(fetchPage.mock.calls.map(([offset]) => offset)).toEqual([0, 2, 4]);
  });

  it('leaves out items a later page repeats (the list changed underneath)', async () => {
    const pages: Record<number, Item[]> = { 0: items(1, 2), 2: items(2, 3) };
    const fetchPage = vi.fn(async (offset: number) => ({ items: pages[offset] ?? [] }));
    const { result } = renderHook(() =>
      usePagedList({ fetchPage, pageSize: 2, idOf: (i: Item) => i.id, resetKey: '' }),
    );
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.items)).toEqual(['i1', 'i2', 'i3']));
  });

  it('asks for one page at a time', async () => {
    let resolve: (value: { items: Item[] }) => void = () => {};
    const fetchPage = vi.fn(() => new Promise<{ items: Item[] }>((r) => (resolve = r)));
    const { result } = renderHook(() =>
      usePagedList({ fetchPage, pageSize: 2, idOf: (i: Item) => i.id, resetKey: '' }),
    );
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    act(() => result.current.loadMore());
    act(() => result.current.loadMore());
    expect(fetchPage).toHaveBeenCalledTimes(1);
    await act(async () => resolve({ items: items(1, 2) }));
    expect(result.current.items).toHaveLength(2);
  });

  it('empties the list and starts at 0 on a new query, ignoring the old query’s late answer', async () => {
    let answerOld: (value: { items: Item[] }) => void = () => {};
    const fetchPage = vi.fn((offset: number) =>
      offset === 0 && fetchPage.mock.calls.length === 1
        ? new Promise<{ items: Item[] }>((r) => (answerOld = r))
        : Promise.resolve({ items: items(7) }),
    );
    const { result, rerender } = renderHook(
      ({ key }) => usePagedList({ fetchPage, pageSize: 2, idOf: (i: Item) => i.id, resetKey: key }),
      { initialProps: { key: 'old' } },
    );
    rerender({ key: 'new' });
    await waitFor(() => expect(ids(result.current.items)).toEqual(['i7']));
    await act(async () => answerOld({ items: items(1, 2) }));
    expect(ids(result.current.items)).toEqual(['i7']);
  });

  it('removes and replaces items locally; the next page starts one earlier after a removal', async () => {
    const fetchPage = fakeServer(items(1, 2, 3, 4));
    const { result } = renderHook(() =>
      usePagedList({ fetchPage, pageSize: 2, idOf: (i: Item) => i.id, resetKey: '' }),
    );
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.remove('i1'));
    expect(ids(result.current.items)).toEqual(['i2']);
    act(() => result.current.loadMore());
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith(1, 2));
  });

  it('waits while disabled (account data not there yet) and reports an error', async () => {
    const fetchPage = vi.fn(async () => ({ error: 'boom' }));
    const { result, rerender } = renderHook(
      ({ enabled }) =>
        usePagedList({ fetchPage, pageSize: 2, idOf: (i: Item) => i.id, resetKey: '', enabled }),
      { initialProps: { enabled: false } },
    );
    expect(fetchPage).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.error).toBe('boom'));
  });
});
