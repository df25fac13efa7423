import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatLay } from '../../test/fixtures/garments.ts';
import { body, personPhoto } from '../../test/fixtures/people.ts';
import { type Box, meanDifference, rgbOf, share } from '../../test/fixtures/pixels.ts';
import { landscapePhoto } from '../../test/fixtures/sample-photos.ts';
import { EngineError, type RenderEngine } from '../engine.ts';
import { createBuiltinEngine } from './builtin-engine.ts';

// The garments' colours: far from skin (whose red leads green by 40-60) and from the photos' clothes.
const RED = '#c0392b';
const reddish = (r: number, g: number, b: number): boolean => r > g + 80 && r > b + 80;
const PURPLE = '#7d3c98';
const purplish = (r: number, g: number, b: number): boolean => b > g + 50 && r > g + 30;

const photo = (name: string): Promise<Buffer> => personPhoto(body(name), 1024);

/**
 * The built-in engine end to end on photos of real people that npm packages ship (768 x 1024 once scaled)
 * and generated product photos. Boxes are in those pixels, read off BlazePose's keypoints once: Charles
 * (front, white wall) has his shoulders at (216, 619) and (539, 603), his elbows at y 875, his nose at
 * (368, 395); the full-length woman of studio-2 her hips at y 585, knees at y 750, ankles at y 900.
 */
