import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BYTES, imageMinimums, inspectUpload } from './inspect-upload.ts';
import { expectAppError, flat, ftyp, jpegDeclaring, noise, pngDeclaring } from './test-images.ts';

const garment = imageMinimums.garment;

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';

/** The pixel values as stored, ignoring any ICC profile. */
async function rawCentrePixel(bytes: Buffer): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(bytes, { ignoreIcc: true }).raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[offset] ?? 0, g: data[offset + 1] ?? 0, b: data[offset + 2] ?? 0 };
}

function distance(a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }): number {
  return Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b);
}

describe('inspectUpload: accepted types', () => {
  it('accepts JPEG, PNG, WebP and AVIF and stores a re-encoded WebP', async () => {
    const source = noise(500, 400);
    const uploads = {
      jpeg: await source.clone().jpeg().toBuffer(),
      png: await source.clone().png().toBuffer(),
      webp: await source.clone().webp().toBuffer(),
      avif: await source.clone().avif({ effort: 0 }).toBuffer(),
    };
    for (const [format, bytes] of Object.entries(uploads)) {
      const accepted = await inspectUpload(bytes, garment);
      expect(accepted).toMatchObject({
        contentType: 'image/webp',
        format: 'webp',
        width: 500,
        height: 400,
        sourceFormat: format,
      });
      expect(accepted.bytes.equals(bytes)).toBe(false);
      const stored = await sharp(accepted.bytes).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(['webp', 500, 400]);
    }
  });

  it('keeps the transparency of a cut-out garment', async () => {
    const png = await noise(400, 400, 4).png().toBuffer();
    const accepted = await inspectUpload(png, garment);
    expect((await sharp(accepted.bytes).metadata()).hasAlpha).toBe(true);
  });
});

describe('inspectUpload: animations', () => {
  it('stores an animated WebP as its first frame', async () => {
    const frames = await Promise.all(
      [60, 120, 180].map((red) => flat(400, 400, { r: red, g: 0, b: 0 }).png().toBuffer()),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const accepted = await inspectUpload(animated, garment);
    const stored = await sharp(accepted.bytes).metadata();
    expect([stored.width, stored.height, stored.pages]).toEqual([400, 400, undefined]);
  });
});

describe('inspectUpload: refused types', () => {
  it('refuses SVG, GIF, TIFF, HEIC, PDF, text and random bytes, whatever they are called', async () => {
    const small = flat(400, 400, { r: 10, g: 120, b: 200 });
    const refused = {
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"/>'),
      svgWithProlog: Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
      gif: await small.clone().gif().toBuffer(),
      tiff: await small.clone().tiff().toBuffer(),
      heic: ftyp('heic', ['mif1', 'heic']),
      pdf: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'),
      textRenamedJpg: Buffer.from('just some text in a file called photo.jpg\n'),
      random: Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 251)),
      empty: Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(refused)) {
      await expectAppError(inspectUpload(bytes, garment), 'IMAGE_TYPE_NOT_ALLOWED').catch(
        (error: unknown) => {
          throw new Error(`${name}: ${String(error)}`);
        },
      );
    }
  });
});

