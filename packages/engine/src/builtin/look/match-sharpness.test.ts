import { beforeAll, describe, expect, it } from 'vitest';
import { loadModels } from '../worker/load-models.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { matchSharpness } from './match-sharpness.ts';

const size = 64;
const region = { left: 0, top: 0, width: size, height: size };
let cv: OpenCv;

beforeAll(async () => {
  ({ cv } = await loadModels());
}, 60_000);

/** Vertical stripes of the given period, a crisp selfie-like texture; blurred when `soft`. */
function stripes(period: number, soft: boolean): Float32Array {
  const out = new Float32Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const phase = (2 * Math.PI * x) / period;
      const v = soft ? 128 + 30 * Math.sin(phase) : x % period < period / 2 ? 170 : 86;
      out.fill(v, (y * size + x) * 3, (y * size + x) * 3 + 3);
    }
  }
  return out;
}

const contrast = (rgb: Float32Array): number => {
  let sum = 0;
  for (let x = 8; x < size - 9; x++)
    sum += Math.abs((rgb[(32 * size + x + 1) * 3] ?? 0) - (rgb[(32 * size + x) * 3] ?? 0));
  return sum;
};

describe('matchSharpness', () => {
  const mask = new Uint8Array(size * size).fill(1);

  it("softens a crisp face laid into a soft photo toward the photo's softness", () => {
    const face = stripes(8, false);
    const before = contrast(face);
    matchSharpness(cv, face, stripes(8, true), mask, region);
    expect(contrast(face)).toBeLessThan(before * 0.7);
  });

  it('sharpens a soft (upscaled) face toward a crisp photo, and only as far as its weight reaches', () => {
    const face = stripes(8, true);
    const copy = Float32Array.from(face);
    // The left half of the face is weighted 1, the right half 0 (the seam).
    const weight = Float32Array.from({ length: size * size }, (_, i) => (i % size < size / 2 ? 1 : 0));
    matchSharpness(cv, face, stripes(8, false), mask, region, { factor: 1, weight });
    const row = (rgb: Float32Array, from: number, to: number): number => {
      let sum = 0;
      for (let x = from; x < to; x++)
        sum += Math.abs((rgb[(32 * size + x + 1) * 3] ?? 0) - (rgb[(32 * size + x) * 3] ?? 0));
      return sum;
    };
    expect(row(face, 4, 28)).toBeGreaterThan(row(copy, 4, 28) * 1.3);
    expect(row(face, 36, 60)).toBeCloseTo(row(copy, 36, 60), 5);
  });

  it('leaves a face alone when the photo is exactly as sharp', () => {
    const face = stripes(8, true);
    const copy = Float32Array.from(face);
    matchSharpness(cv, face, stripes(8, true), mask, region);
    expect(Array.from(face)).toEqual(Array.from(copy));
  });
});
