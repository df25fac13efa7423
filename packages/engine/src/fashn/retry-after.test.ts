import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.ts';

describe('retryAfterMs', () => {
  it('honours Retry-After in seconds and as a date, capped', () => {
    expect(retryAfterMs('3', 0, 10_000)).toBe(3_000);
    expect(retryAfterMs(new Date(61_000).toUTCString(), 0, 120_000, 1_000)).toBe(60_000);
    expect(retryAfterMs('600', 0, 10_000)).toBe(10_000);
  });

  it('backs off exponentially without one', () => {
    expect([0, 1, 2, 3].map((attempt) => retryAfterMs(null, attempt, 5_000))).toEqual([
      1_000, 2_000, 4_000, 5_000,
    ]);
  });
});