describe('built-in engine: try-on', () => {
  let engine: RenderEngine;
  let charles: Buffer;
  let tee: Buffer;
  let charlesInTee: Buffer;

  beforeAll(async () => {
    engine = createBuiltinEngine({ workers: 1 });
    [charles, tee] = await Promise.all([
      photo('charles'),
      flatLay('t-shirt', { colour: RED }).then((f) => f.jpeg),
    ]);
    await engine.start();
    charlesInTee = (await engine.renderTryOn({ person: charles, garment: tee })).bytes;
  });
  afterAll(() => engine.close());

  it('dresses the chest and leaves the face and the wall alone', async () => {
    const [before, after] = await Promise.all([rgbOf(charles), rgbOf(charlesInTee)]);
    const chest: Box = { left: 290, top: 680, width: 180, height: 180 };
    expect(share(before, chest, reddish)).toBeLessThan(0.1);
    expect(share(after, chest, reddish)).toBeGreaterThan(0.85);
    const face: Box = { left: 300, top: 300, width: 140, height: 170 };
    expect(meanDifference(before, after, face)).toBeLessThan(3);
    for (const wall of [
      { left: 0, top: 0, width: 150, height: 400 },
      { left: 640, top: 0, width: 128, height: 400 },
    ]) {
      expect(meanDifference(before, after, wall)).toBeLessThan(2);
    }
  });

  it('puts the sleeves on the upper arms, not out beside them', async () => {
    const after = await rgbOf(charlesInTee);
    // A third of the way from each shoulder to its elbow, on the arm's line.
    expect(share(after, { left: 540, top: 680, width: 20, height: 30 }, reddish)).toBeGreaterThan(0.8);
    expect(share(after, { left: 190, top: 690, width: 20, height: 30 }, reddish)).toBeGreaterThan(0.8);
    // Well outside the arms, at the same height: the white wall.
    expect(share(after, { left: 680, top: 680, width: 40, height: 40 }, reddish)).toBe(0);
  });

  it('answers WebP of the photo size, or 1024 px on the longer side for larger photos', async () => {
    const result = await engine.renderTryOn({ person: charles, garment: tee });
    expect(result).toMatchObject({ contentType: 'image/webp', width: 768, height: 1024 });
    const large = await sharp(charles).resize(1200, 1600).jpeg().toBuffer();
    expect(await engine.renderTryOn({ person: large, garment: tee })).toMatchObject({
      width: 768,
      height: 1024,
    });
    const small = await sharp(charles).resize(600, 800).jpeg().toBuffer();
    expect(await engine.renderTryOn({ person: small, garment: tee })).toMatchObject({
      width: 600,
      height: 800,
    });
  });

  it('dresses a full-length person in a dress down to the knees, and in trousers down the legs', async () => {
    const person = await photo('studio-2');
    const [dress, trousers] = await Promise.all([
      flatLay('dress', { colour: PURPLE }).then((f) => f.jpeg),
      flatLay('trousers', { colour: PURPLE }).then((f) => f.jpeg),
    ]);
    const inDress = await rgbOf((await engine.renderTryOn({ person, garment: dress })).bytes);
    // Her belly (an orange top in the photo) and her thighs (jeans).
    expect(share(inDress, { left: 340, top: 480, width: 50, height: 60 }, purplish)).toBeGreaterThan(0.8);
    expect(share(inDress, { left: 330, top: 640, width: 60, height: 60 }, purplish)).toBeGreaterThan(0.8);
    // Her ankles stay bare.
    expect(share(inDress, { left: 360, top: 880, width: 40, height: 40 }, purplish)).toBeLessThan(0.1);
    const inTrousers = await rgbOf((await engine.renderTryOn({ person, garment: trousers })).bytes);
    expect(share(inTrousers, { left: 390, top: 640, width: 20, height: 60 }, purplish)).toBeGreaterThan(0.8);
    expect(share(inTrousers, { left: 290, top: 640, width: 20, height: 60 }, purplish)).toBeGreaterThan(0.8);
    // Her chest stays in her own top.
    expect(share(inTrousers, { left: 340, top: 420, width: 50, height: 50 }, purplish)).toBeLessThan(0.05);
    // Trousers take nothing over above the waist: her top, arms and neck are the photo's own.
    const before = await rgbOf(person);
    // (The answer is lossy WebP: about 2 levels of difference come from encoding alone.)
    expect(meanDifference(before, inTrousers, { left: 200, top: 230, width: 300, height: 250 })).toBeLessThan(
      4,
    );
  });

  it('cuts out a white garment on a light grey backdrop', async () => {
    const tank = await flatLay('tank', { colour: '#f6f6f4', background: '#e6e6e4' });
    const result = await engine.renderTryOn({ person: charles, garment: tank.jpeg });
    const [before, after] = await Promise.all([rgbOf(charles), rgbOf(result.bytes)]);
    const whitish = (r: number, g: number, b: number): boolean => r > 200 && g > 200 && b > 200;
    const chest: Box = { left: 320, top: 700, width: 120, height: 140 };
    // His football shirt there is part white, part green and blue: the tank changes it and makes it white.
    expect(meanDifference(before, after, chest)).toBeGreaterThan(15);
    expect(share(after, chest, whitish)).toBeGreaterThan(0.8);
  });

  it.each([
    ['blog-back', 'PERSON_BACK_VIEW'],
    ['studio-5', 'PERSON_SIDE_VIEW'],
  ])('refuses %s with %s', async (name, code) => {
    const error = await engine
      .renderTryOn({ person: await photo(name), garment: tee })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code, retryable: false });
  });

  it('refuses to bare a forearm in a sleeve across the body (PERSON_ARMS_CROSSED), but sleeves it', async () => {
    // Jordan holds his right forearm, in a white sweater's sleeve, across his belly.
    const jordan = await photo('jordan');
    await expect(engine.renderTryOn({ person: jordan, garment: tee })).rejects.toMatchObject({
      code: 'PERSON_ARMS_CROSSED',
      retryable: false,
    });
    const longSleeve = (await flatLay('long-sleeve', { colour: PURPLE })).jpeg;
    const sleeved = await engine.renderTryOn({ person: jordan, garment: longSleeve });
    // The middle of that forearm (BlazePose: elbow at (181, 803), wrist at (383, 832)) in the new sleeve.
    const forearm: Box = { left: 270, top: 808, width: 24, height: 20 };
    const [before, after] = await Promise.all([rgbOf(jordan), rgbOf(sleeved.bytes)]);
    expect(share(before, forearm, purplish)).toBe(0);
    expect(share(after, forearm, purplish)).toBeGreaterThan(0.8);
  });

  it('refuses trousers on a photo that ends at the waist (PERSON_BODY_HIDDEN)', async () => {
    const trousers = (await flatLay('trousers', { colour: PURPLE })).jpeg;
    await expect(engine.renderTryOn({ person: charles, garment: trousers })).rejects.toMatchObject({
      code: 'PERSON_BODY_HIDDEN',
    });
  });

  it('refuses a person too small in the photo (PERSON_TOO_SMALL)', async () => {
    const tiny = await sharp(await photo('studio-2'))
      .resize(110, 152)
      .toBuffer();
    const person = await sharp({ create: { width: 768, height: 1024, channels: 3, background: '#d8dde2' } })
      .composite([{ input: tiny, left: 330, top: 430 }])
      .jpeg()
      .toBuffer();
    const error = await engine.renderTryOn({ person, garment: tee }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: expect.stringMatching(/^(PERSON_TOO_SMALL|NO_PERSON)$/) });
  });

  it.each([
    ['a landscape photo', () => landscapePhoto()],
    [
      'a flat colour',
      () =>
        sharp({ create: { width: 768, height: 1024, channels: 3, background: '#7a8fa3' } })
          .jpeg()
          .toBuffer(),
    ],
    [
      'noise',
      () =>
        sharp({
          create: {
            width: 768,
            height: 1024,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 128, sigma: 60 },
          },
        })
          .jpeg()
          .toBuffer(),
    ],
    // BlazePose places a whole body on these: a T-shirt's rendered until the segmentation was asked, a long
    // sleeve's was called a back view.
    ['a T-shirt laid flat', () => flatLay('t-shirt', { colour: '#2c6e9e' }).then((f) => f.jpeg)],
    ['a long-sleeve top laid flat', () => flatLay('long-sleeve', { colour: '#2c6e9e' }).then((f) => f.jpeg)],
    // As the API stores an upload (WebP q90), and in red: the segmentation fills its chest and neck, and the
    // pose's thighs lie on its body; no head above the neck tells it from a back view.
    [
      'a long-sleeve top laid flat, stored as WebP',
      () =>
        flatLay('long-sleeve', { colour: '#2c6e9e' }).then((f) =>
          sharp(f.jpeg).webp({ quality: 90 }).toBuffer(),
        ),
    ],
    [
      'a red long-sleeve top laid flat',
      () => flatLay('long-sleeve', { colour: '#c0392b' }).then((f) => f.jpeg),
    ],
    // Its hood stands where a head would and the pose reads it from the back: it was a PERSON_BACK_VIEW.
    [
      'a hoodie laid flat',
      () => flatLay('hoodie', { proportions: 'everyday', colour: '#3d4b3d' }).then((f) => f.jpeg),
    ],
  ])('says NO_PERSON for %s', async (_, make) => {
    const error = await engine.renderTryOn({ person: await make(), garment: tee }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'NO_PERSON', retryable: false });
  });

  it('refuses a garment photographed on a busy background (GARMENT_BACKGROUND_BUSY)', async () => {
    const busy = await flatLay('t-shirt', { colour: RED, busy: 'shapes' });
    await expect(engine.renderTryOn({ person: charles, garment: busy.jpeg })).rejects.toMatchObject({
      code: 'GARMENT_BACKGROUND_BUSY',
    });
  });
});
