import { describe, expect, it } from 'vitest';
import { bilinear } from './bilinear.ts';

describe('bilinear', () => {
  // A 3 x 2 grid: 0 10 20 / 100 110 120.
  const grid = Float32Array.from([0, 10, 20, 100, 110, 120]);

  it('gives the cells at their centres and blends between them both ways', () => {
    expect(bilinear(grid, 3, 2, 1, 0)).toBe(10);
    expect(bilinear(grid, 3, 2, 0.5, 0)).toBeCloseTo(5);
    expect(bilinear(grid, 3, 2, 1, 0.5)).toBeCloseTo(60);
    expect(bilinear(grid, 3, 2, 1.5, 0.25)).toBeCloseTo(40);
  });

  it('holds the edge value beyond the grid', () => {
    expect(bilinear(grid, 3, 2, -4, -1)).toBe(0);
    expect(bilinear(grid, 3, 2, 9, 7)).toBe(120);
    expect(bilinear(grid, 3, 2, 2.5, 1)).toBe(120);
  });
});
