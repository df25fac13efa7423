import { routes } from '@tryon/contract';
import { ok, upload } from '../apps/server/test/api.ts';
import { createTestApp, TestClock } from '../apps/server/test/harness.ts';
import { startImageHost } from '../apps/server/test/image-host.ts';
import { testImage } from '../apps/server/test/images.ts';
import { createShop } from '../apps/server/test/shop-fixture.ts';

/**
 * A CSV import of ROWS (2,000) garments whose images a local server sends: rows per second from the upload to
 * the import's end (fetch, check, store, insert, four rows at a time). Baseline: the same images fetched and
 * checked by the same downloader and image rules, four at a time, with nothing stored: what the import adds
 * on top is the storing, the rows and the progress.
 */
const rows = Number(process.env.ROWS ?? 2000);
const CONCURRENCY = 4;

const image = await testImage(600, 800, 'jpeg');
const images: Record<string, Buffer> = {};
for (let i = 0; i < rows; i++) images[`/p${i}.jpg`] = image;
const host = await startImageHost(images);
const t = await createTestApp({ URL_IMPORT_ALLOW_PRIVATE: '1' }, new TestClock(Date.now()));
try {
  const shop = await createShop(t, 'bench-import@example.com');
  await t.runtime.services.shops.updateField(
    { shopSuid: shop.suid, userUid: '', isAdmin: true },
    shop.suid,
    'limit_garment_daily',
    rows + 10,
  );

  const accept = t.runtime.services.catalogImages;
  let next = 0;
  const baselineStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < rows) await accept.acceptFromUrl('garment', host.url(`/p${next++}.jpg`));
    }),
  );
  const baselineSeconds = (performance.now() - baselineStart) / 1000;

  const csv = Buffer.from(
    `sku,name,price,image_url\n${Array.from({ length: rows }, (_, i) => `B${i},Item ${i},9.99,${host.url(`/p${i}.jpg`)}`).join('\n')}\n`,
  );
  const start = performance.now();
  const job = ok(await shop.ownerApi.call(routes.imports.csv, { query: {} }, upload(csv)), 202);
  let state = job;
  while (state.status === 'queued' || state.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    state = ok(await shop.ownerApi.call(routes.imports.get, { params: { iuid: job.id } }));
  }
  const importSeconds = (performance.now() - start) / 1000;
  if (state.status !== 'done' || state.rows.created !== rows) {
    throw new Error(`import ended ${state.status}: ${JSON.stringify(state.rows)}`);
  }

  // Again, unchanged: every row is found by its sku and skipped.
  const againStart = performance.now();
  const again = ok(await shop.ownerApi.call(routes.imports.csv, { query: {} }, upload(csv)), 202);
  let againState = again;
  while (againState.status === 'queued' || againState.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    againState = ok(await shop.ownerApi.call(routes.imports.get, { params: { iuid: again.id } }));
  }
  const againSeconds = (performance.now() - againStart) / 1000;

  const baseRate = rows / baselineSeconds;
  console.log(
    `CSV import of ${rows} garments, 600x800 JPEG images from a local server, ${CONCURRENCY} at a time`,
  );
  console.log('| run | seconds | rows per second | ratio to baseline |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(
    `| fetch and check only (baseline) | ${baselineSeconds.toFixed(1)} | ${baseRate.toFixed(0)} | 1.00 |`,
  );
  console.log(
    `| import (fetch, check, store, insert) | ${importSeconds.toFixed(1)} | ${(rows / importSeconds).toFixed(0)} | ${(rows / importSeconds / baseRate).toFixed(2)} |`,
  );
  console.log(
    `| re-import, unchanged (${againState.rows.skipped} skipped) | ${againSeconds.toFixed(1)} | ${(rows / againSeconds).toFixed(0)} | ${(rows / againSeconds / baseRate).toFixed(2)} |`,
  );
} finally {
  host.close();
  await t.close();
}
