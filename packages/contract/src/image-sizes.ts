/**
 * The sizes images are served at, by name, as the image routes' width and height parameters: each size is
 * made once per image and stored, so no other size is rendered. Schema-free, so pages can build links with it.
 */
export const imageSizes = {
  /** 64 px wide: list thumbnails. */
  thumb: { width: '64' },
  /** 384 px wide: cards. */
  card: { width: '384' },
  /** 384 x 384: square cards. */
  square: { width: '384', height: '384' },
  /** The stored original. */
  full: {},
} as const satisfies Record<string, { width?: string; height?: string }>;

export type ImageSize = keyof typeof imageSizes;

/**
 * A signed image link (as the API answers it: a path with its query) at an allowed size. A link of another
 * origin keeps it. Empty for no link.
 */
export function sizedImage(link: string | null | undefined, size: ImageSize): string {
  if (!link) return '';
  const base = 'http://relative.invalid';
  const url = new URL(link, base);
  url.searchParams.delete('width');
  url.searchParams.delete('height');
  for (const [name, value] of Object.entries(imageSizes[size])) url.searchParams.set(name, value);
  return url.origin === base ? `${url.pathname}${url.search}` : url.href;
}
