import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/point.ts';
import { farSideWeight } from './far-side.ts';

/**
 * A face's mesh reduced to what the turn is read from: cheek edges (234 the subject's right, on the photo's
 * left; 454), nose tip (1), between the eyes (168) and chin (152); `nose` is the tip's x.
 */
function mesh(nose: number): Point[] {
  const points: Point[] = Array.from({ length: 468 }, () => ({ x: 50, y: 50 }));
  points[234] = { x: 10, y: 40 };
  points[454] = { x: 90, y: 40 };
  points[1] = { x: nose, y: 55 };
  points[168] = { x: 50, y: 35 };
  points[152] = { x: 50, y: 95 };
  return points;
}
const region = { left: 0, top: 0, width: 100, height: 100 };
const at = (w: Float32Array, x: number, y: number): number => w[y * region.width + x] ?? 0;

describe('farSideWeight', () => {
  it("takes a turned shopper's far half from the near half, fading in from the midline", () => {
    // The shopper's nose sits near the right cheek edge: their right half is the far, narrowed one.
    const weight = farSideWeight(mesh(25), mesh(50), region);
    expect(weight).not.toBeNull();
    if (!weight) return;
    expect(at(weight, 15, 60)).toBe(1);
    expect(at(weight, 35, 60)).toBe(1);
    expect(at(weight, 55, 60)).toBe(0);
    expect(at(weight, 85, 60)).toBe(0);
    // In the hand-over band just beyond the midline, part of each.
    const band = at(weight, 45, 60);
    expect(band).toBeGreaterThan(0);
    expect(band).toBeLessThan(1);
  });

  it('takes the left half when the shopper turns the other way', () => {
    const weight = farSideWeight(mesh(75), mesh(50), region);
    expect(weight && at(weight, 85, 60)).toBe(1);
    expect(weight && at(weight, 15, 60)).toBe(0);
  });

  it('leaves a face turned about as much as the model alone', () => {
    expect(farSideWeight(mesh(50), mesh(50), region)).toBeNull();
    expect(farSideWeight(mesh(46), mesh(50), region)).toBeNull();
    expect(farSideWeight(mesh(30), mesh(33), region)).toBeNull();
  });
});
