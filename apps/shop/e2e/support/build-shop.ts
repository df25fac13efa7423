import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const shopDir = path.resolve(import.meta.dirname, '../..');
export const distDir = path.join(shopDir, 'dist');

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    0,
  );
}

/** Builds the shopper pages when dist is missing or older than their sources, so the e2e tests what is there. */
export function ensureShopBuilt(): void {
  const built = path.join(distDir, 'index.html');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(shopDir, p),
  );
  const sourceTime = Math.max(...sources.filter(existsSync).map(newestMtime));
  if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) return;
  console.log('e2e-shop: building the shopper pages (dist is missing or stale)');
  execFileSync(
    process.execPath,
    [path.join(shopDir, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: shopDir,
      stdio: 'inherit',
      // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
