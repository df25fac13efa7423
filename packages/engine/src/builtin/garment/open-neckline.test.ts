import { describe, expect, it } from 'vitest';
import { GarmentPart } from './garment.ts';
import { garmentShape } from './garment-shape.ts';
import { openNeckline } from './open-neckline.ts';

const W = 200;
const H = 200;
/** The neckline's corners and its lowest front point, as the landmarks give them. */
const neck = { right: { x: 40, y: 20 }, left: { x: 160, y: 20 }, front: { x: 100, y: 80 } };

/**
 * A flat-lay top's upper part: the garment fills the box from row 20 down; above the front neckline (`inside`
 * says, a column and row at a time, whether a pixel is the inside of the back) it shows the inside of its
 * back in grey `insideGrey`, the front is grey 150.
 */
function top(inside: (x: number, y: number) => boolean, insideGrey: number) {
  const mask = new Uint8Array(W * H);
  const grey = new Uint8Array(W * H);
  for (let y = 20; y < H; y++) {
    for (let x = 10; x < W - 10; x++) {
      mask[y * W + x] = 255;
      grey[y * W + x] = inside(x, y) ? insideGrey : 150;
    }
  }
  const shape = garmentShape(mask, W, H);
  const parts = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) if (mask[i]) parts[i] = GarmentPart.body;
  return { shape, grey, parts };
}

/** Depth of a round neckline (the parabola through the corners and the front point) at column x. */
const round = (x: number): number => 80 - 60 * ((x - 100) / 60) ** 2;
/** Depth of a V-neck (straight from the corners to the front point) at column x. */
const vee = (x: number): number => 80 - 60 * (Math.abs(x - 100) / 60);

const at = (parts: Uint8Array, x: number, y: number): number => parts[y * W + x] ?? -1;

describe('openNeckline', () => {
  it('opens a round neckline: the inside of the back goes, the front below it and the shoulders stay', () => {
    const { shape, grey, parts } = top((x, y) => x > 40 && x < 160 && y < round(x), 90);
    openNeckline(parts, shape, grey, neck);
    expect(at(parts, 100, 40)).toBe(GarmentPart.none);
    expect(at(parts, 100, 78)).toBe(GarmentPart.none);
    // Between the V lines and the curve, where only the colour tells (x 60: V at 40, curve at 53).
    expect(at(parts, 60, 50)).toBe(GarmentPart.none);
    expect(at(parts, 100, 84)).toBe(GarmentPart.body);
    expect(at(parts, 60, 66)).toBe(GarmentPart.body);
    expect(at(parts, 20, 25)).toBe(GarmentPart.body);
    expect(at(parts, 180, 25)).toBe(GarmentPart.body);
  });

  it('opens a V-neck along its lines, and leaves the front between the lines and the rounder curve', () => {
    const { shape, grey, parts } = top((x, y) => x > 40 && x < 160 && y < vee(x), 90);
    openNeckline(parts, shape, grey, neck);
    expect(at(parts, 100, 70)).toBe(GarmentPart.none);
    expect(at(parts, 60, 35)).toBe(GarmentPart.none);
    // x 60: the V at depth 40, the round curve at 53: the front's colour there, so it stays.
    expect(at(parts, 60, 50)).toBe(GarmentPart.body);
  });

  it('opens a striped front along one smooth curve, with no steps at its stripes and no specks below', () => {
    // A neckline between the V and the round curve; light (170) and dark (60) bands 4 rows each, the inside
    // of the back in the light stripe's grey, a little darker (160). Told a pixel at a time, the light
    // stripes between this neckline and the round curve went with the inside and the dark ones stayed, in
    // steps, and specks of the inside's grey in the front went too.
    const neckline = (x: number): number => 80 - 60 * (Math.abs(x - 100) / 60) ** 1.5;
    const inside = (x: number, y: number): boolean => x > 40 && x < 160 && y < neckline(x);
    const { shape, grey, parts } = top(inside, 160);
    for (let y = 20; y < H; y++) {
      for (let x = 10; x < W - 10; x++) {
        if (!inside(x, y)) grey[y * W + x] = Math.floor(y / 4) % 2 ? 60 : 170;
      }
    }
    const specks = [
      [60, 51],
      [140, 51],
      [100, 84],
    ] as const;
    for (const [x, y] of specks) grey[y * W + x] = 160;
    openNeckline(parts, shape, grey, neck);
    // Each column's opening ends within two rows of the neckline, the front whole below it.
    for (let x = 45; x <= 155; x += 5) {
      let lowest = -1;
      for (let y = 20; y < H; y++) if (at(parts, x, y) === GarmentPart.none) lowest = y;
      expect(Math.abs(lowest + 1 - neckline(x))).toBeLessThanOrEqual(2);
    }
    for (const [x, y] of specks) expect(at(parts, x, y)).toBe(GarmentPart.body);
  });

  it('leaves the garment whole when the inside cannot be told from the front (a dark garment)', () => {
    const { shape, grey, parts } = top((x, y) => x > 40 && x < 160 && y < round(x), 148);
    const before = Uint8Array.from(parts);
    openNeckline(parts, shape, grey, neck);
    expect(parts).toEqual(before);
  });
});
