import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from '@tryon/web/e2e/chromium';
import * as chromeLauncher from 'chrome-launcher';
import { becomesHealthy, freePort } from '../apps/server/test/node-ts.ts';
import { readCodeFromOutbox } from '../apps/server/test/read-code-from-outbox.ts';

/** What a Lighthouse bench runs against: the real server in its own process, on a fresh DATA_DIR, and Chromium. */
export interface LighthouseRig {
  origin: string;
  dataDir: string;
  /** The DevTools port of the Chromium that Lighthouse (and puppeteer) drive. */
  chromePort: number;
  /** Registers and signs in an address by the mailed code, as a shop owner would; answers the session key. */
  signIn(email: string): Promise<string>;
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(path.resolve(import.meta.dirname, '../node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Starts the built product and a headless Chromium, runs `bench` against them, and stops both. */
export async function withLighthouseRig(bench: (rig: LighthouseRig) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-lighthouse-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer(port, dataDir);
  try {
    if (!(await becomesHealthy(origin, 30_000))) throw new Error('the server did not start');
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', ...chromiumArgs],
    });
    try {
      await bench({
        origin,
        dataDir,
        chromePort: chrome.port,
        async signIn(email) {
          await fetch(`${origin}/v1/user/mail/register?email=${email}`, { method: 'POST' });
          const code = readCodeFromOutbox(dataDir, email);
          const res = await fetch(`${origin}/v1/user/mail/signin?email=${email}&code=${code}`, {
            method: 'POST',
          });
          return ((await res.json()) as { apiKey: string }).apiKey;
        },
      });
    } finally {
      chrome.kill();
    }
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The score of a run out of 100, as Lighthouse shows it. */
export const performanceScore = (lhr: { categories: { performance?: { score: number | null } } }) =>
  Math.round((lhr.categories.performance?.score ?? 0) * 100);

/** The middle run (the upper one of an even count), so the printed score is one a run really had. */
export const middleRun = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
