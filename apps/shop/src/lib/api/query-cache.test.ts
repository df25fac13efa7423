import type { Result } from '@tryon/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, QueryCache, type QueryDef } from './query-cache.ts';

const call = (() => Promise.resolve({ data: null })) as unknown as Call;

function counter(
  name: string,
  tags: QueryDef<string, number>['provides'],
  onSettled?: QueryDef<string, number>['onSettled'],
) {
  let runs = 0;
  const def: QueryDef<string, number> = {
    name,
    provides: tags,
    keepUnusedSeconds: 20,
    run: async () => ({ data: ++runs }) as Result<number>,
    ...(onSettled ? { onSettled } : {}),
  };
  return { def, runs: () => runs };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('query cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches a query once for all its users', async () => {
    const cache = new QueryCache(call);
    const faces = counter('faces', ['Face']);
    const entry = cache.entry(faces.def, 'a');
    cache.subscribe(entry, () => {}, 60);
    cache.subscribe(cache.entry(faces.def, 'a'), () => {}, 60);
    await flush();
    expect(faces.runs()).toBe(1);
    expect(entry.state.data).toBe(1);
  });

  it('fetches again the queries in use whose tags a mutation names, and only those', async () => {
    const cache = new QueryCache(call);
    const faces = counter('faces', ['Face']);
    const looks = counter('looks', ['Look']);
    const models = counter('models', ['Model']);
    for (const q of [faces, looks, models]) cache.subscribe(cache.entry(q.def, 'x'), () => {}, 60);
    await flush();
    cache.invalidate(['Face', 'Look']);
    await flush();
    expect([faces.runs(), looks.runs(), models.runs()]).toEqual([2, 2, 1]);
  });

  it('marks unused queries stale instead, and fetches them on their next use', async () => {
    const cache = new QueryCache(call);
    const looks = counter('looks', ['Look']);
    const stop = cache.subscribe(cache.entry(looks.def, 'x'), () => {}, 60);
    await flush();
    stop();
    cache.invalidate(['Look']);
    await flush();
    expect(looks.runs()).toBe(1);
    cache.subscribe(cache.entry(looks.def, 'x'), () => {}, 60);
    await flush();
    expect(looks.runs()).toBe(2);
  });

  it('keeps unused data for its time, then drops it', async () => {
    vi.useFakeTimers();
    const cache = new QueryCache(call);
    const garment = counter('garment', ['Garment']);
    const entry = cache.entry(garment.def, 'G1');
    const stop = cache.subscribe(entry, () => {}, 20);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(19_000);
    expect(cache.entry(garment.def, 'G1')).toBe(entry);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(cache.entry(garment.def, 'G1')).not.toBe(entry);
  });

  it('tells the definition how each fetch settled', async () => {
    const settled: number[] = [];
    const cache = new QueryCache(call);
    const garment = counter('garment', ['Garment'], (_args, result) => settled.push(result.data ?? -1));
    cache.subscribe(cache.entry(garment.def, 'G1'), () => {}, 20);
    await flush();
    expect(settled).toEqual([1]);
  });
});
