import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

// s3rver ships no types; this is the part the tests use.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface LocalS3 {
  endpoint: string;
  /** A STORAGE_URL for the bucket, under a prefix of its own. */
  storageUrl(prefix: string): string;
  /** The keys of every object in the bucket under `prefix`, read straight from the server. */
  keys(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1 with one bucket, for tests. */
export async function startLocalS3(bucket = 'media'): Promise<LocalS3> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tryon-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    // s3rver accepts exactly these credentials.
    storageUrl: (prefix) => `s3://S3RVER:S3RVER@${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}`,
    async keys(prefix) {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      const keys: string[] = [];
      let token: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
          );
          for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
          token = page.NextContinuationToken;
        } while (token);
      } finally {
        client.destroy();
      }
      return keys;
    },
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
