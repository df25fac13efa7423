/**
 * Lighthouse (its default mobile preset: a mid-range phone, slow 4G and a 4x slower CPU, simulated; performance
 * only) on the outfit try-on page of the built shopper pages served by the real server, as a shopper's first
 * visit from a product page: `/w/tryon?g=<code>&hideIntro=1&key=<public key>`. Target: 90. Also prints the
 * gzipped JavaScript of the page by the build manifest (budget 100 KB).
 * `npx tsx bench/shop-lighthouse.ts` (CHROMIUM_PATH, else /usr/bin/chromium; RUNS=3 runs, the median is printed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { distDir, ensureShopBuilt } from '../apps/shop/e2e/support/build-shop.ts';
import { chromiumArgs, chromiumPath } from '../apps/shop/e2e/support/chromium.ts';
import { OUTFIT_JS_BUDGET_BYTES, outfitBundleSize } from '../apps/shop/scripts/outfit-size.ts';
import { flatLayShirt } from '../packages/engine/test/fixtures/flat-lay-shirt.ts';

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = 19_000 + Math.floor(Math.random() * 1000);
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

/** A shop as its owner makes it: sign-in by the mailed code, three garments uploaded with the private key. */
async function seed(dataDir: string): Promise<{ code: string; publicKey: string }> {
  const email = 'bench@shop-lighthouse.test';
  await fetch(`${origin}/v1/user/mail/register?email=${email}`, { method: 'POST' });
  const outbox = path.join(dataDir, 'outbox');
  const mail = readdirSync(outbox).find((f) => f.endsWith(`-${email}.eml`)) ?? '';
  const signInCode = /sign-in code is (\d{4})/.exec(readFileSync(path.join(outbox, mail), 'utf8'))?.[1];
  const { apiKey } = (await (
    await fetch(`${origin}/v1/user/mail/signin?email=${email}&code=${signInCode}`, { method: 'POST' })
  ).json()) as { apiKey: string };
  const account = (await (
    await fetch(`${origin}/v1/user/account`, { headers: { tokenapi: apiKey } })
  ).json()) as {
    activeApiKeys: { public: { apiKey: string }[] };
  };
  let first = '';
  for (const [i, colour] of ['#c0392b', '#1c7ed6', '#2f9e44'].entries()) {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(await flatLayShirt({ colour }))]), 'shirt.jpg');
    const query = new URLSearchParams({
      name: `Tee ${i + 1}`,
      price: '29.90',
      url: 'https://shop.example/p',
    });
    const res = await fetch(`${origin}/v1/garment/add?${query}`, {
      method: 'POST',
      headers: { tokenapi: apiKey },
      body,
    });
    const item = (await res.json()) as { g: string };
    if (!res.ok) throw new Error(`upload failed: ${res.status} ${JSON.stringify(item)}`);
    first ||= item.g;
  }
  return { code: first, publicKey: account.activeApiKeys.public[0]?.apiKey ?? '' };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

ensureShopBuilt();
const { bytes } = outfitBundleSize(distDir);
console.log(
  `outfit page JavaScript: ${(bytes / 1024).toFixed(1)} KB gzipped (budget ${OUTFIT_JS_BUDGET_BYTES / 1024} KB)`,
);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-shop-lighthouse-'));
const server = await startServer(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumArgs],
});
try {
  const { code, publicKey } = await seed(dataDir);
  const url = `${origin}/w/tryon?g=${code}&hideIntro=1&key=${publicKey}`;
  const scores: number[] = [];
  const metrics: Record<string, number[]> = {};
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) {
      // A run Lighthouse could not finish says why and is not counted.
      console.log(`run ${run + 1} failed: ${lhr?.runtimeError?.code} ${lhr?.runtimeError?.message ?? ''}`);
      continue;
    }
    scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]) {
      const value = lhr.audits[id]?.numericValue;
      if (value !== undefined) metrics[id] = [...(metrics[id] ?? []), value];
    }
  }
  console.log(
    `lighthouse mobile performance /w/tryon: ${median(scores)} (runs: ${scores.join(', ')}; target 90)`,
  );
  for (const [id, values] of Object.entries(metrics))
    console.log(
      `  ${id}: ${id.includes('shift') ? median(values).toFixed(3) : `${Math.round(median(values))} ms`}`,
    );
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
