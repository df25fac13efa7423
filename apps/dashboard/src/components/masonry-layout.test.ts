import { describe, expect, it } from 'vitest';
import { masonryLayout } from './masonry-layout.ts';

describe('masonryLayout', () => {
  it('gives the spec columns at the windows the issue measured', () => {
    const widths = [360, 560, 760, 910, 1160, 1360];
    expect(widths.map((w) => masonryLayout(w).columns)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('changes exactly at each breakpoint, one column below 350 px', () => {
    expect([349, 350, 549, 550, 1349, 1350].map((w) => masonryLayout(w).columns)).toEqual([1, 2, 2, 3, 6, 7]);
  });

  it('widens the gutter from 12 to 16 at 750 and 24 at 900', () => {
    expect([320, 749, 750, 899, 900].map((w) => masonryLayout(w).gutter)).toEqual([12, 12, 16, 16, 24]);
  });
});
