import { describe, expect, it } from 'vitest';
import { fillScene } from '../../../test/fixtures/fill-scene.ts';
import type { Raster } from '../image/raster.ts';
import { PIXEL, shiftFill } from './shift-fill.ts';

const W = 160;
const H = 200;
/** The region to fill: 30 x 40 pixels. */
const HOLE = { x0: 70, x1: 100, y0: 80, y1: 120 };
const OLD_SLEEVE = [180, 40, 40] as const;

/** A backdrop of stripes 4 px wide (down the photo, or `across` it), grey 60 and 200. */
const stripes =
  (across = false) =>
  (x: number, y: number): number =>
    Math.floor((across ? y : x) / 4) % 2 === 0 ? 60 : 200;

/** The photo's backdrop as `grey` says, the hole painted as an old sleeve (`fillScene`). */
const scene = (grey: (x: number, y: number) => number, kindAt?: (x: number, y: number) => number) =>
  fillScene(
    { width: W, height: H },
    { ...HOLE, inHole: OLD_SLEEVE },
    (x, y) => {
      const g = grey(x, y);
      return [g, g, g];
    },
    kindAt,
  );

const box = { left: 0, top: 0, width: W, height: H };
/** The new garment: everything right of the hole. */
const garmentRight = (x: number): number => (x >= HOLE.x1 ? PIXEL.hole : PIXEL.backdrop);

/** The mean difference, over the hole, between the photo's grey and what the backdrop there would be. */
function error(photo: Raster, grey: (x: number, y: number) => number): number {
  let sum = 0;
  let n = 0;
  for (let y = HOLE.y0; y < HOLE.y1; y++) {
    for (let x = HOLE.x0; x < HOLE.x1; x++) {
      const i = (y * W + x) * 3;
      sum += Math.abs((photo.data[i + 1] ?? 0) - grey(x, y));
      n++;
    }
  }
  return sum / n;
}

describe('shiftFill', () => {
  it("runs a textured backdrop's pattern on through a region beside the new garment", () => {
    const grey = stripes();
    const { photo, kind, filled } = scene(grey, garmentRight);
    const done = shiftFill(photo, box, filled, (i) => kind[i] ?? PIXEL.backdrop);
    expect(done.reduce((a, b) => a + b, 0)).toBe(30 * 40);
    // The stripes, not their mean (130, off by 70 everywhere) nor the old sleeve.
    expect(error(photo, grey)).toBeLessThan(5);
    // Nothing outside the region changes.
    expect(photo.data[(10 * W + 10) * 3]).toBe(grey(10, 10));
  });

  it('leaves a region on a plain backdrop (a wall) to the smooth fill: a copy there brings in nothing', () => {
    const { photo, kind, filled } = scene(() => 150, garmentRight);
    const done = shiftFill(photo, box, filled, (i) => kind[i] ?? PIXEL.backdrop);
    expect(done.every((v) => v === 0)).toBe(true);
    expect([...photo.data.subarray((HOLE.y0 * W + HOLE.x0) * 3, (HOLE.y0 * W + HOLE.x0) * 3 + 3)]).toEqual([
      ...OLD_SLEEVE,
    ]);
  });

  it('leaves a region away from the new garment to the smooth fill', () => {
    const { photo, kind, filled } = scene(stripes());
    expect(shiftFill(photo, box, filled, (i) => kind[i] ?? PIXEL.backdrop).every((v) => v === 0)).toBe(true);
  });

  it('leaves a region the person encloses (beside the neck, in an open neckline) to the smooth fill', () => {
    // The person left of, above and below the region; the new garment in a strip right of it, and the
    // backdrop (stripes across, so its ring is textured) past that.
    const kindAt = (x: number, y: number): number => {
      if (x >= HOLE.x1 && x < HOLE.x1 + 2 && y >= HOLE.y0 && y < HOLE.y1) return PIXEL.hole;
      if (x >= HOLE.x1 + 2) return PIXEL.backdrop;
      return PIXEL.person;
    };
    const { photo, kind, filled } = scene(stripes(true), kindAt);
    expect(shiftFill(photo, box, filled, (i) => kind[i] ?? PIXEL.backdrop).every((v) => v === 0)).toBe(true);
  });

  it('takes no shift that would bring in what the ring round the region does not show', () => {
    // Stripes within 6 px of the region (its ring), a red sign everywhere a shift could copy from.
    const grey = stripes();
    const near = (x: number, y: number): boolean =>
      x >= HOLE.x0 - 6 && x < HOLE.x1 + 6 && y >= HOLE.y0 - 6 && y < HOLE.y1 + 6;
    const { photo, kind, filled } = scene(grey, garmentRight);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++)
        if (!near(x, y) && x < HOLE.x1) photo.data.set([200, 30, 30], (y * W + x) * 3);
    }
    expect(shiftFill(photo, box, filled, (i) => kind[i] ?? PIXEL.backdrop).every((v) => v === 0)).toBe(true);
  });
});
