import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/point.ts';
import { expressionShare, followLowerFace, keptMouth, mouthOpening } from './mouth-expression.ts';

/**
 * An upright face's mesh: eye corners 100 px apart, the point under the nose at y 100, the upper lip's top
 * at 120, the lips' inner middles `gap` px apart from 130, the chin at 170. Every other point sits at a
 * height of its own (spread from the brows to the chin) so the test can tell which move.
 */
function mesh(gap: number, dx = 0): Point[] {
  const points: Point[] = Array.from({ length: 468 }, (_, i) => ({
    x: 100 + (i % 40) + dx,
    y: 20 + (i % 160),
  }));
  points[33] = { x: 50 + dx, y: 50 };
  points[263] = { x: 150 + dx, y: 50 };
  points[2] = { x: 100 + dx, y: 100 };
  points[0] = { x: 100 + dx, y: 120 };
  points[13] = { x: 100 + dx, y: 130 };
  points[14] = { x: 100 + dx, y: 130 + gap };
  points[152] = { x: 100 + dx, y: 170 + gap };
  return points;
}

describe('mouthOpening', () => {
  it('is the gap between the lips over the distance between the eye corners', () => {
    expect(mouthOpening(mesh(0))).toBeCloseTo(0, 6);
    expect(mouthOpening(mesh(20))).toBeCloseTo(0.2, 6);
  });
});

describe('expressionShare', () => {
  it('is 0 for two closed mouths and 1 for a closed mouth on a laugh, either way round', () => {
    expect(expressionShare(mesh(2), mesh(4))).toBe(0);
    expect(expressionShare(mesh(0), mesh(25))).toBe(1);
    expect(expressionShare(mesh(25), mesh(0))).toBe(1);
  });

  it('grows between the two', () => {
    const share = expressionShare(mesh(0), mesh(7));
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.7);
  });
});

describe('followLowerFace', () => {
  it("moves lips and chin onto the model's and leaves what is above the nose's base", () => {
    const model = mesh(25);
    // The shopper's points where the shape put them: closed lips, 10 px to the right of the model's.
    const shape = mesh(0, 10);
    const before = shape.map((p) => ({ ...p }));
    followLowerFace(shape, model, 1);
    for (const i of [0, 13, 14, 152]) {
      expect(shape[i]?.x).toBeCloseTo(model[i]?.x ?? 0, 6);
      expect(shape[i]?.y).toBeCloseTo(model[i]?.y ?? 0, 6);
    }
    for (const i of [33, 263, 2]) expect(shape[i]).toEqual(before[i]);
  });

  it('moves a point between the nose and the lip part of the way, and nothing at share 0', () => {
    const model = mesh(25);
    const shape = mesh(0, 10);
    // Half way down from the nose's base (y 100) to the upper lip (y 120).
    model[5] = { x: 100, y: 110 };
    shape[5] = { x: 110, y: 110 };
    const untouched = shape.map((p) => ({ ...p }));
    followLowerFace(untouched, model, 0);
    expect(untouched).toEqual(mesh(0, 10).map((p, i) => (i === 5 ? { x: 110, y: 110 } : p)));
    followLowerFace(shape, model, 1);
    expect(shape[5]?.x).toBeCloseTo(105, 6);
  });
});

describe('keptMouth', () => {
  it('runs along the upper inner lip and back along the lower one, each corner once', () => {
    const inside = keptMouth(mesh(20), 1);
    expect(inside).toHaveLength(11 + 9);
    expect(inside?.[5]).toEqual({ x: 100, y: 130 });
    expect(inside?.filter((p) => p.x === 100 && p.y === 150)).toHaveLength(1);
  });

  it("is kept only for a model's open mouth that the shopper's lips follow at least half way", () => {
    expect(keptMouth(mesh(15), 0.5)).not.toBeNull();
    // Closed lips (a gap of 0.03 of the eyes' distance) have no inside to keep.
    expect(keptMouth(mesh(3), 1)).toBeNull();
    // Lips mostly the shopper's own go over the opening.
    expect(keptMouth(mesh(15), 0.3)).toBeNull();
  });
});
