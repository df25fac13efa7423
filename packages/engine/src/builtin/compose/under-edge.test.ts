import { describe, expect, it } from 'vitest';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import type { Raster } from '../image/raster.ts';
import { emptyMask } from '../person/mask.ts';
import type { GarmentCanvas } from './garment-canvas.ts';
import { carryUnderEdge } from './under-edge.ts';

const W = 40;
const H = 20;
const CLEANED = [20, 160, 170] as const;
const OLD = [250, 250, 250] as const;

/**
 * A photo whose left half (x < 16) was cleaned (filled teal) and whose right half still shows the old
 * clothes (white); a garment over x >= 16 whose edge is soft over x 16-18 (coverage 0.25, 0.5, 0.75).
 */
function scene(): { photo: Raster; gone: Uint8Array; canvas: GarmentCanvas } {
  const photo: Raster = { data: new Uint8Array(W * H * 3), width: W, height: H, channels: 3 };
  const gone = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const c = x < 16 ? CLEANED : OLD;
      photo.data.set(c, i * 3);
      if (x < 16) gone[i] = 1;
    }
  }
  const canvas = emptyCanvas({ left: 0, top: 0, width: W, height: H });
  for (let y = 0; y < H; y++) {
    for (let x = 16; x < W; x++) {
      canvas.alpha[y * W + x] = x === 16 ? 0.25 : x === 17 ? 0.5 : x === 18 ? 0.75 : 1;
    }
  }
  canvas.part.fill(1);
  return { photo, gone, canvas };
}

const at = (photo: Raster, x: number, y: number): number[] => [
  ...photo.data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3),
];

describe('carryUnderEdge', () => {
  it('carries the cleaned colour under the garment’s soft edge, and no further', () => {
    const { photo, gone, canvas } = scene();
    carryUnderEdge(photo, gone, canvas, emptyMask(W, H));
    for (const x of [16, 17, 18]) {
      expect(at(photo, x, 10), `x ${x}`).toEqual([...CLEANED]);
      expect(gone[10 * W + x]).toBe(1);
    }
    // Fully covered: what lies under it never shows, and is left.
    expect(at(photo, 19, 10)).toEqual([...OLD]);
    expect(gone[10 * W + 19]).toBe(0);
  });

  it('leaves a soft edge over what was not cleaned, and hair kept in front', () => {
    const { photo, gone, canvas } = scene();
    // Nothing cleaned in the top rows: the edge there lies over the photo as it was.
    for (let y = 0; y < 5; y++) gone.fill(0, y * W, y * W + 16);
    for (let y = 0; y < 5; y++) for (let x = 0; x < 16; x++) photo.data.set(OLD, (y * W + x) * 3);
    const hair = emptyMask(W, H);
    hair.data[15 * W + 16] = 255;
    carryUnderEdge(photo, gone, canvas, hair);
    // The carry creeps along the edge a pixel a pass, no further: four rows from the cleaned ones the edge
    // lies over the photo as it was.
    expect(at(photo, 16, 1)).toEqual([...OLD]);
    expect(at(photo, 16, 4)).toEqual([...CLEANED]);
    expect(at(photo, 16, 15)).toEqual([...OLD]);
    // Beside the hair, the next pixel takes the cleaned colour from the cleaned pixels above and below.
    expect(at(photo, 17, 15)).toEqual([...CLEANED]);
  });
});
