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
