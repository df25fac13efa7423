import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeOptions, toAppError } from './decode.ts';
import { noise } from './test-images.ts';

describe('decodeOptions', () => {
  it('makes libvips itself refuse images over the pixel limit, whatever ran before', async () => {
    const png = await noise(100, 100).png().toBuffer();
    const failure = await sharp(png, decodeOptions(9_999))
      .webp()
      .toBuffer()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(toAppError(failure).code).toBe('IMAGE_TOO_MANY_PIXELS');
    await expect(sharp(png, decodeOptions(10_000)).webp().toBuffer()).resolves.toBeInstanceOf(Buffer);
  });

  it('maps other decoder failures to an unreadable image', () => {
    expect(toAppError(new Error('VipsJpeg: premature end of JPEG image')).code).toBe('IMAGE_UNREADABLE');
    expect(toAppError('not even an error').code).toBe('IMAGE_UNREADABLE');
  });
});
