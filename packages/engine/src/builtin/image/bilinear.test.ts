import { describe, expect, it } from 'vitest';
import { bilinear, bilinearRgb } from './bilinear.ts';

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

describe('bilinearRgb', () => {
  // A 2 x 2 grid of colours: red, green / blue, white.
  const rgb = Float32Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]);
  const out = new Float32Array(3);

  it('blends the four colours round the point by their weights', () => {
    expect(bilinearRgb(rgb, 2, 2, 0.5, 0.5, null, out)).toBe(true);
    expect(Array.from(out)).toEqual([127.5, 127.5, 127.5]);
    bilinearRgb(rgb, 2, 2, 0.25, 0, null, out);
    expect(out[0]).toBeCloseTo(191.25);
    expect(out[1]).toBeCloseTo(63.75);
  });

  it('leaves out the cells not kept, their weight given to the others, and answers false with none kept', () => {
    // Green and white not kept: between red and blue only, half-way down.
    expect(bilinearRgb(rgb, 2, 2, 0.5, 0.5, [1, 0, 1, 0], out)).toBe(true);
    expect(Array.from(out)).toEqual([127.5, 0, 127.5]);
    out.fill(7);
    expect(bilinearRgb(rgb, 2, 2, 0.5, 0.5, [0, 0, 0, 0], out)).toBe(false);
    expect(Array.from(out)).toEqual([7, 7, 7]);
  });
});
