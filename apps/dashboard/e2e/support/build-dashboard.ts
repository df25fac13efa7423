import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const dashboardDir = path.resolve(import.meta.dirname, '../..');
export const distDir = path.join(dashboardDir, 'dist');

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    0,
  );
}

/** Builds the dashboard when dist is missing or older than its sources, so the e2e always tests what is there. */
export function ensureDashboardBuilt(): void {
  const built = path.join(distDir, 'index.html');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(dashboardDir, p),
  );
  const sourceTime = Math.max(...sources.filter(existsSync).map(newestMtime));
  if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) return;
  console.log('e2e: building the dashboard (dist is missing or stale)');
  execFileSync(
    process.execPath,
    [path.join(dashboardDir, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: dashboardDir,
      stdio: 'inherit',
      // Vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
