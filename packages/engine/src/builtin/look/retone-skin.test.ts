import { describe, expect, it } from 'vitest';
import { retoneSkin } from './retone-skin.ts';
import type { SkinStats } from './skin-stats.ts';

const pale: SkinStats = { mean: [72, 12, 16], sd: [6, 2, 3] };
const dark: SkinStats = { mean: [42, 16, 24], sd: [6, 2, 3] };

describe('retoneSkin', () => {
  it('moves weighted skin to the new tone, lightness half way and at most 8, and keeps its shading', () => {
    // A lit and a shaded pixel of pale skin, fully weighted.
    const lab = Float32Array.from([78, 12, 16, 62, 12, 16]);
    retoneSkin(lab, Float32Array.from([1, 1]), pale, dark);
    expect(lab[0]).toBeCloseTo(70, 3);
    expect(lab[3]).toBeCloseTo(54, 3);
    expect(lab[1]).toBeCloseTo(16, 3);
    expect(lab[5]).toBeCloseTo(24, 3);
  });

  it('moves part way by weight and leaves unweighted pixels alone', () => {
    const lab = Float32Array.from([72, 12, 16, 30, 40, -20]);
    retoneSkin(lab, Float32Array.from([0.5, 0]), pale, dark);
    expect(lab[0]).toBeCloseTo(68, 3);
    expect(Array.from(lab.subarray(3))).toEqual([30, 40, -20]);
  });

  it('carries half of a small gap in lightness', () => {
    const lab = Float32Array.from([72, 12, 16]);
    retoneSkin(lab, Float32Array.from([1]), pale, { mean: [62, 12, 16], sd: pale.sd });
    expect(lab[0]).toBeCloseTo(67, 3);
  });

  it('limits how much the lightness spread may change', () => {
    const lab = Float32Array.from([82, 12, 16]);
    retoneSkin(lab, Float32Array.from([1]), pale, { mean: pale.mean, sd: [30, 2, 3] });
    expect(lab[0]).toBeCloseTo(72 + 10 * 1.15, 3);
  });
});
