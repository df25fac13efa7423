/**
 * What an imported file really is, read from its first bytes. The Content-Type a remote server sends is
 * not trusted: an HTML page served as image/jpeg is still HTML, and a PNG served as
 * application/octet-stream is still a PNG.
 */
export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const AVIF_BRANDS = new Set(['avif', 'avis']);

export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (isAvif(bytes)) return 'image/avif';
  return null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string | null {
  return bytes.length >= end ? String.fromCharCode(...bytes.subarray(start, end)) : null;
}

/**
 * ISO-BMFF: the first box is `ftyp` with a major brand at 8..12, a minor version, then compatible brands
 * to the end of the box. Encoders differ on where `avif` goes (libavif puts it first, others write
 * `mif1` first and list `avif` as compatible), so both places count.
 */
function isAvif(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 8) !== 'ftyp' || bytes.length < 12) return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(boxSize, bytes.length);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  return brands.some((brand) => brand !== null && AVIF_BRANDS.has(brand));
}
