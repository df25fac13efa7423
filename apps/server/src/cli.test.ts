import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeTs, repoRoot } from '../test/node-ts.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, 'cli.ts');

describe('admin command line', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const admin = (...args: string[]) => {
    const [node, argv] = nodeTs(cli, args);
    return run(node, argv, { env, cwd: repoRoot });
  };

  it('grants, lists and revokes administrators, creating the account on first grant', async () => {
    const granted = await admin('grant', 'Chief@Example.com');
    expect(granted.stdout).toContain('chief@example.com is now an administrator.');
    expect((await admin('list')).stdout.trim()).toBe('chief@example.com');
    await admin('revoke', 'chief@example.com');
    expect((await admin('list')).stdout.trim()).toBe('(no administrators)');
    // Four Node processes with TypeScript loading: over 20 s when the machine is busy.
  }, 60_000);

  it('explains its usage on a wrong command', async () => {
    await expect(admin('promote')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage'),
    });
  });
});
