import { describe, expect, it } from 'vitest';
import { median, percentile } from './statistics.ts';

describe('median and percentile', () => {
  it('takes the middle value, the upper one of an even count, by value not by text', () => {
    expect(median([9, 1, 10, 2, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([100, 20, 3])).toBe(20);
    expect(median([])).toBeUndefined();
  });

  it('reads a share of the way up, the lower of two values', () => {
    const values = [50, 10, 40, 20, 30];
    expect(percentile(values, 0)).toBe(10);
    expect(percentile(values, 0.1)).toBe(10);
    expect(percentile(values, 0.5)).toBe(30);
    expect(percentile(values, 0.9)).toBe(40);
    expect(percentile(values, 1)).toBe(50);
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2);
    expect(percentile([], 0.5)).toBe(0);
  });
});
