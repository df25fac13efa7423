import { LRUCache } from 'lru-cache';

/**
 * Hot image bytes of signed links (catalog thumbnails, faces, try-ons, looks), served without a storage read.
 * The image route still reads the row on a hit, so an item removed or replaced by another process is never
 * served from here. Bounded by total size; entries expire after `ttlMs`. Keys start with the image route's
 * name (`garment/<id>/...`), so one cache serves every route.
 */
export type HotImages = LRUCache<string, Buffer>;

export function createHotImages(maxBytes: number, ttlMs = 60_000, now?: () => number): HotImages {
  return new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    // One image may take an eighth of the cache at most, so a few large ones cannot empty it.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
    ttl: ttlMs,
    // A test clock is read on every call (the default caches the time for a millisecond).
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
}

/** Forgets every entry whose key starts with `prefix` (an item's images after it changed). */
export function forgetPrefix(cache: HotImages, prefix: string): void {
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}
