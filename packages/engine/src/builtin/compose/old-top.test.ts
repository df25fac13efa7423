import { describe, expect, it } from 'vitest';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import { solidRgb } from '../../../test/fixtures/synthetic-person.ts';
import { Part } from '../person/body-parts.ts';
import { emptyMask } from '../person/mask.ts';
import type { BareSkin } from './bare-skin.ts';
import type { GarmentCanvas } from './garment-canvas.ts';
import { looksLikeOldTop, near, oldTopColour, seenHairColour } from './old-top.ts';

const W = 100;
const H = 100;
const noSkin: BareSkin = { left: 0, top: 0, width: W, height: H, data: new Uint8Array(W * H), level: 1 };

function canvasOver(x0: number, y0: number, x1: number, y1: number): GarmentCanvas {
  const canvas = emptyCanvas({ left: 0, top: 0, width: W, height: H });
  for (let y = y0; y < y1; y++) canvas.alpha.fill(1, y * W + x0, y * W + x1);
  return canvas;
}

describe('oldTopColour', () => {
  // The torso is x 20-80, y 20-100 in grey; a red print on a fifth of it; the backdrop blue.
  const photo = solidRgb(W, H, [30, 90, 200]);
  const labels = new Uint8Array(W * H);
  for (let y = 20; y < H; y++) {
    for (let x = 20; x < 80; x++) {
      labels[y * W + x] = Part.torso;
      photo.data.set(x < 32 ? [200, 20, 20] : [120, 124, 130], (y * W + x) * 3);
    }
  }
  const parts = { labels, width: W, height: H };

  it("is the median colour of the torso the new garment covers, not the backdrop's", () => {
    // The canvas reaches past the torso into the backdrop: only torso pixels count.
    expect(oldTopColour(photo, parts, canvasOver(0, 30, W, 90), noSkin, 100)).toEqual({
      r: 120,
      g: 124,
      b: 130,
    });
  });

  it('is unknown when the garment covers too little of the torso', () => {
    expect(oldTopColour(photo, parts, canvasOver(40, 40, 44, 44), noSkin, 100)).toBeNull();
  });

  it('tells the old top from the backdrop', () => {
    const old = { r: 120, g: 124, b: 130 };
    expect(looksLikeOldTop(photo, 50 * W + 50, old)).toBe(true);
    expect(looksLikeOldTop(photo, 5 * W + 5, old)).toBe(false);
  });

  it("reads the hair seen's colour, to be told from the old top's", () => {
    const hair = emptyMask(W, H);
    for (let y = 20; y < 40; y++) hair.data.fill(255, y * W + 20, y * W + 30);
    const box = { left: 0, top: 0, width: W, height: H };
    // The hair mask lies over the red print there.
    const colour = seenHairColour(photo, hair, box);
    expect(colour).toEqual({ r: 200, g: 20, b: 20 });
    expect(near(colour ?? { r: 0, g: 0, b: 0 }, { r: 190, g: 40, b: 30 })).toBe(true);
    expect(near(colour ?? { r: 0, g: 0, b: 0 }, { r: 120, g: 124, b: 130 })).toBe(false);
    expect(seenHairColour(photo, emptyMask(W, H), box)).toBeNull();
  });
});
