/** Where image bytes live: files under DATA_DIR/media, or an S3-compatible bucket (see index.ts). */
export interface MediaStorage {
  /** Stores the object whole: readers see the old object or the new one, never a partial one. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  has(key: string): Promise<boolean>;
  /** Keys that do not exist are skipped. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * Deletes every object whose key starts with `prefix`, which must end with `/` (for example `garments/42/`):
   * a bare string prefix such as `garments/4` would also catch `garments/42/…`.
   */
  deletePrefix(prefix: string): Promise<void>;
  /** Throws when the store cannot be used (bucket missing or unreachable, folder not writable). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

/*
 * Keys are slash-separated relative paths such as `garments/<id>/original.webp`. Our code builds them, users never
 * do, so a bad key is a bug and throws a plain Error. Each segment is letters, digits, `_`, `-` and `.` and does not
 * start with a dot: that one rule refuses `..`, absolute paths, backslashes and empty segments, keeps keys usable
 * as file names and as S3 keys without escaping, and leaves dot-names to the local store's temp files.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

export function assertValidKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !key.split('/').every((s) => SEGMENT.test(s))) {
    throw new Error(
      `Invalid storage key ${JSON.stringify(key)}: use relative paths of letters, digits, '_', '-' and '.', ` +
        'with no empty segment and no segment starting with a dot',
    );
  }
}

export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) {
    throw new Error(`Invalid storage prefix ${JSON.stringify(prefix)}: it must end with '/'`);
  }
  assertValidKey(prefix.slice(0, -1));
}

/*
 * The content type of an object follows from the extension of its key, on both stores. The local store then needs
 * no sidecar file, which could not be renamed into place together with the bytes, and both stores answer alike.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  json: 'application/json',
  bin: 'application/octet-stream',
};
const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/** The content type of a key: from its extension, application/octet-stream when the extension is unknown. */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (extension && CONTENT_TYPES[extension]) || FALLBACK_CONTENT_TYPE;
}

/**
 * Throws when a put's content type disagrees with its key's extension: the type is not stored on its own, so a
 * mismatch would be lost silently. Parameters such as `; charset=utf-8` are ignored.
 */
export function assertContentTypeMatches(key: string, contentType: string): void {
  const given = contentType.split(';', 1)[0]?.trim().toLowerCase();
  const expected = contentTypeOf(key);
  if (given !== expected) {
    throw new Error(
      `Content type ${JSON.stringify(contentType)} does not match storage key ${JSON.stringify(key)} ` +
        `(its extension means ${expected})`,
    );
  }
}
