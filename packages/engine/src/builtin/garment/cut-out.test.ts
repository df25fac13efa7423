import { beforeAll, describe, expect, it } from 'vitest';
import {
  type FlatLay,
  type FlatLayOptions,
  flatLay,
  openCvForTests,
} from '../../../test/fixtures/garments.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { type CutOut, cutOut } from './cut-out.ts';
import type { GarmentKind } from './garment.ts';

let cv: OpenCv;
beforeAll(async () => {
  ({ cv } = await openCvForTests());
});

/** Intersection over union of the cut-out's shape (placed back in the photo) and the drawn one. */
function iou(f: FlatLay, c: CutOut): number {
  let inter = 0;
  let union = 0;
  const { width, height } = f.rgb;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const drawn = (f.mask[y * width + x] ?? 0) > 0;
      const cx = x - c.box.x;
      const cy = y - c.box.y;
      const found =
        cx >= 0 &&
        cy >= 0 &&
        cx < c.box.width &&
        cy < c.box.height &&
        (c.mask[cy * c.box.width + cx] ?? 0) > 0;
      if (drawn && found) inter++;
      if (drawn || found) union++;
    }
  }
  return inter / union;
}

const cases: [GarmentKind, FlatLayOptions][] = [
  ['t-shirt', {}],
  ['t-shirt', { colour: '#ffffff', background: '#e9e9e9' }],
  ['t-shirt', { colour: '#ffffff', background: '#e9e9e9', vignette: true, sleeves: 'down' }],
  ['t-shirt', { colour: '#1f1f1f', background: '#4a4a4a', pattern: 'print' }],
  ['long-sleeve', { pattern: 'stripes', colour: '#d35400', sleeves: 'down' }],
  ['long-sleeve', { sleeves: 'folded', colour: '#2a2a2a', background: '#444444' }],
  ['tank', { colour: '#ffffff', background: '#e9e9e9', pattern: 'stripes' }],
  ['dress', { vignette: true }],
  ['dress', { cut: 'sheath', sleeved: true, pattern: 'print', colour: '#f5e6c8' }],
  ['hoodie', { colour: '#ffffff', background: '#e9e9e9', sleeves: 'down' }],
  ['jacket', { colour: '#1b2a41', vignette: true }],
  ['trousers', { colour: '#34495e', width: 600, height: 900 }],
  ['t-shirt', { noise: 6, quality: 70 }],
  ['trousers', { colour: '#34495e', noise: 4, quality: 75 }],
  ['hoodie', { colour: '#999999', background: '#f4f4f4', noise: 6, quality: 60 }],
  ['shorts', { colour: '#ffffff', background: '#e9e9e9' }],
  ['skirt', { colour: '#222222', background: '#4a4a4a', pattern: 'stripes' }],
];

/** Rows `top` to `top + height` of an RGB photo. */
function cropRows(data: Uint8Array, width: number, top: number, height: number) {
  return {
    data: data.slice(top * width * 3, (top + height) * width * 3),
    width,
    height,
    channels: 3 as const,
  };
}

