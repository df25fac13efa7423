import { describe, expect, it } from 'vitest';
import { boxBlur } from './box-blur.ts';

describe('boxBlur', () => {
  it('averages over a (2r + 1) square, repeating the border', () => {
    const w = 7;
    const v = new Float32Array(w * w);
    v[3 * w + 3] = 9;
    const out = boxBlur(v, w, w, 1);
    expect(out[3 * w + 3]).toBeCloseTo(1);
    expect(out[2 * w + 2]).toBeCloseTo(1);
    expect(out[1 * w + 1]).toBeCloseTo(0);
    const sum = out.reduce((s, x) => s + x, 0);
    expect(sum).toBeCloseTo(9);
    // A constant stays constant up to the edges.
    const flat = boxBlur(new Float32Array(w * w).fill(5), w, w, 2);
    expect(flat.every((x) => Math.abs(x - 5) < 1e-5)).toBe(true);
    // Radius 0 is no blur.
    expect(boxBlur(v, w, w, 0)).toBe(v);
  });
});
