import { describe, expect, it } from 'vitest';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import { pixel, solidRgb } from '../../../test/fixtures/synthetic-person.ts';
import { composite } from './composite.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

/** A 20 x 20 canvas at (10, 10) with the garment (one colour) opaque over its columns 5-14, rows 5-14. */
function canvas(rgb: [number, number, number], alpha = 1): GarmentCanvas {
  const w = 20;
  const h = 20;
  const c = emptyCanvas({ left: 10, top: 10, width: w, height: h });
  for (let y = 5; y < 15; y++) {
    for (let x = 5; x < 15; x++) {
      const i = y * w + x;
      c.alpha[i] = alpha;
      c.part[i] = 1;
      c.rgb.set(rgb, i * 3);
    }
  }
  return c;
}

/**
 * A 40 x 40 photo of one colour, exposed as most photos are: its top row is white (a little past where the
 * light's cast is read), so the garment is not darkened as in a dim photo.
 */
function exposed(rgb: [number, number, number]): ReturnType<typeof solidRgb> {
  const photo = solidRgb(40, 40, rgb);
  for (let x = 0; x < 40; x++) photo.data.set([252, 252, 252], x * 3);
  return photo;
}

const noShade = (): Float32Array => new Float32Array(20 * 20).fill(1);

/**
 * A photo in colour: grey with a strip of two complementary colours along its bottom (rows 35-39), which
 * leave its mean colour (its cast) neutral.
 */
function colourPhoto(grey: number): ReturnType<typeof solidRgb> {
  const photo = exposed([grey, grey, grey]);
  for (let y = 35; y < 40; y++) {
    for (let x = 0; x < 40; x++) photo.data.set(x % 2 ? [188, 68, 128] : [68, 188, 128], (y * 40 + x) * 3);
  }
  return photo;
}

