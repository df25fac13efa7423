import { describe, expect, it } from 'vitest';
import { boxBlur, boxBlurAround } from './box-blur.ts';

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

  it('blurs values zero outside a box over that box alone, exactly as over the whole grid', () => {
    const w = 40;
    const h = 30;
    // A box touching the grid's left edge (clamped there) and one inside it, values of a limb's paint.
    for (const inner of [
      { left: 0, top: 6, width: 9, height: 11 },
      { left: 17, top: 9, width: 12, height: 8 },
    ]) {
      const v = new Float32Array(w * h);
      let seed = 7;
      for (let y = inner.top; y < inner.top + inner.height; y++) {
        for (let x = inner.left; x < inner.left + inner.width; x++) {
          seed = (seed * 48271) % 2147483647;
          // Some unpainted pixels inside the box too.
          if (seed % 5 !== 0) v[y * w + x] = Math.fround(0.6 + (seed % 1000) / 997);
        }
      }
      for (const r of [1, 3, 6]) {
        const whole = boxBlur(v, w, h, r);
        const around = boxBlurAround(v, w, h, r, inner);
        expect(around).toEqual(whole);
      }
    }
    // Nothing in the box: nothing out.
    const none = boxBlurAround(new Float32Array(w * h), w, h, 2, { left: 5, top: 5, width: 0, height: 0 });
    expect(none.every((x) => x === 0)).toBe(true);
  });
});
