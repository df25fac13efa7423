import { beforeAll, describe, expect, it } from 'vitest';
import { loadModels } from '../worker/load-models.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { interiorDepth } from './interior-depth.ts';

let cv: OpenCv;

beforeAll(async () => {
  ({ cv } = await loadModels());
}, 60_000);

describe('interiorDepth', () => {
  it('is 0 outside and at the edge of the mask and reaches 1 the given depth in', () => {
    const size = 40;
    const mask = new Uint8Array(size * size);
    for (let y = 5; y < 35; y++) for (let x = 5; x < 35; x++) mask[y * size + x] = 1;
    const depth = interiorDepth(cv, mask, { left: 0, top: 0, width: size, height: size }, 10);
    expect(depth[2 * size + 2]).toBe(0);
    expect(depth[20 * size + 5]).toBeLessThan(0.15);
    expect(depth[20 * size + 10]).toBeCloseTo(0.6, 1);
    expect(depth[20 * size + 20]).toBe(1);
  });
});
