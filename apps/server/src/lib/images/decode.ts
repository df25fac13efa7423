import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { AppError } from '../app-error.ts';

/** 40 megapixels: above any phone camera we expect (a 48 MP sensor bins to 12 MP by default). */
export const DEFAULT_MAX_PIXELS = 40_000_000;

/**
 * Options for every sharp decode of an image that came from outside.
 * - `limitInputPixels`: our own header check runs first, but libvips applies this one again at decode, so
 *   a header that lies, or a code path that skips our check, still cannot allocate a pixel flood.
 * - `failOn: 'error'`: a truncated or corrupt file aborts instead of being padded with grey. The stricter
 *   'warning' would also refuse photos from cameras whose JPEGs carry harmless quirks (extra bytes before a
 *   marker), which shops upload every day.
 * - `sequentialRead`: streams the decode top to bottom instead of holding the whole input open for random
 *   access; libvips falls back by itself when an operation (a 90° rotation) needs random access.
 * - `autoOrient`: applies the EXIF Orientation before anything else, so sizes are what a viewer shows.
 */
export function decodeOptions(maxPixels: number): SharpOptions {
  return {
    limitInputPixels: Math.floor(maxPixels),
    failOn: 'error',
    sequentialRead: true,
    autoOrient: true,
  };
}

/**
 * Reads the header only: no pixels are decoded, so this is safe on a file that declares 50000x50000.
 * The pixel limit is switched off here on purpose, so the caller can refuse with the real dimensions in the
 * message; the decode that follows carries the limit.
 */
export async function readHeader(bytes: Buffer): Promise<Metadata> {
  try {
    return await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (error) {
    throw toAppError(error);
  }
}

/** A sharp failure as the error the client sees. Anything we do not recognise is an unreadable image. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  if (message.includes('exceeds pixel limit')) return new AppError('IMAGE_TOO_MANY_PIXELS');
  if (message.includes('unsupported image format')) return new AppError('IMAGE_TYPE_NOT_ALLOWED');
  return new AppError('IMAGE_UNREADABLE');
}

/** Width and height as displayed, i.e. after the EXIF Orientation. */
export function orientedSize(metadata: Metadata): { width: number; height: number } {
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}
