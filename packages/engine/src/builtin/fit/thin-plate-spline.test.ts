import { describe, expect, it } from 'vitest';
import { thinPlateSpline } from './thin-plate-spline.ts';

describe('thinPlateSpline', () => {
  const square = [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 100 },
    { x: 0, y: 100 },
    { x: 50, y: 50 },
  ];

  it('passes exactly through its landmarks', () => {
    const to = square.map((p, i) => ({ x: p.x * 1.3 + (i === 4 ? 12 : 0), y: p.y * 0.8 + 7 }));
    const map = thinPlateSpline(square, to);
    expect(map).not.toBeNull();
    for (const [i, p] of square.entries()) {
      const q = map?.(p.x, p.y);
      expect(q?.x).toBeCloseTo(to[i]?.x ?? Number.NaN, 6);
      expect(q?.y).toBeCloseTo(to[i]?.y ?? Number.NaN, 6);
    }
  });

  it('is the affine map itself when the landmarks move affinely (no bending between them)', () => {
    const affine = (p: { x: number; y: number }) => ({ x: 2 * p.x - 0.5 * p.y + 3, y: 0.3 * p.x + p.y - 9 });
    const map = thinPlateSpline(square, square.map(affine));
    const q = map?.(23, 71);
    expect(q?.x).toBeCloseTo(affine({ x: 23, y: 71 }).x, 6);
    expect(q?.y).toBeCloseTo(affine({ x: 23, y: 71 }).y, 6);
  });

  it('bends smoothly: a point between two moved landmarks moves part of the way', () => {
    const to = square.map((p, i) => (i === 4 ? { x: 70, y: 50 } : p));
    const q = thinPlateSpline(square, to)?.(60, 50);
    expect(q?.x).toBeGreaterThan(60);
    expect(q?.x).toBeLessThan(80);
  });

  it('with smoothing, gives up exactness', () => {
    const to = square.map((p, i) => (i === 4 ? { x: 70, y: 50 } : p));
    const q = thinPlateSpline(square, to, 5)?.(50, 50);
    expect(q?.x).toBeGreaterThan(50);
    expect(q?.x).toBeLessThan(69);
  });

  it('has no map for collinear or too few landmarks', () => {
    const line = [0, 1, 2, 3].map((k) => ({ x: k * 10, y: k * 10 }));
    expect(thinPlateSpline(line, line)).toBeNull();
    expect(thinPlateSpline(square.slice(0, 2), square.slice(0, 2))).toBeNull();
  });
});