describe('composite', () => {
  it('puts the garment over the photo where it is opaque and leaves the rest of the photo alone', () => {
    const photo = colourPhoto(128);
    composite(photo, canvas([200, 40, 40]), noShade());
    expect(pixel(photo, 20, 20)).toEqual([200, 40, 40]);
    expect(pixel(photo, 2, 2)).toEqual([128, 128, 128]);
    expect(pixel(photo, 12, 12)).toEqual([128, 128, 128]);
  });

  it('blends by alpha', () => {
    const photo = colourPhoto(100);
    composite(photo, canvas([200, 0, 100], 0.5), noShade());
    expect(pixel(photo, 20, 20)).toEqual([150, 50, 100]);
  });

  it('softens the garment’s edge by a pixel', () => {
    const photo = exposed([0, 0, 0]);
    composite(photo, canvas([240, 240, 240]), noShade());
    // The garment's first column (canvas x 5): a third of the blur's window lies outside the garment.
    const edge = pixel(photo, 15, 20)[0];
    expect(edge).toBeGreaterThan(100);
    expect(edge).toBeLessThan(240);
    expect(pixel(photo, 16, 20)[0]).toBeGreaterThan(edge);
  });

  // BUG (composite.ts, the blend loop): the blurred alpha reaches a pixel outside the garment, where the
  // canvas's colour is 0 (black), so the photo there is blended towards black: a dark one-pixel outline.
  it('softens the edge outwards towards the garment’s colour, not black (no dark outline)', () => {
    const photo = exposed([200, 200, 200]);
    composite(photo, canvas([250, 250, 250]), noShade());
    // Just outside the garment (canvas x 4): between the photo (200) and the garment (250). Actual: 167.
    const outside = pixel(photo, 14, 20)[0];
    expect(outside).toBeGreaterThanOrEqual(200);
    expect(outside).toBeLessThanOrEqual(250);
  });

  it('darkens the photo by the shade it is given, under and around the garment', () => {
    const photo = exposed([200, 200, 200]);
    const shade = noShade();
    shade[17 * 20 + 10] = 0.5;
    composite(photo, canvas([0, 0, 0], 0), shade);
    expect(pixel(photo, 20, 27)).toEqual([100, 100, 100]);
    expect(pixel(photo, 21, 27)).toEqual([200, 200, 200]);
  });

  it('casts the colour of the photo’s light on the garment, read on what is nearly grey, within bounds', () => {
    // A warm light: the grey wall reads warm; the garment takes some of it, never more than a few per cent.
    const photo = exposed([150, 128, 110]);
    // Someone in it (rows 35-39, saturated colours): a photo all of one hue would be a toned print.
    for (let i = 35 * 40; i < 40 * 40; i++) photo.data.set(i % 2 ? [200, 40, 60] : [30, 60, 200], i * 3);
    composite(photo, canvas([100, 100, 100]), noShade());
    const [r, g, b] = pixel(photo, 20, 20);
    expect(r).toBeGreaterThan(100);
    expect(b).toBeLessThan(100);
    for (const v of [r, g, b]) {
      expect(v).toBeGreaterThanOrEqual(94);
      expect(v).toBeLessThanOrEqual(106);
    }
    // A neutral scene casts nothing.
    const grey = exposed([90, 90, 90]);
    composite(grey, canvas([100, 100, 100]), noShade());
    expect(pixel(grey, 20, 20)).toEqual([100, 100, 100]);
  });

  it('takes no cast from a saturated backdrop: a teal wall is a colour in the scene, not the light', () => {
    // A teal wall over most of the photo, a white shirt in white light (rows 30-39).
    const photo = exposed([0, 170, 160]);
    for (let i = 30 * 40; i < 40 * 40; i++) photo.data.set([228, 230, 229], i * 3);
    composite(photo, canvas([240, 240, 240]), noShade());
    const [r, g, b] = pixel(photo, 20, 20);
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThanOrEqual(1);
    // Nothing nearly grey at all: nothing to read the light by, no cast.
    const teal = exposed([0, 128, 128]);
    for (let i = 35 * 40; i < 40 * 40; i++) teal.data.set([200, 90, 40], i * 3);
    composite(teal, canvas([100, 100, 100]), noShade());
    expect(pixel(teal, 20, 20)).toEqual([100, 100, 100]);
  });

  it("lays the photo's grain on the garment, the same on every channel, and none when it has none", () => {
    const photo = colourPhoto(120);
    composite(photo, canvas([150, 100, 80]), noShade(), 4);
    const values: number[] = [];
    for (let y = 16; y < 24; y++) {
      for (let x = 16; x < 24; x++) {
        const [r, g, b] = pixel(photo, x, y);
        // One offset for all three channels (rounding aside).
        expect(Math.abs(r - 150 - (g - 100))).toBeLessThanOrEqual(1);
        expect(Math.abs(r - 150 - (b - 80))).toBeLessThanOrEqual(1);
        values.push(r);
      }
    }
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const spread = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
    expect(Math.abs(mean - 150)).toBeLessThan(1.5);
    expect(spread).toBeGreaterThan(2.5);
    expect(spread).toBeLessThan(5.5);
    const clean = colourPhoto(120);
    composite(clean, canvas([150, 100, 80]), noShade());
    expect(pixel(clean, 17, 19)).toEqual([150, 100, 80]);
  });

  it('never overflows a bright garment under a warm cast', () => {
    const photo = exposed([220, 185, 160]);
    for (let i = 35 * 40; i < 40 * 40; i++) photo.data.set(i % 2 ? [200, 40, 60] : [30, 60, 200], i * 3);
    composite(photo, canvas([250, 250, 250]), noShade());
    expect(pixel(photo, 20, 20)[0]).toBe(255);
  });

  it("darkens the garment in a dim photo, as far as its whites are darker than a photo's usual", () => {
    // Nothing in the photo lighter than 150 (a party at night): a white garment would glow.
    const dim = solidRgb(40, 40, [60, 60, 60]);
    for (let i = 30 * 40; i < 40 * 40; i++) dim.data.set(i % 2 ? [150, 150, 150] : [120, 40, 40], i * 3);
    composite(dim, canvas([240, 240, 240]), noShade());
    const [r] = pixel(dim, 20, 20);
    // (150 / 235) ^ 0.8 of 240: about 167.
    expect(r).toBeGreaterThan(160);
    expect(r).toBeLessThan(175);
    // The same photo with its whites as light as usual: the garment as it is.
    const lit = solidRgb(40, 40, [60, 60, 60]);
    for (let i = 30 * 40; i < 40 * 40; i++) lit.data.set(i % 2 ? [240, 240, 240] : [120, 40, 40], i * 3);
    composite(lit, canvas([240, 240, 240]), noShade());
    expect(pixel(lit, 20, 20)[0]).toBe(240);
  });

  it('lays a garment in a black-and-white photo in black and white, and in a toned one in its tone', () => {
    const bw = exposed([120, 120, 120]);
    for (let i = 0; i < 40 * 40; i += 3) bw.data.set([30, 30, 30], i * 3);
    composite(bw, canvas([200, 40, 40]), noShade());
    const [r, g, b] = pixel(bw, 20, 20);
    expect(r).toBe(g);
    expect(g).toBe(b);
    // The garment's brightness is kept (its luma: 0.299 * 200 + 0.587 * 40 + 0.114 * 40).
    expect(r).toBeCloseTo(87, -1);
    // Sepia: every pixel the same warm hue; the garment takes that hue, not its own red.
    const sepia = exposed([150, 120, 90]);
    for (let i = 0; i < 40 * 40; i += 3) sepia.data.set([50, 40, 30], i * 3);
    composite(sepia, canvas([40, 40, 200]), noShade());
    const [sr, sg, sb] = pixel(sepia, 20, 20);
    expect(sr).toBeGreaterThan(sg);
    expect(sg).toBeGreaterThan(sb);
    // A photo in colour keeps the garment's own colour.
    const colour = colourPhoto(120);
    composite(colour, canvas([200, 40, 40]), noShade());
    expect(pixel(colour, 20, 20)).toEqual([200, 40, 40]);
  });
});
