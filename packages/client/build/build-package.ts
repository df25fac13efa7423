import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist', 'package');

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}
const readManifest = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Builds the publishable package in dist/package: ESM JavaScript and one bundled .d.ts, the workspace's
 * contract bundled in (it is not published), zod its one dependency, and a package.json of its own.
 */
export async function buildPackage(): Promise<string> {
  rmSync(out, { recursive: true, force: true });
  const own = readManifest(path.join(root, 'package.json'));
  const contract = readManifest(path.join(root, '..', 'contract', 'package.json'));
  const zod = contract.dependencies?.zod;
  if (!zod) throw new Error('the contract should depend on zod');
  await build({
    cwd: root,
    input: { index: 'src/package-entry.ts' },
    external: ['zod'],
    platform: 'neutral',
    checks: { pluginTimings: false },
    plugins: [
      dts({
        cwd: root,
        tsconfig: path.join(root, 'tsconfig.build.json'),
        eager: true,
        compilerOptions: { noEmit: false },
      }),
    ],
    output: { dir: out, format: 'esm' },
  });
  copyFileSync(path.join(root, 'README.md'), path.join(out, 'README.md'));
  const manifest = {
    name: own.name,
    version: own.version,
    description:
      'TypeScript client of the try-on platform API: typed calls, uploads, try-ons that resolve when done',
    license: 'UNLICENSED',
    type: 'module',
    sideEffects: false,
    exports: { '.': { types: './index.d.ts', default: './index.js' } },
    types: './index.d.ts',
    engines: { node: '>=20.19' },
    dependencies: { zod },
  };
  writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(out, { recursive: true });
  return out;
}

if (process.argv[1] === import.meta.filename) {
  console.log(`built ${await buildPackage()}`);
}
