import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import { solidRgb } from '../../../test/fixtures/synthetic-person.ts';
import type { Raster } from '../image/raster.ts';
import type { OpenCv } from '../worker/opencv.ts';
import type { GarmentCanvas } from './garment-canvas.ts';
import { shadeGarment } from './shade-garment.ts';

const require = createRequire(import.meta.url);
let cv: OpenCv;

/** OpenCV.js's module is a thenable that never settles: wait for its classes instead (as load-models does). */
beforeAll(async () => {
  const module = require('@techstark/opencv-js') as Partial<OpenCv>;
  const deadline = Date.now() + 30_000;
  while (!module.Mat) {
    if (Date.now() > deadline) throw new Error('OpenCV did not initialise');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  cv = module as OpenCv;
}, 60_000);

const W = 240;
const H = 240;
const SPAN = 100;

/** A grey (180) garment canvas over the whole photo, opaque except a transparent 20 px margin on the right. */
function canvas(): GarmentCanvas {
  const c = emptyCanvas({ left: 0, top: 0, width: W, height: H });
  c.rgb.fill(180);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W - 20; x++) {
      c.alpha[y * W + x] = 1;
      c.part[y * W + x] = 1;
    }
  }
  return c;
}

/** A photo of grey 160 with `f(x, y)` (a grey level) where it returns one. */
function photoOf(f: (x: number, y: number) => number | null): Raster {
  const photo = solidRgb(W, H, [160, 160, 160]);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const v = f(x, y);
      if (v !== null) photo.data.set([v, v, v], (y * W + x) * 3);
    }
  }
  return photo;
}

const value = (c: GarmentCanvas, x: number, y: number): number => c.rgb[(y * W + x) * 3] ?? -1;

/** The garment's darkest and lightest value across the middle of row 120. */
function rowRange(c: GarmentCanvas): { lo: number; hi: number } {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let x = 60; x < 180; x++) {
    lo = Math.min(lo, value(c, x, 120));
    hi = Math.max(hi, value(c, x, 120));
  }
  return { lo, hi };
}

/** Stripes 12 px wide (about the width of a fold at this span) of two greys under a fresh canvas, shaded. */
function shadedStripes(low: number, high: number): GarmentCanvas {
  const c = canvas();
  shadeGarment(
    cv,
    photoOf((x) => (Math.floor(x / 12) % 2 ? high : low)),
    c,
    SPAN,
  );
  return c;
}

describe('shadeGarment', () => {
  it('carries a broad dark band of the photo onto the garment', () => {
    // The left 80 px (most of a shoulder span) in shadow.
    const c = canvas();
    shadeGarment(
      cv,
      photoOf((x) => (x < 80 ? 60 : null)),
      c,
      SPAN,
    );
    const dark = value(c, 20, 120);
    const lit = value(c, 180, 120);
    expect(dark).toBeLessThan(lit * 0.8);
    expect(dark).toBeLessThan(180);
    // Luminance only: the garment stays grey.
    const i = (120 * W + 20) * 3;
    expect(c.rgb[i + 1]).toBeCloseTo(c.rgb[i] ?? -1, 3);
    expect(c.rgb[i + 2]).toBeCloseTo(c.rgb[i] ?? -1, 3);
  });

  it('does not carry a fine checker pattern (a print, knit) onto the garment', () => {
    const c = canvas();
    shadeGarment(
      cv,
      photoOf((x, y) => (((x >> 1) + (y >> 1)) % 2 ? 220 : 90)),
      c,
      SPAN,
    );
    // The checker's own cells (2 px) do not show: neighbouring cells' garment pixels differ by < 0.5 %.
    let step = 0;
    for (let y = 10; y < H - 10; y++) {
      for (let x = 10; x < W - 40; x++) step = Math.max(step, Math.abs(value(c, x + 2, y) - value(c, x, y)));
    }
    expect(step).toBeLessThan(180 * 0.005);
    // Nor does it darken or lighten the garment as a whole, away from the photo's edges.
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let y = 40; y < H - 40; y++) {
      for (let x = 40; x < W - 40; x++) {
        lo = Math.min(lo, value(c, x, y));
        hi = Math.max(hi, value(c, x, y));
      }
    }
    expect(hi - lo).toBeLessThan(180 * 0.01);
    expect(Math.abs(value(c, 120, 120) - 180)).toBeLessThan(180 * 0.01);
  });

  it('carries folds (detail between the fine and the coarse scale) onto the garment', () => {
    // As deep as folds in cloth are.
    const c = shadedStripes(140, 180);
    const { lo, hi } = rowRange(c);
    expect(hi - lo).toBeGreaterThan(180 * 0.05);
    // Darker on the dark stripes.
    expect(value(c, 102, 120)).toBeLessThan(value(c, 114, 120));
  });

  it('carries a pattern without hue (black and white) no stronger than folds in cloth are', () => {
    const range = (low: number, high: number): number => {
      const { lo, hi } = rowRange(shadedStripes(low, high));
      return hi - lo;
    };
    // Soft folds (grey 145 and 175) come through; a black-and-white print of the same size, whose contrast
    // is many times theirs, comes through hardly stronger: it would read as marble on the new garment.
    const folds = range(145, 175);
    const print = range(40, 250);
    expect(folds).toBeGreaterThan(180 * 0.04);
    expect(print).toBeLessThan(folds * 1.6);
  });

  it('does not carry a hard-edged black-and-white print: light does not change in steps', () => {
    const range = (low: number, high: number): number => {
      const { lo, hi } = rowRange(shadedStripes(low, high));
      return hi - lo;
    };
    // The stripes of the fold test, hard-edged black and white: a print, whose edges the fold band would
    // draw as ridges. Soft folds of the same size come through as before.
    const folds = range(145, 175);
    expect(folds).toBeGreaterThan(180 * 0.04);
    expect(range(40, 250)).toBeLessThan(folds * 0.6);
  });

  it('does not carry a coloured print as large as a fold: its hue moves with its lightness', () => {
    // The fold test's stripes, but green and white: a print of the old top, not shade.
    const c = canvas();
    const photo = solidRgb(W, H, [160, 160, 160]);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        photo.data.set(Math.floor(x / 12) % 2 ? [230, 230, 225] : [40, 150, 60], (y * W + x) * 3);
      }
    }
    shadeGarment(cv, photo, c, SPAN);
    const { lo, hi } = rowRange(c);
    expect(hi - lo).toBeLessThan(180 * 0.03);
  });

  it('leaves a garment under even light as it is, and transparent pixels alone', () => {
    const c = canvas();
    c.rgb.fill(77, (10 * W + W - 5) * 3, (10 * W + W - 4) * 3);
    shadeGarment(
      cv,
      photoOf(() => null),
      c,
      SPAN,
    );
    expect(value(c, 100, 100)).toBeCloseTo(180, 3);
    expect(value(c, W - 5, 10)).toBe(77);
  });

  it('never brightens the garment past white', () => {
    const c = canvas();
    c.rgb.fill(250);
    shadeGarment(
      cv,
      photoOf((x) => (x < 80 ? 250 : 40)),
      c,
      SPAN,
    );
    expect(c.rgb.reduce((m, v) => Math.max(m, v), 0)).toBeLessThanOrEqual(255);
    expect(value(c, 20, 120)).toBeGreaterThan(value(c, 180, 120));
  });
});
