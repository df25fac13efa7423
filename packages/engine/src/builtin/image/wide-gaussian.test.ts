import { beforeAll, describe, expect, it } from 'vitest';
import { openCvForTests } from '../../../test/fixtures/garments.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { wideGaussian } from './wide-gaussian.ts';

/** A 240 x 180 field: a broad slope, a soft bump and one bright square (what blurs must spread). */
function field(width: number, height: number): Float32Array {
  const values = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bump = Math.exp(-((x - 150) ** 2 + (y - 60) ** 2) / 800);
      const square = x >= 60 && x < 80 && y >= 100 && y < 120 ? 1 : 0;
      values[y * width + x] = x / width + bump + square;
    }
  }
  return values;
}

describe('wide Gaussian', () => {
  let cv: OpenCv;
  beforeAll(async () => {
    ({ cv } = await openCvForTests());
  });

  const blur = (values: Float32Array, width: number, height: number, sigma: number, wide: boolean) => {
    const src = new cv.Mat(height, width, cv.CV_32FC1);
    const dst = new cv.Mat();
    try {
      src.data32F.set(values);
      if (wide) wideGaussian(cv, src, dst, sigma, cv.BORDER_REPLICATE);
      else cv.GaussianBlur(src, dst, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REPLICATE);
      expect([dst.cols, dst.rows]).toEqual([width, height]);
      return new Float32Array(dst.data32F);
    } finally {
      src.delete();
      dst.delete();
    }
  };

  it('is the full-size Gaussian itself up to 4 px', () => {
    const values = field(240, 180);
    expect(blur(values, 240, 180, 3, true)).toEqual(blur(values, 240, 180, 3, false));
  });

  it('stays within a few hundredths of the full-size Gaussian when wider, far from what it blurred', () => {
    const values = field(240, 180);
    for (const sigma of [8, 14, 30]) {
      const coarse = blur(values, 240, 180, sigma, true);
      const full = blur(values, 240, 180, sigma, false);
      let worst = 0;
      let change = 0;
      for (let i = 0; i < full.length; i++) {
        worst = Math.max(worst, Math.abs((coarse[i] ?? 0) - (full[i] ?? 0)));
        change = Math.max(change, Math.abs((full[i] ?? 0) - (values[i] ?? 0)));
      }
      expect(worst, `sigma ${sigma}`).toBeLessThan(0.05);
      // The blur itself moved the field far more than that: the comparison means something.
      expect(change, `sigma ${sigma}`).toBeGreaterThan(0.5);
    }
  });
});
