import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { becomesHealthy, freePort, nodeTs, repoRoot } from '../test/node-ts.ts';

const main = path.resolve(import.meta.dirname, 'main.ts');

function start(env: Record<string, string>) {
  const [node, argv] = nodeTs(main);
  const child = spawn(node, argv, {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-main-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with the embedded defaults, serves, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    children.push(server.child);
    expect(await becomesHealthy(`http://127.0.0.1:${port}`, 10_000)).toBe(true);
    // Opened at 127.0.0.1 while PUBLIC_URL says localhost: the start says what PUBLIC_URL is for and to set it.
    await expect.poll(server.output).toContain(`PUBLIC_URL=http://localhost:${port}: set PUBLIC_URL`);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start on bad settings, naming each one', async () => {
    const server = start({ DATA_DIR: dataDir, PORT: 'http', DATABASE_URL: 'mysql://nope' });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('DATABASE_URL: must be a postgres:// URL');
  });

  it('refuses to start when a service it needs cannot be reached, in one line', async () => {
    const port = await freePort();
    const server = start({ DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${port}` });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^Cannot reach Redis \(REDIS_URL redis:\/\/127\.0\.0\.1:\d+\): \S/),
    ]);
  });
});
