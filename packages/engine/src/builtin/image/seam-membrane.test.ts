import { describe, expect, it } from 'vitest';
import { seamMembrane, spreadReadings } from './seam-membrane.ts';

const W = 64;
const H = 64;
const region = { left: 0, top: 0, width: W, height: H };

/** A disc of radius 24: the ring is its outer 3 px, where both skins are read. */
function ring(): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const r = Math.hypot(x - 32, y - 32);
      out[y * W + x] = r <= 24 && r > 21 ? 1 : 0;
    }
  }
  return out;
}

function lab(value: (x: number, y: number) => [number, number, number]): Float32Array {
  const out = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out.set(value(x, y), (y * W + x) * 3);
  return out;
}

const at = (field: Float32Array, x: number, y: number, c = 0): number =>
  field[(y * W + x) * 3 + c] ?? Number.NaN;

describe('seamMembrane', () => {
  it('carries an even tone gap at the seam over the whole face', () => {
    const shopper = lab(() => [70, 12, 16]);
    const model = lab(() => [40, 18, 22]);
    const correction = seamMembrane(shopper, model, ring(), region, 2);
    for (const [x, y] of [
      [32, 32],
      [20, 40],
      [45, 25],
    ] as const) {
      expect(at(correction, x, y, 0)).toBeCloseTo(-30, 0);
      expect(at(correction, x, y, 1)).toBeCloseTo(6, 0);
      expect(at(correction, x, y, 2)).toBeCloseTo(6, 0);
    }
  });

  it('blends a gap that changes around the seam smoothly across the face', () => {
    // The model is darker on the picture's right (lit from the left): the gap runs from -10 to -30.
    const shopper = lab(() => [70, 0, 0]);
    const model = lab((x) => [60 - (20 * x) / (W - 1), 0, 0]);
    const correction = seamMembrane(shopper, model, ring(), region, 2);
    const left = at(correction, 14, 32);
    const middle = at(correction, 32, 32);
    const right = at(correction, 50, 32);
    expect(left).toBeGreaterThan(middle);
    expect(middle).toBeGreaterThan(right);
    expect(middle).toBeGreaterThan(-25);
    expect(middle).toBeLessThan(-15);
    // No step anywhere: neighbours differ by far less than the gap's range.
    for (let x = 9; x < 55; x++)
      expect(Math.abs(at(correction, x + 1, 32) - at(correction, x, 32))).toBeLessThan(2);
  });

  it("does not copy the model's pores: the finest levels carry only the smooth correction", () => {
    const shopper = lab(() => [60, 0, 0]);
    // A checkerboard of pores on the model's skin, averaging 50.
    const model = lab((x, y) => [(x + y) % 2 ? 45 : 55, 0, 0]);
    const correction = seamMembrane(shopper, model, ring(), region, 2);
    const row = Array.from({ length: 46 }, (_, k) => at(correction, 9 + k, 32));
    for (const v of row) expect(Math.abs(v + 10)).toBeLessThan(0.5);
    // Were the pores copied, neighbours would differ by about 10.
    for (let k = 1; k < row.length; k++)
      expect(Math.abs((row[k] ?? 0) - (row[k - 1] ?? 0))).toBeLessThan(0.5);
  });

  it('corrects nothing where nothing could be read', () => {
    const correction = seamMembrane(
      lab(() => [70, 0, 0]),
      lab(() => [40, 0, 0]),
      new Uint8Array(W * H),
      region,
      2,
    );
    expect(correction.every((v) => v === 0)).toBe(true);
  });
});

describe('spreadReadings', () => {
  it('keeps what was read and fills between readings of two colours gradually, nearer ones weighing more', () => {
    // Readings in the left 8 columns (red) and the right 8 (blue); nothing between.
    const known = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) known[y * W + x] = x < 8 || x >= W - 8 ? 1 : 0;
    const spread = spreadReadings(
      lab((x) => (x < 8 ? [200, 40, 40] : x >= W - 8 ? [40, 40, 200] : [0, 0, 0])),
      known,
      region,
      0,
    );
    expect(at(spread, 3, 30)).toBe(200);
    expect(at(spread, W - 3, 30, 2)).toBe(200);
    // Red falls across the gap without a step, more red near the red side than near the blue one.
    let last = Number.POSITIVE_INFINITY;
    let step = 0;
    for (let x = 8; x < W - 8; x++) {
      const red = at(spread, x, 30);
      expect(red).toBeLessThanOrEqual(last + 1e-3);
      if (x > 8) step = Math.max(step, last - red);
      last = red;
    }
    expect(step).toBeLessThan(20);
    expect(at(spread, 12, 30)).toBeGreaterThan(at(spread, W - 13, 30) + 60);
  });
});
