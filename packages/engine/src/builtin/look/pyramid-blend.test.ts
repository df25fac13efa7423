import { beforeAll, describe, expect, it } from 'vitest';
import { loadModels } from '../worker/load-models.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { pyramidBlend } from './pyramid-blend.ts';

const width = 160;
const height = 120;
let cv: OpenCv;

beforeAll(async () => {
  ({ cv } = await loadModels());
}, 60_000);

/** Grey 60 everywhere (the model), and a lighter face (180) with a fine checker texture (the shopper). */
function images(): { base: Float32Array; over: Float32Array; mask: Float32Array } {
  const base = new Float32Array(width * height * 3).fill(60);
  const over = new Float32Array(width * height * 3);
  const mask = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const inside = x >= 40 && x < 120 && y >= 20 && y < 100;
      mask[i] = inside ? 1 : 0;
      // Outside its mask the shopper's layer is the model photo, as the look lays it out.
      const v = inside ? 180 + ((x + y) % 2 ? 20 : -20) : 60;
      over.fill(v, i * 3, i * 3 + 3);
    }
  }
  return { base, over, mask };
}

describe('pyramidBlend', () => {
  it('shows the face inside the mask and the model outside it', () => {
    const { base, over, mask } = images();
    const out = pyramidBlend(cv, base, over, mask, width, height, 4);
    const at = (x: number, y: number): number => out[(y * width + x) * 3] ?? 0;
    expect(Math.abs(at(80, 60) - (over[(60 * width + 80) * 3] ?? 0))).toBeLessThan(8);
    expect(Math.abs(at(5, 5) - 60)).toBeLessThan(2);
    expect(Math.abs(at(155, 115) - 60)).toBeLessThan(2);
  });

  it('crosses the seam in tone gradually, with fine texture cut sharply', () => {
    const { base, over, mask } = images();
    const out = pyramidBlend(cv, base, over, mask, width, height, 4);
    // Local mean across the left edge of the mask (x = 40), along row 60: rises without a step or overshoot.
    const mean = (x: number): number =>
      ((out[(60 * width + x) * 3] ?? 0) + (out[(60 * width + x + 1) * 3] ?? 0)) / 2;
    const steps: number[] = [];
    for (let x = 30; x < 52; x += 2) steps.push(mean(x + 2) - mean(x));
    expect(Math.max(...steps)).toBeLessThan(70);
    expect(Math.min(...steps)).toBeGreaterThan(-10);
    // The checker does not spread out over the model: a few pixels out it is gone.
    const texture = (x: number): number =>
      Math.abs((out[(60 * width + x) * 3] ?? 0) - (out[(60 * width + x + 1) * 3] ?? 0));
    expect(texture(30)).toBeLessThan(6);
    expect(texture(80)).toBeGreaterThan(25);
  });
});
