import { describe, expect, it } from 'vitest';
import { tShirt } from '../../../test/fixtures/synthetic-person.ts';
import { GarmentPart } from '../garment/garment.ts';
import { bodyWrap, limbWrap, roundShare } from './wrap-round.ts';

describe('roundShare', () => {
  it('keeps the middle and the sides, and reads cloth nearer the middle for every point between', () => {
    expect(roundShare(0)).toBe(0);
    expect(roundShare(1)).toBeCloseTo(1, 9);
    expect(roundShare(-1)).toBeCloseTo(-1, 9);
    let last = -1;
    for (let u = -0.95; u < 1; u += 0.05) {
      const s = roundShare(u);
      expect(s).toBeGreaterThan(last);
      expect(Math.abs(s)).toBeLessThanOrEqual(Math.abs(u) + 1e-9);
      last = s;
    }
  });

  it('shows the print wider in the middle and squeezed at the sides, more as the part is rounder', () => {
    const slope = (u: number, round?: number) =>
      (roundShare(u + 1e-4, round) - roundShare(u - 1e-4, round)) / 2e-4;
    // Cloth read per pixel shown: under 1 is magnified, over 1 squeezed.
    expect(slope(0)).toBeLessThan(0.9);
    expect(slope(0.9)).toBeGreaterThan(1.1);
    expect(slope(0, 1)).toBeLessThan(slope(0));
    expect(roundShare(0.5, 0)).toBe(0.5);
  });
});

describe('bodyWrap', () => {
  // The synthetic T-shirt's body: neckline front at y 55, armpits at y 120, hem at y 295, x 72 to 228 lower down.
  const shirt = tShirt();
  const wrap = bodyWrap(shirt, [GarmentPart.body], 55, 80);

  it('moves points between the middle and the sides of a row towards the middle, keeping both', () => {
    const y = 250;
    const row = [...Array(shirt.image.width).keys()].filter(
      (x) => shirt.parts[y * shirt.image.width + x] === 1,
    );
    const first = row[0] ?? 0;
    const last = row.at(-1) ?? 0;
    const middle = (first + last) / 2;
    expect(wrap({ x: middle, y }).x).toBeCloseTo(middle, 0);
    const between = wrap({ x: middle + (last - middle) * 0.6, y });
    expect(between.y).toBe(y);
    expect(between.x).toBeGreaterThan(middle);
    expect(between.x).toBeLessThan(middle + (last - middle) * 0.6 - 3);
    // Beside the row's cloth nothing moves: the outline is the warp's own.
    expect(wrap({ x: last + 5, y })).toEqual({ x: last + 5, y });
  });

  it('leaves the neckline and shoulders flat, and grows the rounding down to its full depth', () => {
    const moved = (y: number) => {
      const q = { x: 190, y };
      return q.x - wrap(q).x;
    };
    expect(moved(40)).toBe(0);
    expect(moved(55)).toBe(0);
    expect(moved(67)).toBeGreaterThan(0);
    expect(moved(67)).toBeLessThan(moved(150));
  });
});

describe('limbWrap', () => {
  // A sleeve laid out level, its edges 20 px either side of y 100.
  const sleeve = {
    top: { x: 0, y: 80 },
    bottom: { x: 0, y: 120 },
    endTop: { x: 100, y: 80 },
    endBottom: { x: 100, y: 120 },
  };
  const wrap = limbWrap(sleeve);

  it('moves points across the sleeve towards its middle line, not along it, keeping the edges', () => {
    const q = wrap({ x: 50, y: 88 });
    expect(q.x).toBeCloseTo(50, 6);
    expect(q.y).toBeGreaterThan(88.5);
    expect(q.y).toBeLessThan(100);
    expect(wrap({ x: 30, y: 100 }).y).toBeCloseTo(100, 6);
    expect(wrap({ x: 30, y: 80 }).y).toBeCloseTo(80, 6);
    expect(wrap({ x: 30, y: 70 })).toEqual({ x: 30, y: 70 });
  });

  it('follows a sleeve that narrows towards its cuff', () => {
    const tapered = limbWrap({ ...sleeve, endTop: { x: 100, y: 90 }, endBottom: { x: 100, y: 110 } });
    // Near the cuff the sleeve is 20 px across: 5 px off its middle is a quarter of its half-width there.
    expect(tapered({ x: 100, y: 95 }).y).toBeGreaterThan(95.5);
    expect(tapered({ x: 100, y: 89 })).toEqual({ x: 100, y: 89 });
  });
});
