/**
 * Lighthouse (desktop preset, performance only) on the built dashboard served by the real server: /login, and
 * /garments of a shop with 200 garments. Target: 95 each. `npx tsx bench/dashboard-lighthouse.ts`
 * (CHROMIUM_PATH, else /usr/bin/chromium; RUNS=3 runs per page, the median is printed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { ensureDashboardBuilt } from '../apps/dashboard/e2e/support/build-dashboard.ts';
import { chromiumArgs, chromiumPath } from '../apps/dashboard/e2e/support/chromium.ts';
import { makeImage } from '../apps/dashboard/e2e/support/images.ts';
import { readSignInCode } from '../apps/dashboard/e2e/support/server.ts';

const GARMENTS = 200;
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = 18_000 + Math.floor(Math.random() * 1000);
const origin = `http://127.0.0.1:${PORT}`;

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    path.resolve(import.meta.dirname, '../node_modules/.bin/tsx'),
    ['apps/server/src/main.ts'],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: origin,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('the server did not start');
}

async function seed(dataDir: string): Promise<string> {
  const email = 'bench@lighthouse.test';
  await fetch(`${origin}/v1/user/mail/register?email=${email}`, { method: 'POST' });
  const code = readSignInCode(dataDir, email);
  const { apiKey } = (await (
    await fetch(`${origin}/v1/user/mail/signin?email=${email}&code=${code}`, { method: 'POST' })
  ).json()) as { apiKey: string };
  const colors = ['#e8590c', '#1971c2', '#d6336c', '#5f3dc4', '#2b8a3e', '#f08c00'];
  const images = await Promise.all(colors.map((c, i) => makeImage(480 + i * 40, 640 - i * 30, c)));
  let next = 0;
  const worker = async () => {
    while (next < GARMENTS) {
      const n = next++;
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(images[n % images.length] ?? Buffer.alloc(0))]), 'g.jpg');
      const query = new URLSearchParams({ name: `Garment ${n + 1}`, description: 'Cotton, regular fit' });
      const res = await fetch(`${origin}/v1/garment/add?${query}`, {
        method: 'POST',
        headers: { tokenapi: apiKey },
        body,
      });
      if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return apiKey;
}

async function score(port: number, url: string): Promise<number> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    desktopConfig,
  );
  return Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

ensureDashboardBuilt();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-lighthouse-'));
const server = await startServer(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});
try {
  const apiKey = await seed(dataDir);
  const results: Record<string, number[]> = { '/login': [], '/garments': [] };
  for (let run = 0; run < RUNS; run++) {
    // Signed out for /login: nothing stored.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${origin}/404-setup`);
    await page.evaluate(() => localStorage.clear());
    results['/login']?.push(await score(chrome.port, `${origin}/login`));
    // Signed in for /garments: the key is stored as after a sign-in.
    await page.evaluate((key) => localStorage.setItem('privateApiKey', key), apiKey);
    await page.close();
    await browser.disconnect();
    results['/garments']?.push(await score(chrome.port, `${origin}/garments`));
  }
  for (const [page, scores] of Object.entries(results)) {
    console.log(
      `lighthouse desktop performance ${page}: ${median(scores)} (runs: ${scores.join(', ')}; target 95)`,
    );
  }
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
