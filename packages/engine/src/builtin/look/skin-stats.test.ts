import { describe, expect, it } from 'vitest';
import { skinStats } from './skin-stats.ts';

/** A 40×40 Lab image of noisy skin at (68, 14, 20) with a strand of dark hair across it. */
function cheek(): Float32Array {
  const lab = new Float32Array(40 * 40 * 3);
  let seed = 11;
  const noise = (): number => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 4;
  };
  for (let y = 0; y < 40; y++) {
    for (let x = 0; x < 40; x++) {
      const i = (y * 40 + x) * 3;
      const hair = Math.abs(x - y) < 3;
      lab[i] = hair ? 20 : 68 + noise() * 2;
      lab[i + 1] = hair ? 5 : 14 + noise();
      lab[i + 2] = hair ? 8 : 20 + noise();
    }
  }
  return lab;
}

describe('skinStats', () => {
  it("reads the skin's tone in the discs, leaving out a strand of hair", () => {
    const stats = skinStats(cheek(), 40, [{ x: 20, y: 20 }], 12);
    expect(stats).not.toBeNull();
    expect(stats?.mean[0]).toBeCloseTo(68, 0);
    expect(stats?.mean[1]).toBeCloseTo(14, 0);
    expect(stats?.mean[2]).toBeCloseTo(20, 0);
    expect(stats?.sd[0]).toBeLessThan(4);
  });

  it('is null when the discs fall off the image', () => {
    expect(skinStats(cheek(), 40, [{ x: -50, y: -50 }], 5)).toBeNull();
  });
});
