import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatLayShirt } from '../../../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { becomesHealthy, freePort, nodeTs, repoRoot } from '../test/node-ts.ts';

const run = promisify(execFile);
const main = path.resolve(import.meta.dirname, 'main.ts');

/**
 * The curl example of the API guide and the Keys screen, run verbatim with curl against a server started the
 * way `npm start` starts it, with the built-in engine, on a photo of a person that a package ships.
 */
const again = process.env.TEST_DIALECT === 'postgres';
if (again)
  console.log(
    'simple try-on with curl: skipped on server-postgres, the server process it starts uses SQLite',
  );

describe.skipIf(again)('simple try-on with curl against a running server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-curl-'));
  let server: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const [node, argv] = nodeTs(main);
    server = spawn(node, argv, {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: 'inherit',
    });
    if (!(await becomesHealthy(origin))) throw new Error('the server did not start');
  }, 60_000);
  afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const curl = async (args: string[]) =>
    (await run('curl', ['-sS', ...args], { cwd: dataDir, encoding: 'utf8' })).stdout;

  it('signs in by mail code, then answers the try-on as a JPEG file', async () => {
    const email = 'curl@example.com';
    await curl(['-X', 'POST', `${origin}/v1/user/mail/register?email=${email}`]);
    const mail = readdirSync(path.join(dataDir, 'outbox')).find((f) => f.endsWith(`${email}.eml`)) ?? '';
    const code = /sign-in code is (\d{4})/.exec(
      readFileSync(path.join(dataDir, 'outbox', mail), 'utf8'),
    )?.[1];
    const { apiKey } = JSON.parse(
      await curl(['-X', 'POST', `${origin}/v1/user/mail/signin?email=${email}&code=${code}`]),
    );
    const account = JSON.parse(await curl(['-H', `tokenapi: ${apiKey}`, `${origin}/v1/user/account`]));
    const privateKey = account.activeApiKeys.private[0].apiKey as string;

    writeFileSync(path.join(dataDir, 'person.jpg'), await samplePhoto('standing', 768, 1024));
    writeFileSync(path.join(dataDir, 'garment.jpg'), await flatLayShirt());
    // Word for word as docs/api.md and the Keys screen show it.
    await curl([
      '-X',
      'POST',
      `${origin}/v1/tryon/simple`,
      '-H',
      `tokenapi: ${privateKey}`,
      '-F',
      'person_file=@person.jpg',
      '-F',
      'garment_file=@garment.jpg',
      '-o',
      'tryon.jpg',
    ]);
    const result = readFileSync(path.join(dataDir, 'tryon.jpg'));
    const meta = await sharp(result).metadata();
    expect(meta.format, result.subarray(0, 200).toString()).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([768, 1024]);
  }, 60_000);
});
