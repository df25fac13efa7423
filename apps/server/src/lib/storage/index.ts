import path from 'node:path';
import { createLocalStorage } from './local-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
import { parseStorageUrl } from './storage-url.ts';

export { createLocalStorage } from './local-storage.ts';
export {
  assertValidKey,
  assertValidPrefix,
  contentTypeOf,
  type MediaStorage,
  type StoredObject,
} from './media-storage.ts';
export { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
export { parseStorageUrl, type S3Location } from './storage-url.ts';

/**
 * The bucket named by STORAGE_URL when it is set, otherwise files under DATA_DIR/media. Throws on a bad
 * STORAGE_URL, so a typo stops the server at start rather than at the first upload.
 */
export function createStorage(options: {
  storageUrl?: string | undefined;
  dataDir: string;
  s3?: S3StorageOptions;
}): MediaStorage {
  if (options.storageUrl) return createS3Storage(parseStorageUrl(options.storageUrl), options.s3);
  return createLocalStorage(path.join(options.dataDir, 'media'));
}
