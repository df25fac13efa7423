import { describe, expect, it } from 'vitest';
import { smoothness } from './smoothness.ts';

/** A 3×3 box mean over a `width`-wide image, edges clamped. */
const boxOf =
  (width: number) =>
  (values: Float32Array): Float32Array => {
    const height = values.length / width;
    const out = new Float32Array(values.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const yy = Math.min(height - 1, Math.max(0, y + dy));
            const xx = Math.min(width - 1, Math.max(0, x + dx));
            sum += values[yy * width + xx] ?? 0;
          }
        }
        out[y * width + x] = sum / 9;
      }
    }
    return out;
  };

describe('smoothness', () => {
  it('reads a skin gradient as smooth and skin-coloured curls as textured', () => {
    const width = 20;
    const lab = new Float32Array(width * 10 * 3);
    for (let y = 0; y < 10; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        // Left half: skin shading slowly; right half: curls of the same colour, light and dark strands.
        lab[i] = x < 10 ? 55 + x : 62 + ((x + y) % 3 === 0 ? -18 : 6);
        lab[i + 1] = 14;
        lab[i + 2] = 20;
      }
    }
    const smooth = smoothness(lab, new Float32Array(width * 10).fill(1), boxOf(width));
    expect(smooth[5 * width + 4]).toBe(1);
    expect(smooth[5 * width + 15]).toBe(0);
  });

  it('reads an edge against pixels it is told to pass over as smooth', () => {
    const width = 20;
    const lab = new Float32Array(width * 10 * 3);
    const among = new Float32Array(width * 10);
    for (let i = 0; i < width * 10; i++) {
      const skin = i % width < 10;
      lab[i * 3] = skin ? 60 : 15;
      among[i] = skin ? 1 : 0;
    }
    expect(smoothness(lab, among, boxOf(width))[5 * width + 9]).toBe(1);
    expect(smoothness(lab, new Float32Array(width * 10).fill(1), boxOf(width))[5 * width + 9]).toBe(0);
  });
});
