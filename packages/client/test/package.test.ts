import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../apps/server/test/harness.ts';
import { testImage } from '../../../apps/server/test/images.ts';
import { buildPackage } from '../build/build-package.ts';
import { createClient, unwrap } from '../src/index.ts';

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const zodFolder = path.dirname(require.resolve('zod/package.json'));
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** A shop developer's first program: uploads a garment, runs a try-on to the end, handles an error by code. */
const program = `
import { readFileSync } from 'node:fs';
import { createClient, isApiError, routes, sizedImage, tryOnAndWait, unwrap } from '@tryon/client';

const client = createClient({ baseUrl: process.env.API_URL ?? '', apiKey: process.env.API_KEY ?? '' });
const form = new FormData();
form.append('file', new Blob([readFileSync(process.argv[2] ?? '')], { type: 'image/png' }), 'shirt.png');
const garment = unwrap(await client.call(routes.garments.add, { query: { name: 'Scratch shirt' } }, { body: form }));
// @ts-expect-error The shipped types are real (a name is a string): were they any, this line would fail to compile.
const typed: number = garment.name;
const models = unwrap(await client.call(routes.models.list, { query: {} }));
const muid = models.items[0]?.muid ?? '';
const done = await tryOnAndWait(client, { guid: garment.guid, muid });
let missing = '';
try {
  await tryOnAndWait(client, { guid: 'gar_none', muid });
} catch (error) {
  if (isApiError(error, 'NOT_FOUND')) missing = error.code;
}
console.log(JSON.stringify({ typed, name: garment.name, status: done.status, card: sizedImage(done.image, 'card'), missing }));
`;

describe('the published package', () => {
  let t: TestApp;
  let work: string;
  beforeAll(async () => {
    t = await createTestApp();
    work = mkdtempSync(path.join(tmpdir(), 'tryon-sdk-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('packs with npm, installs offline into a scratch project, type-checks and runs a try-on there', async () => {
    const built = await buildPackage();
    const npm = (args: string[], cwd: string) =>
      execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    npm(['pack', built, '--pack-destination', work, '--ignore-scripts'], work);
    // zod, the package's one dependency, from this repository's node_modules: no registry needed.
    npm(['pack', zodFolder, '--pack-destination', work, '--ignore-scripts'], work);
    const tarballs = readdirSync(work).filter((f) => f.endsWith('.tgz'));
    const client = tarballs.find((f) => f.startsWith('tryon-client-'));
    expect(client).toBeDefined();

    const listing = execFileSync('tar', ['-tzf', path.join(work, client ?? '')], { encoding: 'utf8' });
    expect(listing.split('\n').filter(Boolean).sort()).toEqual([
      'package/README.md',
      'package/index.d.ts',
      'package/index.js',
      'package/package.json',
    ]);
    // Nothing it ships imports a workspace package or a file outside it: zod is its one import.
    const shipped = ['index.js', 'index.d.ts']
      .map((f) => readFileSync(path.join(built, f), 'utf8'))
      .join('\n');
    const imports = new Set(
      [...shipped.matchAll(/^(?:import|export)\b[^\n;]*?["']([^"']+)["'];?$/gm)].map((m) => m[1]),
    );
    expect([...imports]).toEqual(['zod']);

    const scratch = path.join(work, 'scratch');
    mkdirSync(scratch);
    writeFileSync(
      path.join(scratch, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
    );
    npm(
      [
        'install',
        ...tarballs.map((f) => path.join(work, f)),
        '--offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
      ],
      scratch,
    );
    writeFileSync(path.join(scratch, 'main.ts'), program);
    writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          lib: ['ES2022', 'DOM'],
          typeRoots: [path.join(repoRoot, 'node_modules', '@types')],
          types: ['node'],
          skipLibCheck: true,
          outDir: 'out',
        },
        files: ['main.ts'],
      }),
    );
    execFileSync(process.execPath, [tsc, '-p', scratch], { cwd: scratch, encoding: 'utf8' });

    const owner = await signIn(t, 'scratch@example.com');
    const apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await testImage(800, 1000, 'jpeg', '#3a7'))]), 'model.jpg');
    const ownerClient = createClient({ baseUrl: apiUrl, apiKey: owner });
    unwrap(await ownerClient.call(routes.models.add, { query: {} }, { body: form }));
    const shirt = path.join(work, 'shirt.png');
    writeFileSync(shirt, await testImage(400, 500, 'png', '#c33'));

    // Run apart (not execFileSync): the server answering it lives in this process.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(scratch, 'out', 'main.js'), shirt],
      {
        cwd: scratch,
        env: { ...process.env, API_URL: apiUrl, API_KEY: owner },
      },
    );
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ name: 'Scratch shirt', status: 'done', missing: 'NOT_FOUND' });
    expect(result.card).toMatch(/^\/v1\/tryon\/image\/[^?]+\?.*width=384/);
  }, 120_000);
});
