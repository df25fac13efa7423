import { describe, expect, it } from 'vitest';
import type { Raster } from '../image/raster.ts';
import { pullInEdgeColours } from './edge-colours.ts';

const W = 30;
const H = 30;
const RED = [200, 40, 30];
const BACKDROP = [240, 240, 238];

/**
 * A red square (x, y 8-21) cut out of a light backdrop: alpha full inside, soft over its outer two pixels
 * (whose colours blend the red with the backdrop, as a photo's anti-aliased edge does), zero beyond.
 */
function cutOut(): Raster {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inside = Math.min(x - 6, 23 - x, y - 6, 23 - y);
      const a = inside <= 0 ? 0 : inside >= 3 ? 1 : inside / 3;
      const o = (y * W + x) * 4;
      for (let k = 0; k < 3; k++) data[o + k] = Math.round((RED[k] ?? 0) * a + (BACKDROP[k] ?? 0) * (1 - a));
      data[o + 3] = Math.round(a * 255);
    }
  }
  return { data, width: W, height: H, channels: 4 };
}

describe('pullInEdgeColours', () => {
  it('gives the soft outline the garment’s colour, not the backdrop’s, and keeps its alpha', () => {
    const image = cutOut();
    const alphaBefore = [...image.data.filter((_, i) => i % 4 === 3)];
    const pinkBefore = image.data[(7 * W + 15) * 4 + 1] ?? 0;
    expect(pinkBefore).toBeGreaterThan(100);
    pullInEdgeColours(image);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const o = (y * W + x) * 4;
        if ((image.data[o + 3] ?? 0) === 0) continue;
        const off = Math.hypot(
          (image.data[o] ?? 0) - (RED[0] ?? 0),
          (image.data[o + 1] ?? 0) - (RED[1] ?? 0),
          (image.data[o + 2] ?? 0) - (RED[2] ?? 0),
        );
        expect(off, `(${x}, ${y})`).toBeLessThan(3);
      }
    }
    expect([...image.data.filter((_, i) => i % 4 === 3)]).toEqual(alphaBefore);
  });

  it('leaves the interior as it is', () => {
    const image = cutOut();
    // A blue dot well inside the square.
    image.data.set([20, 30, 220], (15 * W + 15) * 4);
    pullInEdgeColours(image);
    expect([...image.data.subarray((15 * W + 15) * 4, (15 * W + 15) * 4 + 3)]).toEqual([20, 30, 220]);
  });
});
