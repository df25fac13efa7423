import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/point.ts';
import { FACE_PARTS, LANDMARK } from './face-parts.ts';
import { keepsModelMouth, openness } from './open-mouth.ts';

/**
 * A mesh holding only a mouth 60 px wide: the inner contours run corner to corner, the upper one on y = 100, the
 * lower one dropped `open` px at the middle (a parabola); the outer corners where the inner ones are.
 */
function mouth(open: number): Point[] {
  const mesh: Point[] = Array.from({ length: 468 }, () => ({ x: 100, y: 100 }));
  const along = (contour: readonly number[], drop: number): void => {
    contour.forEach((index, k) => {
      const t = k / (contour.length - 1);
      mesh[index] = { x: 70 + 60 * t, y: 100 + drop * (1 - (2 * t - 1) ** 2) };
    });
  };
  along(FACE_PARTS.upperInnerLip, 0);
  along(FACE_PARTS.lowerInnerLip, open);
  mesh[LANDMARK.mouthRight] = { x: 70, y: 100 };
  mesh[LANDMARK.mouthLeft] = { x: 130, y: 100 };
  return mesh;
}

describe('openness', () => {
  it("is the opening's area over the mouth's width squared: none for closed lips", () => {
    expect(openness(mouth(0))).toBe(0);
    // A parabola's segment: two thirds of 60 x 12, sampled at 11 points (a little less).
    expect(openness(mouth(12))).toBeGreaterThan(0.12);
    expect(openness(mouth(12))).toBeLessThan(0.134);
    expect(openness(mouth(24))).toBeCloseTo(2 * openness(mouth(12)), 5);
  });
});

describe('keepsModelMouth', () => {
  it("keeps a laughing model's mouth where the warp would open the shopper's closed one over it", () => {
    expect(keepsModelMouth(mouth(0), mouth(10), mouth(12))).toBe(true);
  });

  it("leaves the shopper's mouth where it lands as it was (a face seen as the model's is), or the model's is closed", () => {
    // The shopper's proportions carried all the way: the mouth lands closed, as in their photo.
    expect(keepsModelMouth(mouth(0), mouth(0), mouth(12))).toBe(false);
    // Both laughing: the shopper's own teeth are carried.
    expect(keepsModelMouth(mouth(11), mouth(12), mouth(12))).toBe(false);
    // Lips just parted on the model: nothing behind them to keep.
    expect(keepsModelMouth(mouth(0), mouth(4), mouth(4))).toBe(false);
  });
});
