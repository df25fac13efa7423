import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedPixels, rgbOf } from '../../test/fixtures/pixels.ts';
import { samplePhoto } from '../../test/fixtures/sample-photos.ts';
import type { RenderEngine } from '../engine.ts';
import { createBuiltinEngine } from './builtin-engine.ts';

describe('built-in engine: look', () => {
  let engine: RenderEngine;
  let face: Buffer;
  let model: Buffer;

  beforeAll(async () => {
    engine = createBuiltinEngine();
    [face, model] = await Promise.all([samplePhoto('portraitWoman', 512, 512), samplePhoto('table')]);
    await engine.start();
  });
  afterAll(() => engine.close());

  it("puts the shopper's face on the model and changes nothing else", async () => {
    const result = await engine.renderLook({ face, model });
    expect(result).toMatchObject({ contentType: 'image/webp', width: 768, height: 1024 });
    const [before, after] = await Promise.all([rgbOf(model), rgbOf(result.bytes)]);
    // The man's head in the model photo, with room for the feathered edge.
    const head = { left: 300, top: 40, width: 380, height: 420 };
    const changed = changedPixels(before, after, head, 20);
    expect(changed.inside).toBeGreaterThan(5_000);
    expect(changed.outside).toBeLessThan(300);
  });

  it('mirrors a face turned the other way and still changes only the face', async () => {
    // The blonde shopper turns toward the photo's right, this model toward its left.
    const [shopper, turnedModel] = await Promise.all([
      samplePhoto('faceBlonde', 512, 512),
      samplePhoto('faceSmile'),
    ]);
    const result = await engine.renderLook({ face: shopper, model: turnedModel });
    const [before, after] = await Promise.all([rgbOf(turnedModel), rgbOf(result.bytes)]);
    // Her face, which fills most of the photo, with room for the feathered edge.
    const face = { left: 30, top: 180, width: 600, height: 580 };
    const changed = changedPixels(before, after, face, 20);
    expect(changed.inside).toBeGreaterThan(20_000);
    expect(changed.outside).toBeLessThan(300);
  });

  it('says FACE_TURNED_AWAY when no good result is possible: a face photo too small to show', async () => {
    // A man facing the camera, his face about 40 px across: found, but too blurred to put on anyone. (Turns
    // too far apart are refused with the same code; the shipped photos turn at most 40 degrees, which the
    // look now takes, so matchHeadPoses' own test covers those.)
    const tiny = await samplePhoto('portrait', 48, 48);
    await expect(engine.renderLook({ face: tiny, model })).rejects.toMatchObject({
      code: 'FACE_TURNED_AWAY',
      retryable: false,
    });
  });

  it('takes a shopper facing the camera onto a model turned 40 degrees away', async () => {
    const [frontal, turned] = await Promise.all([
      samplePhoto('portrait', 512, 512),
      samplePhoto('upperBody'),
    ]);
    const result = await engine.renderLook({ face: frontal, model: turned });
    expect(result.contentType).toBe('image/webp');
  });

  it('says NO_FACE when the face of the model photo is hidden', async () => {
    const standing = await samplePhoto('standing');
    const hidden = await sharp(standing)
      .composite([
        {
          input: { create: { width: 240, height: 290, channels: 3, background: '#000' } },
          left: 390,
          top: 20,
        },
      ])
      .jpeg()
      .toBuffer();
    await expect(engine.renderLook({ face, model: hidden })).rejects.toMatchObject({
      code: 'NO_FACE',
      retryable: false,
    });
  });

  it('says NO_FACE when the face photo shows no face', async () => {
    const body = await sharp(await samplePhoto('standing'))
      .extract({ left: 0, top: 400, width: 768, height: 624 })
      .toBuffer();
    await expect(engine.renderLook({ face: body, model })).rejects.toMatchObject({ code: 'NO_FACE' });
  });
});
