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

  it('leaves the garment whole when the inside cannot be told from the front (a dark garment)', () => {
    const { shape, grey, parts } = top((x, y) => x > 40 && x < 160 && y < round(x), 148);
    const before = Uint8Array.from(parts);
    openNeckline(parts, shape, grey, neck);
    expect(parts).toEqual(before);
  });
});
