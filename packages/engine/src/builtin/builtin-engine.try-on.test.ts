import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatLayShirt } from '../../test/fixtures/flat-lay-shirt.ts';
import { meanDifference, rgbOf, share } from '../../test/fixtures/pixels.ts';
import { landscapePhoto, samplePhoto } from '../../test/fixtures/sample-photos.ts';
import { EngineError, type RenderEngine } from '../engine.ts';
import { createBuiltinEngine } from './builtin-engine.ts';

// The shirt red: far more red than skin, whose red leads green by 40-60.
const reddish = (r: number, g: number, b: number): boolean => r > g + 80 && r > b + 80;

describe('built-in engine: try-on', () => {
  let engine: RenderEngine;
  let person: Buffer;
  let shirt: Buffer;

  beforeAll(async () => {
    engine = createBuiltinEngine({ workers: 1 });
    [person, shirt] = await Promise.all([samplePhoto('standing'), flatLayShirt()]);
    await engine.start();
  });
  afterAll(() => engine.close());

  it('dresses the torso in the garment and leaves the background alone', async () => {
    const result = await engine.renderTryOn({ person, garment: shirt });
    expect(result).toMatchObject({ contentType: 'image/webp', width: 768, height: 1024 });
    expect(await sharp(result.bytes).metadata()).toMatchObject({ format: 'webp', width: 768, height: 1024 });

    const [before, after] = await Promise.all([rgbOf(person), rgbOf(result.bytes)]);
    // The woman's chest and belly (a purple top and skin in the photo), below the shirt's print.
    const torso = { left: 470, top: 560, width: 140, height: 160 };
    expect(share(before, torso, reddish)).toBeLessThan(0.2);
    expect(share(after, torso, reddish)).toBeGreaterThan(0.7);
    // The wall at the far left and the floor-level corner, away from her.
    for (const far of [
      { left: 0, top: 0, width: 150, height: 300 },
      { left: 0, top: 900, width: 200, height: 124 },
    ]) {
      expect(meanDifference(before, after, far)).toBeLessThan(2);
    }
  });

  it('keeps the size of any person photo', async () => {
    const wide = await samplePhoto('table', 900, 700);
    const result = await engine.renderTryOn({ person: wide, garment: shirt });
    expect([result.width, result.height]).toEqual([900, 700]);
    expect(await sharp(result.bytes).metadata()).toMatchObject({ width: 900, height: 700 });
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
  ])('says NO_PERSON for %s', async (_, make) => {
    const error = await engine.renderTryOn({ person: await make(), garment: shirt }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'NO_PERSON', retryable: false });
  });

  it('says NO_GARMENT when the garment photo has no plain background', async () => {
    const noise = await sharp({
      create: {
        width: 600,
        height: 640,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .jpeg()
      .toBuffer();
    await expect(engine.renderTryOn({ person, garment: noise })).rejects.toMatchObject({
      code: 'NO_GARMENT',
    });
  });

  it('cuts out a garment of another colour on another backdrop', async () => {
    const blue = await flatLayShirt({ colour: '#1f4e9c', background: '#ffffff' });
    const result = await engine.renderTryOn({ person, garment: blue });
    const after = await rgbOf(result.bytes);
    const bluish = (r: number, g: number, b: number): boolean => b > r + 40 && b > g + 20;
    expect(share(after, { left: 470, top: 560, width: 140, height: 160 }, bluish)).toBeGreaterThan(0.7);
  });
});
