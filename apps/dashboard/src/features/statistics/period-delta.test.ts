import { describe, expect, it } from 'vitest';
import { periodDelta } from './period-delta.ts';

describe('period delta', () => {
  it('says how a figure moved against the previous period', () => {
    expect(periodDelta(5, 5)).toEqual({ kind: 'same' });
    expect(periodDelta(0, 0)).toEqual({ kind: 'same' });
    expect(periodDelta(3, 0)).toEqual({ kind: 'new' });
    expect(periodDelta(15, 10)).toEqual({ kind: 'up', percent: 50 });
    expect(periodDelta(0, 4)).toEqual({ kind: 'down', percent: 100 });
    expect(periodDelta(2, 3)).toEqual({ kind: 'down', percent: 33 });
  });
});
