import { sniffImageFormat } from '../images/image-type.ts';

/**
 * What an imported file really is, read from its first bytes. The Content-Type a remote server sends is
 * not trusted: an HTML page served as image/jpeg is still HTML, and a PNG served as
 * application/octet-stream is still a PNG.
 */
export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif';

export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  const format = sniffImageFormat(bytes);
  return format ? `image/${format}` : null;
}
