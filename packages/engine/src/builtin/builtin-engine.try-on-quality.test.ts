import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatLayShirt } from '../../test/fixtures/flat-lay-shirt.ts';
import { type Box, meanDifference, type Rgb, rgbOf, share } from '../../test/fixtures/pixels.ts';
import { samplePhoto } from '../../test/fixtures/sample-photos.ts';
import type { RenderEngine } from '../engine.ts';
import { createBuiltinEngine } from './builtin-engine.ts';

// The shirt red: far more red than skin, whose red leads green by 40-60.
const reddish = (r: number, g: number, b: number): boolean => r > g + 80 && r > b + 80;

/** Mean luminance over a box. */
function luma(image: Rgb, box: Box): number {
  let sum = 0;
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++) {
      const i = (y * image.width + x) * 3;
      sum +=
        0.299 * (image.data[i] ?? 0) + 0.587 * (image.data[i + 1] ?? 0) + 0.114 * (image.data[i + 2] ?? 0);
    }
  }
  return sum / (box.width * box.height);
}

/** The longest run of reddish pixels on one row, bridging gaps of a few pixels (JPEG noise, print edges). */
function redRun(image: Rgb, y: number): number {
  let best = 0;
  let start = -1;
  let last = -10;
  for (let x = 0; x < image.width; x++) {
    const i = (y * image.width + x) * 3;
    if (!reddish(image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0)) continue;
    if (x - last > 4) start = x;
    last = x;
    best = Math.max(best, last - start + 1);
  }
  return best;
}

describe('built-in engine: try-on quality', () => {
  let engine: RenderEngine;
  let shirt: Buffer;
  let standing: Buffer;
  let standingAfter: Rgb;

  beforeAll(async () => {
    engine = createBuiltinEngine({ workers: 1 });
    [shirt, standing] = await Promise.all([flatLayShirt(), samplePhoto('standing')]);
    await engine.start();
    standingAfter = await rgbOf((await engine.renderTryOn({ person: standing, garment: shirt })).bytes);
  });
  afterAll(() => engine.close());

  it.each([
    // Bottom middle of the photo: his jacket, shirt and tie, below the collar.
    ['upperBodySuit', { left: 260, top: 930, width: 240, height: 80 }],
    // Her chest, below the neckline of her dark dress.
    ['upperBody', { left: 300, top: 760, width: 200, height: 120 }],
  ] as const)('dresses a head-and-shoulders photo (%s), whose hips are out of it', async (name, chest) => {
    const person = await samplePhoto(name);
    const result = await engine.renderTryOn({ person, garment: shirt });
    const [before, after] = await Promise.all([rgbOf(person), rgbOf(result.bytes)]);
    expect(share(before, chest, reddish)).toBeLessThan(0.1);
    expect(share(after, chest, reddish)).toBeGreaterThan(0.8);
  });

  it('keeps a forearm held across the body in front of the garment', async () => {
    const before = await rgbOf(standing);
    // Her right forearm, between the elbow (373, 570) and the wrist (432, 504) across her waist.
    const forearm = { left: 392, top: 525, width: 22, height: 22 };
    expect(meanDifference(before, standingAfter, forearm)).toBeLessThan(10);
    expect(share(standingAfter, forearm, reddish)).toBeLessThan(0.05);
  });

  it('makes the garment about as wide as the shoulders', () => {
    // Shoulder keypoints at (410, 358) and (672, 350): 262 px apart. The waist row, below the elbows.
    const width = redRun(standingAfter, 640);
    expect(width / 262).toBeGreaterThan(0.9);
    expect(width / 262).toBeLessThan(1.17);
  });

  it('ends the hem at the lap of a seated person', async () => {
    const person = await samplePhoto('sitting');
    const after = await rgbOf((await engine.renderTryOn({ person, garment: shirt })).bytes);
    // Hips at about y 485; her thighs and knees run on toward the camera below them.
    expect(share(after, { left: 230, top: 330, width: 110, height: 100 }, reddish)).toBeGreaterThan(0.6);
    expect(share(after, { left: 200, top: 560, width: 220, height: 120 }, reddish)).toBeLessThan(0.02);
  });

  it('takes the folds of the photo but not the pattern or the colour of the clothes underneath', async () => {
    // Her torso in a green top with black stripes 12 px wide: the garment over it must not come out striped.
    const stripes = Array.from(
      { length: 10 },
      (_, i) => `<rect x="${420 + i * 24}" y="380" width="12" height="380" fill="#000"/>`,
    ).join('');
    const paint = Buffer.from(
      `<svg width="768" height="1024"><rect x="420" y="380" width="240" height="380" fill="#2ecc40"/>${stripes}</svg>`,
    );
    const person = await sharp(standing)
      .composite([{ input: paint }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const after = await rgbOf((await engine.renderTryOn({ person, garment: shirt })).bytes);
    const onBlack = { left: 566, top: 610, width: 8, height: 60 };
    const onGreen = { left: 578, top: 610, width: 8, height: 60 };
    expect(share(after, onBlack, reddish)).toBeGreaterThan(0.95);
    expect(share(after, onGreen, reddish)).toBeGreaterThan(0.95);
    expect(Math.abs(luma(after, onBlack) - luma(after, onGreen)) / luma(after, onGreen)).toBeLessThan(0.06);
  });

  it('carries a fold of the photo (a soft shadow) onto the garment', async () => {
    const shadow = Buffer.from(
      `<svg width="768" height="1024"><rect x="585" y="380" width="30" height="380" fill="#000" fill-opacity="0.5"/></svg>`,
    );
    const shaded = await sharp(standing)
      .composite([{ input: await sharp(shadow).blur(6).png().toBuffer() }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const after = await rgbOf((await engine.renderTryOn({ person: shaded, garment: shirt })).bytes);
    const inShadow = { left: 592, top: 610, width: 16, height: 40 };
    expect(luma(after, inShadow)).toBeLessThan(luma(standingAfter, inShadow) * 0.93);
  });
});
