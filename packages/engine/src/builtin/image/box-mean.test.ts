import { describe, expect, it } from 'vitest';
import { boxMean } from './box-mean.ts';

describe('boxMean', () => {
  // A row of five pixels, grey levels 0, 10, 20, 30, 40 (the same on each channel).
  const value = Float32Array.from([0, 10, 20, 30, 40].flatMap((v) => [v, v, v]));

  it('averages the square round each pixel, cut at the edges', () => {
    const mean = boxMean(value, null, 5, 1, 1);
    expect(Array.from(mean.filter((_, i) => i % 3 === 0))).toEqual([5, 10, 20, 30, 35]);
  });

  it('weighs each pixel by its weight, and gives 0 where the square weighs nothing', () => {
    // Only the last two pixels count.
    const mean = boxMean(value, [0, 0, 0, 1, 1], 5, 1, 1);
    expect(Array.from(mean.filter((_, i) => i % 3 === 0))).toEqual([0, 0, 30, 35, 35]);
  });
});
