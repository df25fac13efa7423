import type { Metadata } from 'sharp';

/**
 * The image types we take in, decided from the bytes alone. A filename or a client Content-Type says
 * what the sender claims; the first bytes say what the decoder will actually run on.
 */
export type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const AVIF_BRANDS = new Set(['avif', 'avis']);

export function sniffImageFormat(bytes: Uint8Array): AcceptedFormat | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (hasAvifBrand(bytes)) return 'avif';
  return null;
}

/**
 * Whether sharp, having read the header, agrees with the sniffed type. libvips picks its loader by its own
 * sniffing, so a file that passes ours but loads as something else (an HEVC-coded HEIF that lists an
 * `avif` brand, say) is refused rather than handed to a decoder we did not mean to expose.
 */
export function sharpAgrees(
  sniffed: AcceptedFormat,
  metadata: Pick<Metadata, 'format' | 'compression'>,
): boolean {
  if (sniffed === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === sniffed;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string | null {
  return bytes.length >= end ? String.fromCharCode(...bytes.subarray(start, end)) : null;
}

/**
 * ISO-BMFF starts with an `ftyp` box: major brand at 8..12, minor version, then compatible brands to the end
 * of the box. libavif writes `avif` as the major brand, other encoders write `mif1` and list `avif` as
 * compatible, so both places count. HEIC (`heic`, `heix`, `mif1` alone...) has no AVIF brand and is refused.
 */
function hasAvifBrand(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.some((brand) => brand !== null && AVIF_BRANDS.has(brand));
}