describe('cutOut', () => {
  for (const [kind, options] of cases) {
    it(`cuts out a ${kind} ${JSON.stringify(options)} (IoU with the drawn shape >= 0.95)`, async () => {
      const f = await flatLay(kind, options);
      const c = cutOut(cv, f.rgb);
      expect(iou(f, c)).toBeGreaterThanOrEqual(0.95);
    });
  }

  it('gives the garment a soft edge and trims the image to it', async () => {
    const f = await flatLay('t-shirt', { width: 600, height: 600 });
    const c = cutOut(cv, f.rgb);
    expect(c.image.channels).toBe(4);
    expect(c.image.width).toBe(c.box.width);
    let partial = 0;
    for (let i = 3; i < c.image.data.length; i += 4) {
      const a = c.image.data[i] ?? 0;
      if (a > 0 && a < 255) partial++;
    }
    // Anti-aliased: a rim of partial coverage, about the outline's length, not the whole garment.
    expect(partial).toBeGreaterThan(c.box.width);
    expect(partial).toBeLessThan(c.box.width * c.box.height * 0.1);
    // Tight: garment within a few pixels of the box's top and bottom.
    const rowHas = (y: number) => c.mask.subarray(y * c.box.width, (y + 1) * c.box.width).some((v) => v > 0);
    expect(rowHas(3) && rowHas(c.box.height - 4)).toBe(true);
    expect(rowHas(0) && rowHas(c.box.height - 1)).toBe(false);
  });

  it("smooths the ragged outline the image's alpha shows, on the course of the shape as cut", async () => {
    // The quality bench's print T-shirt: its cut is ragged by a pixel or two down its sides, which warped
    // onto a body read as a torn paper edge.
    const f = await flatLay('t-shirt', { colour: '#c0392b', pattern: 'print', proportions: 'everyday' });
    const c = cutOut(cv, f.rgb);
    const w = c.box.width;
    const h = c.box.height;
    /** The left edge of a mask row by row down the middle third of the body, and its total variation. */
    const side = (mask: Uint8Array) => {
      const xs: number[] = [];
      for (let y = Math.round(h * 0.5); y < Math.round(h * 0.85); y++) {
        const row = mask.subarray(y * w, (y + 1) * w);
        xs.push(row.findIndex((v) => v > 0));
      }
      let variation = 0;
      for (let k = 1; k < xs.length; k++) variation += Math.abs((xs[k] ?? 0) - (xs[k - 1] ?? 0));
      return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, variation };
    };
    const cut = side(c.mask);
    const smooth = side(c.outline);
    expect(cut.variation).toBeGreaterThan(20);
    expect(smooth.variation).toBeLessThan(cut.variation * 0.6);
    expect(Math.abs(smooth.mean - cut.mean)).toBeLessThan(1.5);
  });

  for (const options of [{ busy: 'wood' }, { busy: 'shapes' }, { busy: 'shapes', seed: 3 }] as const) {
    it(`refuses a garment on a busy backdrop (${JSON.stringify(options)}) with GARMENT_BACKGROUND_BUSY`, async () => {
      const f = await flatLay('t-shirt', options);
      expect(() => cutOut(cv, f.rgb)).toThrowError(
        expect.objectContaining({ name: 'RenderRefusal', code: 'GARMENT_BACKGROUND_BUSY' }),
      );
    });
  }

  it('cuts out trousers the photo crops at the waist and the hems (not taken for clutter)', async () => {
    const f = await flatLay('trousers', {});
    const top = 60;
    const height = 770;
    const c = cutOut(cv, cropRows(f.rgb.data, f.rgb.width, top, height));
    expect(c.box.y).toBe(0);
    expect(c.box.y + c.box.height).toBeGreaterThanOrEqual(height - 2);
    let drawn = 0;
    for (let i = top * f.rgb.width; i < (top + height) * f.rgb.width; i++) if ((f.mask[i] ?? 0) > 0) drawn++;
    let found = 0;
    for (const v of c.mask) if (v > 0) found++;
    expect(found / drawn).toBeGreaterThan(0.97);
    expect(found / drawn).toBeLessThan(1.03);
    // The waistband the frame cuts is opaque to the frame: the smoothed outline does not fade along it.
    const waist = Array.from(c.mask.subarray(0, c.box.width));
    const middle = Math.round((waist.indexOf(255) + waist.lastIndexOf(255)) / 2);
    expect(c.image.data[middle * 4 + 3]).toBeGreaterThan(240);
  });

  it('keeps the hem where a fold shaded to the backdrop runs into it (white on light grey)', async () => {
    // The quality bench's tank: its fold reaches the hem with the backdrop's very colour, and the backdrop
    // grown back into the closed shape once bit notches out of the hem there (11.6% of its last rows).
    const f = await flatLay('tank', { colour: '#f4f4f2', background: '#e6e6e4', proportions: 'everyday' });
    const c = cutOut(cv, f.rgb);
    const { width, height } = f.rgb;
    let top = height;
    let bottom = 0;
    for (let i = 0; i < f.mask.length; i++) {
      if (!f.mask[i]) continue;
      top = Math.min(top, Math.floor(i / width));
      bottom = Math.max(bottom, Math.floor(i / width));
    }
    let drawn = 0;
    let missed = 0;
    for (let y = Math.ceil(bottom - 0.08 * (bottom - top)); y <= bottom; y++) {
      for (let x = 0; x < width; x++) {
        if (!f.mask[y * width + x]) continue;
        drawn++;
        const cx = x - c.box.x;
        const cy = y - c.box.y;
        const inside = cx >= 0 && cy >= 0 && cx < c.box.width && cy < c.box.height;
        if (!inside || !c.mask[cy * c.box.width + cx]) missed++;
      }
    }
    expect(missed / drawn).toBeLessThan(0.07);
  });

  it('refuses a photo of a plain backdrop without a garment with NO_GARMENT', async () => {
    for (const options of [{ empty: true }, { empty: true, vignette: true, background: '#e9e9e9' }]) {
      const f = await flatLay('t-shirt', options);
      expect(() => cutOut(cv, f.rgb)).toThrowError(expect.objectContaining({ code: 'NO_GARMENT' }));
    }
  });
});
