import { describe, expect, it } from 'vitest';
import { lastAlong } from './ray.ts';

describe('lastAlong', () => {
  /** Hits at steps 1-5 and 8-9 (a gap of two), then 15 (after five misses); the grid ends past 20. */
  const hits = new Set([1, 2, 3, 4, 5, 8, 9, 15]);
  const hit = (step: number): boolean | null => (step > 20 ? null : hits.has(step));

  it('walks through gaps up to the allowed length, and no further', () => {
    expect(lastAlong(100, 2, hit)).toBe(9);
    expect(lastAlong(100, 1, hit)).toBe(5);
    expect(lastAlong(100, 5, hit)).toBe(15);
  });

  it('stops at `max` steps and where the ray leaves its grid', () => {
    expect(lastAlong(8, 2, hit)).toBe(8);
    expect(lastAlong(100, 100, (step) => (step > 20 ? null : true))).toBe(20);
    expect(lastAlong(100, 2, () => false)).toBe(0);
  });
});
