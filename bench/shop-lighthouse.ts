/**
 * Lighthouse (its default mobile preset: a mid-range phone, slow 4G and a 4x slower CPU, simulated; performance
 * only) on the outfit try-on page of the built shopper pages served by the real server, as a shopper's first
 * visit from a product page: `/w/tryon?g=<code>&hideIntro=1&key=<public key>`. Target: 90. Also prints the
 * gzipped JavaScript of the page by the build manifest (budget 100 KB).
 * `npx tsx bench/shop-lighthouse.ts` (CHROMIUM_PATH, else /usr/bin/chromium; RUNS=3 runs, the median is printed).
 */
import lighthouse from 'lighthouse';
import { distDir, ensureShopBuilt } from '../apps/shop/e2e/support/build-shop.ts';
import { OUTFIT_JS_BUDGET_BYTES, outfitBundleSize } from '../apps/shop/scripts/outfit-size.ts';
import { flatLayShirt } from '../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { type LighthouseRig, middleRun, performanceScore, withLighthouseRig } from './lighthouse.ts';

const RUNS = Number(process.env.RUNS ?? 3);

/** A shop as its owner makes it: sign-in by the mailed code, three garments uploaded with the private key. */
async function seed({ origin, signIn }: LighthouseRig): Promise<{ code: string; publicKey: string }> {
  const apiKey = await signIn('bench@shop-lighthouse.test');
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

ensureShopBuilt();
const { bytes } = outfitBundleSize(distDir);
console.log(
  `outfit page JavaScript: ${(bytes / 1024).toFixed(1)} KB gzipped (budget ${OUTFIT_JS_BUDGET_BYTES / 1024} KB)`,
);
await withLighthouseRig(async (rig) => {
  const { code, publicKey } = await seed(rig);
  const url = `${rig.origin}/w/tryon?g=${code}&hideIntro=1&key=${publicKey}`;
  const scores: number[] = [];
  const metrics: Record<string, number[]> = {};
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(url, {
      port: rig.chromePort,
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
    scores.push(performanceScore(lhr));
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
    `lighthouse mobile performance /w/tryon: ${middleRun(scores)} (runs: ${scores.join(', ')}; target 90)`,
  );
  for (const [id, values] of Object.entries(metrics))
    console.log(
      `  ${id}: ${id.includes('shift') ? middleRun(values).toFixed(3) : `${Math.round(middleRun(values))} ms`}`,
    );
});
