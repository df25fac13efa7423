import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    0,
  );
}

/**
 * Builds a Vite app of this repo when its dist is missing or older than its sources, so an e2e always tests what
 * is there. `appDir` is the app's folder (apps/<name>).
 */
export function ensureBuilt(appDir: string, label: string): void {
  const built = path.join(appDir, 'dist', 'index.html');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(appDir, p),
  );
  const sourceTime = Math.max(...sources.filter(existsSync).map(newestMtime));
  if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) return;
  console.log(`e2e: building ${label} (dist is missing or stale)`);
  execFileSync(
    process.execPath,
    [path.join(appDir, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: appDir,
      stdio: 'inherit',
      // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
