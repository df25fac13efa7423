import { describe, expect, it } from 'vitest';
import { fillScene } from '../../../test/fixtures/fill-scene.ts';
import type { Raster } from '../image/raster.ts';
import { patchFill } from './patch-fill.ts';
import { PIXEL } from './shift-fill.ts';

const W = 200;
const H = 200;
/** The region to fill: 60 x 80 pixels, holding the smooth fill's grey as the caller leaves it. */
const HOLE = { x0: 70, x1: 130, y0: 60, y1: 140 };
const SMOOTH = [128, 128, 128] as const;

/** The backdrop as `colour` says, the hole holding the smooth fill (`fillScene`). */
const scene = (
  colour: (x: number, y: number) => readonly [number, number, number],
  kindAt?: (x: number, y: number) => number,
) => fillScene({ width: W, height: H }, { ...HOLE, inHole: SMOOTH }, colour, kindAt);

function fill(s: ReturnType<typeof scene>): Uint8Array {
  const box = { left: 0, top: 0, width: W, height: H };
  return patchFill(s.photo, box, s.filled, (i) => s.kind[i] ?? PIXEL.backdrop);
}

const at = (photo: Raster, x: number, y: number): number[] =>
  Array.from(photo.data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3));

/** Mean colour over columns [x0, x1) of rows [y0, y1). */
function mean(photo: Raster, x0: number, x1: number, y0: number, y1: number): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const [r = 0, g = 0, b = 0] = at(photo, x, y);
      sum[0] = (sum[0] ?? 0) + r;
      sum[1] = (sum[1] ?? 0) + g;
      sum[2] = (sum[2] ?? 0) + b;
      n++;
    }
  }
  return sum.map((v) => v / n);
}

const MAROON = [110, 30, 60] as const;
const LIGHT = [225, 230, 220] as const;

describe('patchFill', () => {
  it("takes each side's own colour from the backdrop beside it, where the smooth fill was their grey mean", () => {
    // A maroon shirt left of the hole and a light street right of it, the seam between them down its middle.
    const s = scene((x) => (x < 100 ? MAROON : LIGHT));
    const done = fill(s);
    expect(done.reduce((a, v) => a + v, 0)).toBe(60 * 80);
    const left = mean(s.photo, 72, 90, 62, 138);
    const right = mean(s.photo, 110, 128, 62, 138);
    // Within a quarter of the way from its own side's colour to the other's (the grey mean is half-way).
    for (let c = 0; c < 3; c++) {
      const gap = Math.abs((LIGHT[c] ?? 0) - (MAROON[c] ?? 0));
      expect(Math.abs((left[c] ?? 0) - (MAROON[c] ?? 0))).toBeLessThan(gap / 4);
      expect(Math.abs((right[c] ?? 0) - (LIGHT[c] ?? 0))).toBeLessThan(gap / 4);
    }
  });

  it("carries a textured backdrop's pattern through the hole at full size", () => {
    // Stripes 3 px wide across the photo: the smooth fill has none of their spread.
    const s = scene((_, y) => (Math.floor(y / 3) % 2 === 0 ? [60, 60, 60] : [200, 200, 200]));
    fill(s);
    // Down a column in the hole the grey keeps changing by the stripes' step, as in the backdrop.
    let steps = 0;
    for (let y = 70; y < 130; y++) {
      const [a = 0] = at(s.photo, 100, y);
      const [b = 0] = at(s.photo, 100, y + 1);
      if (Math.abs(a - b) > 60) steps++;
    }
    // The backdrop steps every 3 rows: 20 steps over 60 rows.
    expect(steps).toBeGreaterThan(12);
  });

  it('copies a smooth backdrop smoothly: no seams between the places neighbouring patches came from', () => {
    // A backdrop whose light changes steadily both ways (a blurred street): a copy from another place is
    // lighter or darker by as much as it was moved, and blocks copied whole from different places step.
    const s = scene((x, y) => [40 + x, 30 + y, 100 + ((x + y) >> 2)]);
    fill(s);
    let step = 0;
    for (let y = HOLE.y0; y < HOLE.y1 - 1; y++) {
      for (let x = HOLE.x0; x < HOLE.x1 - 1; x++) {
        const [a = 0, b = 0] = at(s.photo, x, y);
        const [right = 0] = at(s.photo, x + 1, y);
        const [, below = 0] = at(s.photo, x, y + 1);
        step = Math.max(step, Math.abs(right - a), Math.abs(below - b));
      }
    }
    expect(step).toBeLessThan(8);
  });

  it('never copies the person, however near: only the backdrop', () => {
    // A red person fills everything right of the hole; the backdrop left of it is grey-blue.
    const s = scene(
      (x) => (x >= HOLE.x1 ? [200, 30, 30] : [90, 100, 120]),
      (x) => (x >= HOLE.x1 ? PIXEL.person : PIXEL.backdrop),
    );
    fill(s);
    for (let y = HOLE.y0; y < HOLE.y1; y++) {
      for (let x = HOLE.x0; x < HOLE.x1; x++) {
        const [r = 0, g = 0] = at(s.photo, x, y);
        expect(r - g, `(${x}, ${y})`).toBeLessThan(40);
      }
    }
  });

  it('leaves a region the person encloses: its colour is the person round it, the caller fill’s', () => {
    // Skin 10 px round the hole, a green backdrop beyond it (within reach).
    const ring = (x: number, y: number): boolean =>
      x >= HOLE.x0 - 10 && x < HOLE.x1 + 10 && y >= HOLE.y0 - 10 && y < HOLE.y1 + 10;
    const s = scene(
      (x, y) => (ring(x, y) ? [200, 160, 140] : [30, 200, 30]),
      (x, y) => (ring(x, y) ? PIXEL.person : PIXEL.backdrop),
    );
    const before = Uint8Array.from(s.photo.data);
    expect(fill(s).some((v) => v === 1)).toBe(false);
    expect(s.photo.data).toEqual(before);
  });

  it('leaves a region with no whole patch of backdrop round it to copy', () => {
    // Backdrop and person in a checker of 2 px: no 5 x 5 patch of backdrop anywhere, and no enclosure.
    const checker = (x: number, y: number): boolean => (Math.floor(x / 2) + Math.floor(y / 2)) % 2 === 0;
    const s = scene(
      (x, y) => (checker(x, y) ? [30, 200, 30] : [200, 160, 140]),
      (x, y) => (checker(x, y) ? PIXEL.backdrop : PIXEL.person),
    );
    const before = Uint8Array.from(s.photo.data);
    expect(fill(s).some((v) => v === 1)).toBe(false);
    expect(s.photo.data).toEqual(before);
  });
});
