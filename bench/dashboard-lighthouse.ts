/**
 * Lighthouse (desktop preset, performance only) on the built dashboard served by the real server: /login, and
 * /garments of a shop with 200 garments. Target: 95 each. `npx tsx bench/dashboard-lighthouse.ts`
 * (CHROMIUM_PATH, else /usr/bin/chromium; RUNS=3 runs per page, the median is printed).
 */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { ensureDashboardBuilt } from '../apps/dashboard/e2e/support/build-dashboard.ts';
import { makeImage } from '../apps/dashboard/e2e/support/images.ts';
import { type LighthouseRig, middleRun, performanceScore, withLighthouseRig } from './lighthouse.ts';

const GARMENTS = 200;
const RUNS = Number(process.env.RUNS ?? 3);

async function seed({ origin, signIn }: LighthouseRig): Promise<string> {
  const apiKey = await signIn('bench@lighthouse.test');
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
  return result ? performanceScore(result.lhr) : 0;
}

ensureDashboardBuilt();
await withLighthouseRig(async (rig) => {
  const { origin, chromePort } = rig;
  const apiKey = await seed(rig);
  const results: Record<string, number[]> = { '/login': [], '/garments': [] };
  for (let run = 0; run < RUNS; run++) {
    // Signed out for /login: nothing stored.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
    const page = await browser.newPage();
    await page.goto(`${origin}/404-setup`);
    await page.evaluate(() => localStorage.clear());
    results['/login']?.push(await score(chromePort, `${origin}/login`));
    // Signed in for /garments: the key is stored as after a sign-in.
    await page.evaluate((key) => localStorage.setItem('privateApiKey', key), apiKey);
    await page.close();
    await browser.disconnect();
    results['/garments']?.push(await score(chromePort, `${origin}/garments`));
  }
  for (const [page, scores] of Object.entries(results)) {
    console.log(
      `lighthouse desktop performance ${page}: ${middleRun(scores)} (runs: ${scores.join(', ')}; target 95)`,
    );
  }
});
