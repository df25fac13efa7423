import { createCipheriv } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../../test/s3.ts';
import { AppError } from '../app-error.ts';
import { createStorage } from './index.ts';
import type { MediaStorage } from './media-storage.ts';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
import { describeStorageContract } from './storage-contract.ts';
import { parseStorageUrl } from './storage-url.ts';

const BUCKET = 'media';
let s3: LocalS3;
let dir: string;
let endpoint: string;
let runs = 0;

/** s3rver accepts exactly these credentials. */
const urlFor = (pathAndQuery: string) => `s3://S3RVER:S3RVER@${pathAndQuery}`;
const fastFail: S3StorageOptions = { maxAttempts: 1, connectionTimeoutMs: 500, requestTimeoutMs: 500 };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-s3-test-'));
  s3 = await startLocalS3(BUCKET);
  endpoint = s3.endpoint;
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

// Each run gets its own prefix, so every test starts with an empty store. s3rver writes an object in place, so
// concurrent puts of one key can interleave there (S3 itself replaces objects whole).
describeStorageContract(
  's3',
  async () => createS3Storage(parseStorageUrl(urlFor(`${BUCKET}/run-${++runs}?endpoint=${endpoint}`))),
  { atomicConcurrentPuts: false },
);

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'STORAGE_UNAVAILABLE', status: 503 });
  return error as AppError;
}

describe('s3 storage', () => {
  it('stores each object under the URL prefix with its content type', async () => {
    const storage = createS3Storage(parseStorageUrl(urlFor(`${BUCKET}/tryon/media?endpoint=${endpoint}`)));
    const raw = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      await storage.put('garments/1/original.webp', Buffer.from('webp'), 'image/webp');
      const listed = await raw.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'tryon/' }));
      expect(listed.Contents?.map((o) => o.Key)).toEqual(['tryon/media/garments/1/original.webp']);
      const head = await raw.send(
        new HeadObjectCommand({ Bucket: BUCKET, Key: 'tryon/media/garments/1/original.webp' }),
      );
      expect(head.ContentType).toBe('image/webp');
      await storage.deletePrefix('garments/');
      expect(
        (await raw.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'tryon/' }))).Contents,
      ).toBeFalsy();
    } finally {
      raw.destroy();
      await storage.close();
    }
  });

  describe('with more objects than one request takes', () => {
    const keys = ['g/1.bin', 'g/2.bin', 'g/3.bin', 'g/4.bin', 'g/sub/5.bin'];
    const withObjects = async (prefix: string) => {
      const url = urlFor(`${BUCKET}/${prefix}?endpoint=${endpoint}`);
      const storage = createS3Storage(parseStorageUrl(url), { batchSize: 2 });
      await Promise.all(keys.map((k) => storage.put(k, Buffer.from(k), 'application/octet-stream')));
      return storage;
    };
    const expectNone = async (storage: MediaStorage) => {
      for (const key of keys) expect(await storage.has(key), key).toBe(false);
    };

    it('deletes them all by key, in several DeleteObjects calls', async () => {
      const storage = await withObjects('batch-keys');
      try {
        await storage.delete(keys);
        await expectNone(storage);
      } finally {
        await storage.close();
      }
    });

    // s3rver makes the continuation token of a ListObjectsV2 page with DES, which OpenSSL 3 keeps in its legacy
    // provider: without it, any listing that does not fit one page fails (ERR_OSSL_EVP_UNSUPPORTED, answered as
    // a 500). Run this one with NODE_OPTIONS=--openssl-legacy-provider.
    it.skipIf(!hasDes())('deletes them all by prefix, over several listing pages', async () => {
      const storage = await withObjects('batch-prefix');
      try {
        await storage.deletePrefix('g/');
        await expectNone(storage);
      } finally {
        await storage.close();
      }
    });
  });

  it('reports a missing bucket as unavailable, not as a missing object', async () => {
    const storage = createS3Storage(parseStorageUrl(urlFor(`no-such-bucket?endpoint=${endpoint}`)), fastFail);
    try {
      const error = await rejection(storage.get('garments/1/original.webp'));
      expect(error.cause).toMatchObject({ name: 'NoSuchBucket' });
      await rejection(storage.put('garments/1/original.webp', Buffer.from('x'), 'image/webp'));
      await rejection(storage.deletePrefix('garments/1/'));
    } finally {
      await storage.close();
    }
  });

  it('reports unknown credentials as unavailable', async () => {
    // s3rver does not check v4 signatures, only that the access key id exists.
    const storage = createS3Storage(
      parseStorageUrl(`s3://nobody:wrong@${BUCKET}?endpoint=${endpoint}`),
      fastFail,
    );
    try {
      const error = await rejection(storage.get('garments/1/original.webp'));
      expect(error.cause).toMatchObject({ name: 'InvalidAccessKeyId' });
      await rejection(storage.has('garments/1/original.webp'));
      await rejection(storage.delete(['garments/1/original.webp']));
    } finally {
      await storage.close();
    }
  });

  it('reports an endpoint nobody listens on as unavailable, quickly', async () => {
    const port = await freePort();
    const storage = createS3Storage(
      parseStorageUrl(urlFor(`${BUCKET}?endpoint=http://127.0.0.1:${port}`)),
      fastFail,
    );
    try {
      const started = Date.now();
      await rejection(storage.get('garments/1/original.webp'));
      await rejection(storage.put('garments/1/original.webp', Buffer.from('x'), 'image/webp'));
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await storage.close();
    }
  });

  it('gives up on an endpoint that accepts the connection but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    const port = await listen(silent);
    const storage = createS3Storage(
      parseStorageUrl(urlFor(`${BUCKET}?endpoint=http://127.0.0.1:${port}`)),
      fastFail,
    );
    try {
      const started = Date.now();
      await rejection(storage.has('garments/1/original.webp'));
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await storage.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('createStorage', () => {
  it('uses files under DATA_DIR/media without STORAGE_URL', async () => {
    const dataDir = path.join(dir, 'data-local');
    for (const storageUrl of [undefined, '']) {
      const storage = createStorage({ storageUrl, dataDir });
      await storage.put('garments/1/original.webp', Buffer.from('local'), 'image/webp');
      expect(await readFile(path.join(dataDir, 'media/garments/1/original.webp'), 'utf8')).toBe('local');
      await storage.deletePrefix('garments/');
      await storage.close();
    }
  });

  it('uses the bucket named by STORAGE_URL, and writes nothing under DATA_DIR', async () => {
    const dataDir = path.join(dir, 'data-s3');
    const storage = createStorage({ storageUrl: urlFor(`${BUCKET}/factory?endpoint=${endpoint}`), dataDir });
    try {
      await storage.put('garments/1/original.webp', Buffer.from('s3'), 'image/webp');
      const bucketSide = createS3Storage(parseStorageUrl(urlFor(`${BUCKET}?endpoint=${endpoint}`)));
      expect((await bucketSide.get('factory/garments/1/original.webp'))?.bytes.toString()).toBe('s3');
      await bucketSide.close();
      await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
    } finally {
      await storage.close();
    }
  });

  it('throws on a bad STORAGE_URL', () => {
    expect(() => createStorage({ storageUrl: 'http://bucket', dataDir: dir })).toThrow(/Invalid STORAGE_URL/);
  });
});

function hasDes(): boolean {
  try {
    createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return true;
  } catch {
    return false;
  }
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A port that was free a moment ago: connecting to it is refused. */
async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}
