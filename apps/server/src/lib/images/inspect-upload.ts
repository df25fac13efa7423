import sharp from 'sharp';
import { AppError } from '../app-error.ts';
import { DEFAULT_MAX_PIXELS, decodeOptions, orientedSize, readHeader, toAppError } from './decode.ts';
import { type AcceptedFormat, sharpAgrees, sniffImageFormat } from './image-type.ts';

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Longest edge of a stored original. Try-on models take inputs of about 1024 px, so 2048 leaves room for
 * a crop and keeps every later render and download bounded whatever the camera was.
 */
export const DEFAULT_MAX_EDGE = 2048;

/** WebP cannot encode an edge longer than this. */
const WEBP_MAX_EDGE = 16_383;

/**
 * Smallest accepted image per kind, after EXIF orientation.
 * - garment: 384 px is the square try-on thumbnail; less cannot show fabric and print.
 * - model: the try-on renders a person at about 768 px or more; a smaller photo would be upscaled.
 * - face: 256 px. A face is usually a tight crop (or a webcam still, 640x480), and face encoders work on
 *   112-256 px crops, so 256 keeps identity without refusing webcam captures; a full-body photo belongs
 *   in `model`.
 */
export const imageMinimums = {
  garment: { minWidth: 384, minHeight: 384 },
  model: { minWidth: 768, minHeight: 768 },
  face: { minWidth: 256, minHeight: 256 },
} as const satisfies Record<string, { minWidth: number; minHeight: number }>;

export type ImageKind = keyof typeof imageMinimums;

export type UploadRules = {
  minWidth: number;
  minHeight: number;
  /** Bytes; larger uploads are refused before any decoding. Default 10 MB. */
  maxBytes?: number;
  /** Width x height from the header; larger images are refused without decoding. Default 40 MP. */
  maxPixels?: number;
  /**
   * Originals with a longer edge are scaled down to it (never below the minimum size). Default 2048;
   * `null` keeps the full size, up to what WebP can hold.
   */
  maxEdge?: number | null;
};

export type AcceptedImage = {
  /** The re-encoded image to store; never the uploaded bytes. */
  bytes: Buffer;
  contentType: 'image/webp';
  format: 'webp';
  width: number;
  height: number;
  /** What the upload was, read from its bytes; for logs and statistics. */
  sourceFormat: AcceptedFormat;
};

/** q90 is visually lossless for photos; originals feed every try-on, so quality comes before bytes. */
const ORIGINAL_WEBP_QUALITY = 90;

/**
 * Checks an uploaded image against our rules and returns the copy to store.
 *
 * Order matters: size first (no work for a 1 GB body), then type from the magic numbers (no decoder runs on
 * SVG, GIF, TIFF, HEIC or PDF), then the header (dimensions without decoding pixels), and only then a
 * decode, which re-encodes the image as WebP: auto-oriented, converted to sRGB, without any metadata
 * (sharp drops EXIF with GPS, XMP, IPTC and ICC unless asked to keep them).
 * An animated WebP or AVIF is stored as its first frame: only that frame is ever decoded.
 *
 * WebP rather than JPEG: it keeps the alpha channel of cut-out garment PNGs, is typically 25-35% smaller than
 * JPEG at the same visual quality, and every current browser reads it (check each try-on provider's input
 * formats when adding one). The cost is one more lossy generation for
 * JPEG uploads (invisible at q90) and 4:2:0 chroma, which softens thin saturated lines slightly.
 */
export async function inspectUpload(bytes: Buffer, rules: UploadRules): Promise<AcceptedImage> {
  const maxBytes = rules.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > maxBytes) {
    const actual = megabytes(bytes.length, Math.ceil);
    const limit = megabytes(maxBytes, Math.floor);
    throw new AppError('IMAGE_TOO_LARGE', `The image is ${actual} MB; it must be at most ${limit} MB.`);
  }

  const sniffed = sniffImageFormat(bytes);
  if (sniffed === null) throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
  const header = await readHeader(bytes);
  if (!sharpAgrees(sniffed, header)) throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
  if (!(header.width > 0 && header.height > 0)) throw new AppError('IMAGE_UNREADABLE');

  const maxPixels = rules.maxPixels ?? DEFAULT_MAX_PIXELS;
  const pixels = header.width * header.height;
  if (pixels > maxPixels) {
    const actual = `${header.width}x${header.height} px (${megapixels(pixels, Math.ceil)} MP)`;
    const limit = megapixels(maxPixels, Math.floor);
    throw new AppError('IMAGE_TOO_MANY_PIXELS', `The image is ${actual}; it may have at most ${limit} MP.`);
  }

  const { width, height } = orientedSize(header);
  if (width < rules.minWidth || height < rules.minHeight) {
    throw new AppError(
      'IMAGE_TOO_SMALL',
      `The image is ${width}x${height} px; it must be at least ${rules.minWidth}x${rules.minHeight} px.`,
      { width, height, minWidth: rules.minWidth, minHeight: rules.minHeight },
    );
  }

  const target = storedSize({ width, height }, rules);
  try {
    let pipeline = sharp(bytes, decodeOptions(maxPixels));
    if (target.width !== width || target.height !== height) {
      // Both sizes are computed to keep the aspect ratio; `cover` only trims the rounding pixel, where
      // `inside` could round a side to one pixel under the minimum.
      pipeline = pipeline.resize(target.width, target.height, { fit: 'cover' });
    }
    const { data, info } = await pipeline
      .toColourspace('srgb')
      .webp({ quality: ORIGINAL_WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: 'image/webp',
      format: 'webp',
      width: info.width,
      height: info.height,
      sourceFormat: sniffed,
    };
  } catch (error) {
    throw toAppError(error);
  }
}

/**
 * The stored size: the long edge brought down to `maxEdge`, but never so far that a side drops below the
 * minimum (a 400x3000 garment becomes 384x2880 rather than 273x2048, which would defeat the
 * minimum). WebP's own edge limit is the hard ceiling; a shape so thin that it cannot fit there at the
 * minimum size is refused as too small.
 */
function storedSize(
  size: { width: number; height: number },
  rules: UploadRules,
): { width: number; height: number } {
  const longEdge = Math.max(size.width, size.height);
  const maxEdge =
    rules.maxEdge === null ? WEBP_MAX_EDGE : Math.min(rules.maxEdge ?? DEFAULT_MAX_EDGE, WEBP_MAX_EDGE);
  const floor = Math.max(rules.minWidth / size.width, rules.minHeight / size.height);
  let scale = Math.max(Math.min(1, maxEdge / longEdge), floor);
  if (longEdge * scale > WEBP_MAX_EDGE) {
    scale = WEBP_MAX_EDGE / longEdge;
    if (scale < floor) {
      throw new AppError(
        'IMAGE_TOO_SMALL',
        `The image is ${size.width}x${size.height} px; it is too narrow to be stored at least ` +
          `${rules.minWidth}x${rules.minHeight} px.`,
        { width: size.width, height: size.height, minWidth: rules.minWidth, minHeight: rules.minHeight },
      );
    }
  }
  if (scale >= 1) return size;
  return {
    width: Math.max(rules.minWidth, Math.round(size.width * scale)),
    height: Math.max(rules.minHeight, Math.round(size.height * scale)),
  };
}

/** Rounded away from the limit, so 10 MB and 1 byte does not read as "10 MB; at most 10 MB". */
function megabytes(bytes: number, round: (value: number) => number): string {
  return String(round((bytes / (1024 * 1024)) * 10) / 10);
}

function megapixels(pixels: number, round: (value: number) => number): string {
  return String(round(pixels / 100_000) / 10);
}
