import sharp from 'sharp';

/** Decoded pixels, row by row, `channels` bytes each (3 = RGB, 4 = RGBA, 1 = grey). */
export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/** Decodes an encoded photo to RGB, turned upright by its EXIF orientation. */
export async function decodeRgb(bytes: Uint8Array, maxSide?: number): Promise<Raster> {
  let pipeline = sharp(bytes, { failOn: 'error' }).rotate();
  if (maxSide)
    pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: 3,
  };
}

/**
 * The result as the server stores it (WebP q90), encoded here in the worker thread so the server's event loop
 * does not spend tens of milliseconds per render on it. Effort 1: 34 ms for a 768x1024 photo against 46 at
 * effort 2, for 2% more bytes (effort 0: 26 ms, 8% more).
 */
export async function encodeResult(image: Raster): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .webp({ quality: 90, effort: 1 })
    .toBuffer();
}

/** The raster scaled to exactly `width` x `height`. */
export async function resizeRaster(image: Raster, width: number, height: number): Promise<Raster> {
  const data = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width,
    height,
    channels: image.channels,
  };
}

/** Rec. 601 luma of an RGB colour (0-255 channels). */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** Rec. 601 luma of pixel `i` (its index, not its byte offset) of an RGB raster, 0..255. */
export function lumaAt(image: Raster, i: number): number {
  return luma(image.data[i * 3] ?? 0, image.data[i * 3 + 1] ?? 0, image.data[i * 3 + 2] ?? 0);
}

/** How far pixel `i`'s channels spread apart (0-255): next to none for greys, much for saturated colours. */
export function channelSpreadAt(image: Raster, i: number): number {
  const r = image.data[i * 3] ?? 0;
  const g = image.data[i * 3 + 1] ?? 0;
  const b = image.data[i * 3 + 2] ?? 0;
  return Math.max(r, g, b) - Math.min(r, g, b);
}