describe('inspectUpload: size limits', () => {
  it('refuses more than 10 MB before looking at the content', async () => {
    // Text would be IMAGE_TYPE_NOT_ALLOWED: getting IMAGE_TOO_LARGE shows the size is checked first.
    const text = Buffer.alloc(DEFAULT_MAX_BYTES + 1, 'a');
    await expectAppError(
      inspectUpload(text, garment),
      'IMAGE_TOO_LARGE',
      'The image is 10.1 MB; it must be at most 10 MB.',
    );
    await expectAppError(
      inspectUpload(text.subarray(0, DEFAULT_MAX_BYTES), garment),
      'IMAGE_TYPE_NOT_ALLOWED',
    );

    const jpeg = await noise(400, 400).jpeg().toBuffer();
    const padded = Buffer.concat([jpeg, Buffer.alloc(12 * 1024 * 1024)]);
    const started = performance.now();
    const tooLarge = await expectAppError(inspectUpload(padded, garment), 'IMAGE_TOO_LARGE');
    expect(performance.now() - started).toBeLessThan(50);
    expect(tooLarge.message).toMatch(/^The image is 12\.\d MB; it must be at most 10 MB\.$/);
    await expectAppError(inspectUpload(jpeg, { ...garment, maxBytes: 1000 }), 'IMAGE_TOO_LARGE');
  });

  it('refuses a pixel flood from its header, without decoding it', async () => {
    const flood = pngDeclaring(50_000, 50_000);
    expect(flood.length).toBeLessThan(200);
    const started = performance.now();
    await expectAppError(
      inspectUpload(flood, garment),
      'IMAGE_TOO_MANY_PIXELS',
      'The image is 50000x50000 px (2500 MP); it may have at most 40 MP.',
    );
    expect(performance.now() - started).toBeLessThan(500);

    const jpeg = await noise(64, 64).jpeg().toBuffer();
    await expectAppError(
      inspectUpload(jpegDeclaring(jpeg, 60_000, 60_000), garment),
      'IMAGE_TOO_MANY_PIXELS',
    );
  });

  it('takes the pixel limit as an option', async () => {
    const png = await noise(1000, 1000).png().toBuffer();
    await expectAppError(inspectUpload(png, { ...garment, maxPixels: 999_999 }), 'IMAGE_TOO_MANY_PIXELS');
    await expect(inspectUpload(png, { ...garment, maxPixels: 1_000_000 })).resolves.toMatchObject({
      width: 1000,
    });
  });

  it('refuses images below the minimum, saying the actual and the required size', async () => {
    const png = await noise(300, 200).png().toBuffer();
    await expectAppError(
      inspectUpload(png, garment),
      'IMAGE_TOO_SMALL',
      'The image is 300x200 px; it must be at least 384x384 px.',
    );
    const model = await noise(1000, 700).jpeg().toBuffer();
    await expectAppError(
      inspectUpload(model, imageMinimums.model),
      'IMAGE_TOO_SMALL',
      'The image is 1000x700 px; it must be at least 768x768 px.',
    );
    await expect(inspectUpload(model, imageMinimums.face)).resolves.toMatchObject({
      width: 1000,
      height: 700,
    });
  });

  it('measures after the EXIF orientation', async () => {
    // Stored 800 wide and 400 high, shown rotated by 90°: 400 wide and 800 high.
    const rotated = await noise(800, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const accepted = await inspectUpload(rotated, { minWidth: 400, minHeight: 800 });
    expect([accepted.width, accepted.height]).toEqual([400, 800]);
    await expectAppError(
      inspectUpload(rotated, { minWidth: 800, minHeight: 400 }),
      'IMAGE_TOO_SMALL',
      'The image is 400x800 px; it must be at least 800x400 px.',
    );
  });
});

describe('inspectUpload: the stored copy', () => {
  it('strips EXIF (with GPS), XMP and the ICC profile, and converts the colours to sRGB', async () => {
    const colour = { r: 200, g: 100, b: 50 };
    const upload = await flat(400, 400, colour)
      .jpeg({ quality: 100 })
      .withExif({
        IFD0: { Copyright: 'Someone', Make: 'Phone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 3/1',
        },
      })
      .withXmp(XMP)
      .withIccProfile('p3')
      .toBuffer();
    const before = await sharp(upload).metadata();
    const gpsIfdPointer = Buffer.from([0x25, 0x88]); // tag 0x8825, little-endian
    expect(before.exif?.includes(gpsIfdPointer)).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.hasProfile).toBe(true);

    const accepted = await inspectUpload(upload, garment);
    const after = await sharp(accepted.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.hasProfile).toBe(false);
    expect(after.space).toBe('srgb');

    // The upload holds Display P3 values, which read as sRGB are off; the stored copy is back in sRGB.
    expect(distance(await rawCentrePixel(upload), colour)).toBeGreaterThan(15);
    expect(distance(await rawCentrePixel(accepted.bytes), colour)).toBeLessThanOrEqual(6);
  });

  it('refuses a truncated or corrupt file as unreadable', async () => {
    const jpeg = await noise(600, 600).jpeg().toBuffer();
    await expectAppError(inspectUpload(jpeg.subarray(0, jpeg.length >> 1), garment), 'IMAGE_UNREADABLE');
    const png = await noise(600, 600).png().toBuffer();
    await expectAppError(inspectUpload(png.subarray(0, png.length >> 1), garment), 'IMAGE_UNREADABLE');
    const magicThenJunk = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2000, 0x41)]);
    await expectAppError(inspectUpload(magicThenJunk, garment), 'IMAGE_UNREADABLE');
  });

  it('scales originals down to the max edge, never below the minimum', async () => {
    const wide = await flat(3000, 1500, { r: 10, g: 120, b: 200 }).jpeg().toBuffer();
    expect(await inspectUpload(wide, garment)).toMatchObject({ width: 2048, height: 1024 });
    expect(await inspectUpload(wide, { ...garment, maxEdge: 1000 })).toMatchObject({
      width: 1000,
      height: 500,
    });
    expect(await inspectUpload(wide, { ...garment, maxEdge: null })).toMatchObject({
      width: 3000,
      height: 1500,
    });

    // 2048 on the long edge would make it 273 wide: it stops at the 384 minimum instead.
    const tall = await flat(400, 3000, { r: 10, g: 120, b: 200 }).jpeg().toBuffer();
    expect(await inspectUpload(tall, garment)).toMatchObject({ width: 384, height: 2880 });
  });
});
