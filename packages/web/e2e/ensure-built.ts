import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    0,
  );
}

function isFresh(appDir: string): boolean {
  const built = path.join(appDir, 'dist', 'index.html');
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(appDir, p),
  );
  const sourceTime = Math.max(...sources.filter(existsSync).map(newestMtime));
  return existsSync(built) && statSync(built).mtimeMs >= sourceTime;
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the build lock of `appDir` (a folder made atomically, naming its holder's pid), waiting while another
 * process builds; a lock whose holder is gone is taken over. Test files run two at a time, and two builds into
 * one dist would empty it under each other.
 */
function lockBuild(appDir: string): () => void {
  const lock = path.join(
    tmpdir(),
    `tryon-build-${createHash('sha1').update(appDir).digest('hex').slice(0, 12)}.lock`,
  );
  const owner = path.join(lock, 'pid');
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A lock without its pid is being taken (for a moment); one whose holder has exited, or still without a pid
    // after 10 s, is left over from a crash.
    // The holder may release the lock between any two of these reads: a file gone is read as not there.
    const holder = pidIn(owner);
    const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
    const stale = Number.isInteger(holder)
      ? holder > 0 && !isAlive(holder)
      : since !== undefined && Date.now() - since > 10_000;
    if (stale) rmSync(lock, { recursive: true, force: true });
    else pause(200);
  }
}

/** The pid written in a lock's `owner` file; NaN when there is none (not yet written, or the lock gone). */
function pidIn(owner: string): number {
  try {
    return Number(readFileSync(owner, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Number.NaN;
    throw error;
  }
}

/**
 * Builds a Vite app of this repo when its dist is missing or older than its sources, so an e2e always tests what
 * is there. `appDir` is the app's folder (apps/<name>). One process builds at a time; the others wait for it
 * and use its build.
 */
export function ensureBuilt(appDir: string, label: string): void {
  if (isFresh(appDir)) return;
  const unlock = lockBuild(appDir);
  try {
    if (isFresh(appDir)) return;
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
  } finally {
    unlock();
  }
}
