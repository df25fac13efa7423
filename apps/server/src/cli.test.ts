import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, 'cli.ts');
const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

describe('admin command line', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('grants, lists and revokes administrators, creating the account on first grant', async () => {
    const granted = await run(tsx, [cli, 'grant', 'Chief@Example.com'], { env });
    expect(granted.stdout).toContain('chief@example.com is now an administrator.');
    expect((await run(tsx, [cli, 'list'], { env })).stdout.trim()).toBe('chief@example.com');
    await run(tsx, [cli, 'revoke', 'chief@example.com'], { env });
    expect((await run(tsx, [cli, 'list'], { env })).stdout.trim()).toBe('(no administrators)');
  });

  it('explains its usage on a wrong command', async () => {
    await expect(run(tsx, [cli, 'promote'], { env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage'),
    });
  });
});
