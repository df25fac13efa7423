import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AppError } from '../app-error.ts';
import {
  assertContentTypeMatches,
  assertValidKey,
  assertValidPrefix,
  contentTypeOf,
  type MediaStorage,
} from './media-storage.ts';
import type { S3Location } from './storage-url.ts';

export interface S3StorageOptions {
  /** Tries per call, the first included (the SDK's default is 3). */
  maxAttempts?: number;
  connectionTimeoutMs?: number;
  /** Per try, for the whole request and response. */
  requestTimeoutMs?: number;
  /**
   * Keys per listing page and per DeleteObjects call: S3's limit, 1000, unless a store allows fewer. The tests
   * lower it to cover paging without writing a thousand objects.
   */
  batchSize?: number;
}

const MAX_BATCH = 1000;

/**
 * Objects in an S3-compatible bucket. A PUT is atomic by nature. A missing object is null (or false); any other
 * failure (network, timeout, credentials, missing bucket) throws AppError STORAGE_UNAVAILABLE with the SDK's
 * error as `cause`.
 */
export function createS3Storage(location: S3Location, options: S3StorageOptions = {}): MediaStorage {
  const client = new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: location.credentials,
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: options.connectionTimeoutMs ?? 5_000,
      requestTimeout: options.requestTimeoutMs ?? 60_000,
      throwOnRequestTimeout: true,
    },
    // The SDK's default CRC32 checksums on every PUT are refused by several S3-compatible stores.
    ...(location.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
  const Bucket = location.bucket;
  const batchSize = Math.min(options.batchSize ?? MAX_BATCH, MAX_BATCH);
  const objectKey = (key: string) => {
    assertValidKey(key);
    return location.prefix + key;
  };

  const deleteBatch = async (keys: string[]) => {
    const result = await client.send(
      new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    const failed = result.Errors?.[0];
    if (failed) throw new Error(`DeleteObjects failed for ${failed.Key}: ${failed.Code} ${failed.Message}`);
  };

  return {
    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      assertContentTypeMatches(key, contentType);
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentTypeOf(key) }),
        );
      } catch (error) {
        throw unavailable(error);
      }
    },

    async get(key) {
      const Key = objectKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key }));
        const bytes = result.Body ? Buffer.from(await result.Body.transformToByteArray()) : Buffer.alloc(0);
        return { bytes, contentType: contentTypeOf(key) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
    },

    async has(key) {
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw unavailable(error);
      }
    },

    async delete(keys) {
      const all = keys.map(objectKey);
      try {
        for (let i = 0; i < all.length; i += batchSize) await deleteBatch(all.slice(i, i + batchSize));
      } catch (error) {
        throw unavailable(error);
      }
    },

    async deletePrefix(prefix) {
      assertValidPrefix(prefix);
      const Prefix = location.prefix + prefix;
      try {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken, MaxKeys: batchSize }),
          );
          const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
          if (keys.length > 0) await deleteBatch(keys);
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      } catch (error) {
        throw unavailable(error);
      }
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },

    async close() {
      client.destroy();
    },
  };
}

/**
 * GET answers NoSuchKey, HEAD a bare 404. A missing bucket is also a 404, but it is a broken setup rather than a
 * missing image, so it counts as unavailable where S3 says so (HEAD has no body to tell the two apart).
 */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.name !== 'NoSuchBucket' &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

function unavailable(cause: unknown): AppError {
  const error = new AppError('STORAGE_UNAVAILABLE');
  error.cause = cause;
  return error;
}
