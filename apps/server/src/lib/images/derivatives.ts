import sharp from 'sharp';
import { AppError } from '../app-error.ts';
import { DEFAULT_MAX_PIXELS, decodeOptions, orientedSize, readHeader, toAppError } from './decode.ts';
import { sharpAgrees, sniffImageFormat } from './image-type.ts';

export type DerivativeSize = { width?: number; height?: number };

/**
 * The only sizes we render. Each new size is a new resize per image and a new object in storage, so a
 * client that could ask for any size could make us render (and store) without end.
 * - w64: list and admin thumbnails; w384: card width; 384x384: the square try-on cards;
 * - full: the stored original itself (already bounded to 2048 px at intake).
 * The keys are stable: they name the stored objects and appear in URLs.
 */
export const derivativeSizes = {
  w64: { width: 64 },
  w384: { width: 384 },
  '384x384': { width: 384, height: 384 },
  full: {},
} as const satisfies Record<string, DerivativeSize>;

export type DerivativeKey = keyof typeof derivativeSizes;

export const derivativeKeys = Object.keys(derivativeSizes) as DerivativeKey[];

export function isDerivativeKey(value: string): value is DerivativeKey {
  return Object.hasOwn(derivativeSizes, value);
}

/** The allow-listed name of a requested size, or null when we do not render that size. */
export function derivativeKeyFor(size: DerivativeSize): DerivativeKey | null {
  return (
    derivativeKeys.find((key) => {
      const allowed: DerivativeSize = derivativeSizes[key];
      return allowed.width === size.width && allowed.height === size.height;
    }) ?? null
  );
}

export type Derivative = { bytes: Buffer; contentType: 'image/webp'; width: number; height: number };

/** Thumbnails are seen small, where q80 is indistinguishable from q90 and about 30% lighter. */
const THUMBNAIL_WEBP_QUALITY = 80;
const FULL_WEBP_QUALITY = 90;

/**
 * A resized WebP copy of a stored original, for one of the allow-listed sizes.
 * - Width or height alone: `fit: 'inside'`, the whole image scaled to that edge.
 * - Both (the square try-on cards): `fit: 'cover'` with the `attention` strategy. Cards must be filled, and
 *   our images are mostly portrait photos of people: a centre crop of a 2:3 portrait cuts the head off,
 *   while attention keeps the region with skin tones, saturation and detail (face and garment); on a
 *   plain-background product shot it lands on the product. It costs one saliency pass on the shrunk image.
 * - Never upscaled: an original smaller than the box is cropped to the box's shape at its own resolution
 *   (a 256x400 face gives a 256x256 card), so a square card stays square.
 */
export async function makeDerivative(original: Buffer, size: DerivativeSize): Promise<Derivative> {
  const key = derivativeKeyFor(size);
  if (key === null) {
    throw new AppError(
      'VALIDATION_ERROR',
      `Image size ${describe(size)} is not available; the sizes are ${derivativeKeys.join(', ')}.`,
    );
  }

  // Originals were checked at intake, but a stored object is still a file from outside: the same type
  // check and pixel limit keep a misplaced SVG or a swapped object away from the decoders.
  const sniffed = sniffImageFormat(original);
  if (sniffed === null) throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
  const header = await readHeader(original);
  if (!sharpAgrees(sniffed, header)) throw new AppError('IMAGE_TYPE_NOT_ALLOWED');
  const source = orientedSize(header);

  const wanted: DerivativeSize = derivativeSizes[key];
  if (key === 'full' && sniffed === 'webp' && header.orientation === undefined) {
    // Already what we would produce; re-encoding would only lose quality.
    return { bytes: original, contentType: 'image/webp', ...source };
  }

  try {
    let pipeline = sharp(original, decodeOptions(DEFAULT_MAX_PIXELS));
    if (wanted.width !== undefined && wanted.height !== undefined) {
      const box = boxWithoutUpscaling({ width: wanted.width, height: wanted.height }, source);
      pipeline = pipeline.resize(box.width, box.height, { fit: 'cover', position: 'attention' });
    } else if (wanted.width !== undefined || wanted.height !== undefined) {
      pipeline = pipeline.resize({
        width: wanted.width,
        height: wanted.height,
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    const quality = key === 'full' ? FULL_WEBP_QUALITY : THUMBNAIL_WEBP_QUALITY;
    const { data, info } = await pipeline
      .toColourspace('srgb')
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    throw toAppError(error);
  }
}

/** The box, shrunk by the factor it would otherwise upscale the source by; same aspect ratio. */
function boxWithoutUpscaling(
  box: { width: number; height: number },
  source: { width: number; height: number },
): { width: number; height: number } {
  const upscale = Math.max(box.width / source.width, box.height / source.height);
  if (upscale <= 1) return box;
  return {
    width: Math.max(1, Math.min(source.width, Math.round(box.width / upscale))),
    height: Math.max(1, Math.min(source.height, Math.round(box.height / upscale))),
  };
}

function describe(size: DerivativeSize): string {
  return `${size.width ?? 'auto'}x${size.height ?? 'auto'}`;
}
