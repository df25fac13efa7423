import { describe, expect, it } from 'vitest';
import { apply, homography, multiply, rotationAbout } from './matrix.ts';

describe('matrix', () => {
  it('finds the homography that takes four points onto four others', () => {
    const from = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 200 },
      { x: 0, y: 200 },
    ];
    const to = [
      { x: 10, y: 20 },
      { x: 130, y: 15 },
      { x: 120, y: 260 },
      { x: 5, y: 240 },
    ];
    const h = homography(from, to);
    from.forEach((p, i) => {
      expect(apply(h, p).x).toBeCloseTo(to[i]?.x ?? NaN, 6);
      expect(apply(h, p).y).toBeCloseTo(to[i]?.y ?? NaN, 6);
    });
  });

  it('turns about a point, which stays put, after another transform', () => {
    const pivot = { x: 50, y: 50 };
    const quarter = rotationAbout(pivot, Math.PI / 2);
    expect(apply(quarter, pivot)).toEqual({ x: 50, y: 50 });
    const turned = apply(multiply(quarter, [1, 0, 10, 0, 1, 0, 0, 0, 1]), { x: 50, y: 50 });
    expect(turned.x).toBeCloseTo(50, 9);
    expect(turned.y).toBeCloseTo(60, 9);
  });
});
