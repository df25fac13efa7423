import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { derivativeKeyFor, isDerivativeKey, makeDerivative } from './derivatives.ts';
import { expectAppError, flat, noise } from './test-images.ts';

describe('derivative sizes', () => {
  it('names the allow-listed sizes and nothing else', () => {
    expect(derivativeKeyFor({ width: 64 })).toBe('w64');
    expect(derivativeKeyFor({ width: 384 })).toBe('w384');
    expect(derivativeKeyFor({ width: 384, height: 384 })).toBe('384x384');
    expect(derivativeKeyFor({})).toBe('full');
    for (const size of [
      { width: 100 },
      { height: 384 },
      { width: 384, height: 385 },
      { width: 64.5 },
      { width: 1e6 },
    ]) {
      expect(derivativeKeyFor(size)).toBeNull();
    }
    expect(isDerivativeKey('384x384')).toBe(true);
    expect(isDerivativeKey('w100')).toBe(false);
    expect(isDerivativeKey('toString')).toBe(false);
  });
});

describe('makeDerivative', () => {
  it('makes a 64 px wide WebP, keeping the aspect ratio', async () => {
    const original = await noise(1000, 500).webp().toBuffer();
    const thumb = await makeDerivative(original, { width: 64 });
    expect(thumb).toMatchObject({ contentType: 'image/webp', width: 64, height: 32 });
    const metadata = await sharp(thumb.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 64, 32]);
  });

  it('fills a 384x384 square card from a portrait', async () => {
    const original = await noise(1000, 1500).webp().toBuffer();
    expect(await makeDerivative(original, { width: 384, height: 384 })).toMatchObject({
      width: 384,
      height: 384,
    });
  });

  it('keeps the salient part of a portrait in the square crop', async () => {
    // A grey portrait with a red patch near the top: a centre crop would lose the patch.
    const original = await flat(400, 800, { r: 128, g: 128, b: 128 })
      .composite([
        { input: await flat(200, 150, { r: 220, g: 30, b: 30 }).png().toBuffer(), left: 100, top: 20 },
      ])
      .webp()
      .toBuffer();
    const card = await makeDerivative(original, { width: 384, height: 384 });
    const [r, g] = await sharp(card.bytes)
      .extract({ left: 192, top: 90, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
  });

  it('never upscales', async () => {
    const small = await noise(200, 100).webp().toBuffer();
    expect(await makeDerivative(small, { width: 384 })).toMatchObject({ width: 200, height: 100 });
    const face = await noise(256, 400).webp().toBuffer();
    expect(await makeDerivative(face, { width: 384, height: 384 })).toMatchObject({
      width: 256,
      height: 256,
    });
  });

  it('serves a WebP original as it is for the full size, and re-encodes anything else', async () => {
    const original = await noise(500, 400).webp().toBuffer();
    const full = await makeDerivative(original, {});
    expect(full.bytes).toBe(original);
    expect(full).toMatchObject({ width: 500, height: 400 });
    const jpeg = await makeDerivative(await noise(500, 400).jpeg().toBuffer(), {});
    expect((await sharp(jpeg.bytes).metadata()).format).toBe('webp');
  });

  it('refuses sizes outside the allow-list, and originals that are not our image types', async () => {
    const original = await noise(500, 400).webp().toBuffer();
    await expectAppError(
      makeDerivative(original, { width: 1000 }),
      'VALIDATION_ERROR',
      'Image size 1000xauto is not available; the sizes are w64, w384, 384x384, full.',
    );
    await expectAppError(makeDerivative(original, { width: 5000, height: 5000 }), 'VALIDATION_ERROR');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"/>');
    await expectAppError(makeDerivative(svg, { width: 64 }), 'IMAGE_TYPE_NOT_ALLOWED');
  });
});
