import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { freePort } from '../../test/node-ts.ts';
import { startLocalS3 } from '../../test/s3.ts';
import { StartupError } from './startup-checks.ts';

/** What starting a server with these settings throws. */
async function startupFailure(env: Record<string, string>): Promise<unknown> {
  try {
    const t = await createTestApp(env);
    await t.close();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('start-up reaches what it needs', () => {
  it('names an unreachable database in one line, without its password', async () => {
    const port = await freePort();
    const error = await startupFailure({ DATABASE_URL: `postgres://app:secret@127.0.0.1:${port}/tryon` });
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^Cannot reach the database \\(DATABASE_URL postgres://app:\\*\\*\\*@127\\.0\\.0\\.1:${port}/tryon\\): `,
      ),
    );
    expect(message).not.toContain('secret');
    expect(message).not.toContain('\n');
  });

  it('names an unreachable Redis', async () => {
    const port = await freePort();
    const error = await startupFailure({ REDIS_URL: `redis://127.0.0.1:${port}` });
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toMatch(
      /^Cannot reach Redis \(REDIS_URL redis:\/\/127\.0\.0\.1:\d+\): .+/,
    );
  });

  it('names a bucket that does not exist', async () => {
    const s3 = await startLocalS3('media');
    try {
      const url = s3.storageUrl('t/').replace('@media/', '@no-such-bucket/');
      const error = await startupFailure({ STORAGE_URL: url });
      expect(error).toBeInstanceOf(StartupError);
      const message = (error as Error).message;
      expect(message).toMatch(
        /^Cannot reach the bucket \(STORAGE_URL s3:\/\/S3RVER:\*\*\*@no-such-bucket\/t\//,
      );
      expect(message).not.toContain('\n');
    } finally {
      await s3.close();
    }
  });
});
