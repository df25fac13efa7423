import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CatalogImport, routes, sizedImage } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, api, failed, ok, upload } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { startImageHost } from '../../../test/image-host.ts';
import { testImage } from '../../../test/images.ts';
import { createShop, type ShopFixture } from '../../../test/shop-fixture.ts';
import { DAY_MS } from '../../lib/clock.ts';

const r = routes.imports;
const HEADER = 'sku,name,description,category,price,image_url,product_url';
const csvOf = (lines: string[]) => Buffer.from(`${[HEADER, ...lines].join('\n')}\n`);

async function finished(owner: Api, id: string): Promise<CatalogImport> {
  return vi.waitFor(
    async () => {
      const job = ok(await owner.call(r.get, { params: { iuid: id } }));
      if (job.status === 'queued' || job.status === 'running') throw new Error(`still ${job.status}`);
      return job;
    },
    { timeout: 20_000, interval: 50 },
  );
}

const garments = async (owner: Api) =>
  ok(await owner.call(routes.garments.list, { query: { limit: 100 } })).items.filter((g) => g.sku);

describe('catalogue imports: removal, new images, allowance, daily sync', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let rival: ShopFixture;
  let admin: Api;
  let host: Awaited<ReturnType<typeof startImageHost>>;
  const files: Record<string, Buffer> = {};

  beforeAll(async () => {
    t = await createTestApp({
      URL_IMPORT_ALLOW_PRIVATE: '1',
      ADMIN_EMAILS: 'sync-boss@example.com',
    });
    shop = await createShop(t, 'sync-owner@example.com');
    rival = await createShop(t, 'sync-rival@example.com');
    admin = api(t, { apiKey: await signIn(t, 'sync-boss@example.com') });
    for (const color of ['red', 'green', 'blue', 'gold', 'pink', 'teal']) {
      files[`/${color}.png`] = await testImage(500, 600, 'png', color);
    }
    host = await startImageHost(files);
  });
  afterAll(async () => {
    host.close();
    await t.close();
  });

  const csvImport = async (owner: Api, csv: Buffer, removeMissing: '0' | '1' = '0') =>
    finished(owner, ok(await owner.call(r.csv, { query: { removeMissing } }, upload(csv)), 202).id);

  it('removes the items its source created that left it, with their files, only when asked', async () => {
    const first = await csvImport(
      shop.ownerApi,
      csvOf([
        `R1,One,,,,${host.url('/red.png')},`,
        `R2,Two,,,,${host.url('/green.png')},`,
        `R3,Three,,,,${host.url('/blue.png')},`,
      ]),
    );
    expect(first.rows).toMatchObject({ created: 3, removed: 0 });
    const r3 = (await garments(shop.ownerApi)).find((g) => g.sku === 'R3');
    const r3Row = await t.runtime.services.catalogRepository.findAnyShop('garment', r3?.guid ?? '');
    expect(await t.runtime.services.storage.has(r3Row?.image_key ?? '')).toBe(true);

    // Without the option nothing is removed.
    const kept = await csvImport(
      shop.ownerApi,
      csvOf([`R1,One,,,,${host.url('/red.png')},`, `R2,Two,,,,${host.url('/green.png')},`]),
    );
    expect(kept.rows).toMatchObject({ skipped: 2, removed: 0 });
    expect((await garments(shop.ownerApi)).map((g) => g.sku).sort()).toEqual(['R1', 'R2', 'R3']);

    // With it, R3 (created by a CSV import, absent now) goes; the fixture's own garment, added by hand, stays;
    // R2's image failing this time does not remove it (the source still lists it).
    const handAdded = shop.guid;
    const removing = await csvImport(
      shop.ownerApi,
      csvOf([`R1,One,,,,${host.url('/red.png')},`, `R2,Two,,,,${host.url('/nothing.png')},`]),
      '1',
    );
    expect(removing).toMatchObject({ status: 'done', removeMissing: true });
    expect(removing.rows).toMatchObject({ total: 2, done: 2, removed: 1 });
    expect((await garments(shop.ownerApi)).map((g) => g.sku).sort()).toEqual(['R1', 'R2']);
    expect(ok(await shop.ownerApi.call(routes.garments.get, { params: { guid: handAdded } })).guid).toBe(
      handAdded,
    );
    expect(await t.runtime.services.storage.has(r3Row?.image_key ?? '')).toBe(false);
    const report = ok(await shop.ownerApi.call(r.report, { params: { iuid: removing.id }, query: {} }));
    expect(report.items.find((row) => row.outcome === 'removed')).toMatchObject({
      row: 3,
      key: 'sku:R3',
      item: r3?.guid,
    });

    // Another shop's import with the option removes nothing of this shop.
    await csvImport(rival.ownerApi, csvOf([`X1,Other,,,,${host.url('/red.png')},`]), '1');
    expect((await garments(shop.ownerApi)).map((g) => g.sku).sort()).toEqual(['R1', 'R2']);
  });

  it('gives a product whose image URL changed its new image, keeping its code', async () => {
    await csvImport(shop.ownerApi, csvOf([`IMG1,Pic,,,,${host.url('/pink.png')},`]));
    const before = (await garments(shop.ownerApi)).find((g) => g.sku === 'IMG1');
    const oldRow = await t.runtime.services.catalogRepository.findAnyShop('garment', before?.guid ?? '');
    // A card-size copy made of the old image goes with it.
    const card = await t.app.inject({ method: 'GET', url: sizedImage(before?.image, 'card') });
    expect(card.statusCode).toBe(200);
    const oldCard = (oldRow?.image_key ?? '').replace(/original-([^/]+)$/, 'w384-$1');
    expect(await t.runtime.services.storage.has(oldCard)).toBe(true);
    const again = await csvImport(shop.ownerApi, csvOf([`IMG1,Pic,,,,${host.url('/teal.png')},`]));
    expect(again.rows).toMatchObject({ updated: 1, created: 0, skipped: 0, failed: 0 });
    const after = (await garments(shop.ownerApi)).find((g) => g.sku === 'IMG1');
    expect(after?.guid).toBe(before?.guid);
    expect(after?.g).toBe(before?.g);
    expect(after?.image).not.toBe(before?.image);
    const newRow = await t.runtime.services.catalogRepository.findAnyShop('garment', after?.guid ?? '');
    expect(newRow?.source_url).toBe(host.url('/teal.png'));
    expect(await t.runtime.services.storage.has(newRow?.image_key ?? '')).toBe(true);
    expect(await t.runtime.services.storage.has(oldRow?.image_key ?? '')).toBe(false);
    expect(await t.runtime.services.storage.has(oldCard)).toBe(false);
    // The served image is the new one (teal, not pink).
    const image = await t.app.inject({ method: 'GET', url: after?.image ?? '' });
    expect(image.statusCode).toBe(200);
    // Unchanged again: skipped.
    const same = await csvImport(shop.ownerApi, csvOf([`IMG1,Pic,,,,${host.url('/teal.png')},`]));
    expect(same.rows).toMatchObject({ skipped: 1, updated: 0 });
  });

  it('uses the import allowance an admin sets, which owners cannot change', async () => {
    const owner = api(t, { apiKey: await signIn(t, 'sync-allow@example.com') });
    const { suid } = ok(await owner.call(routes.keys.account, {}));
    expect(
      failed(await owner.call(routes.shops.update, { query: { limit_import_daily: '5' } }), 403).errorCodeStr,
    ).toBe('FIELD_NOT_EDITABLE');
    const set = ok(
      await admin.call(routes.shops.update, { query: { shop_uid: suid, limit_import_daily: '1' } }),
    );
    expect(set).toMatchObject({ limit_import_daily: 1, limit_garment_daily: 100 });
    const job = await csvImport(
      owner,
      csvOf([`L1,,,,,${host.url('/red.png')},`, `L2,,,,,${host.url('/green.png')},`]),
    );
    expect(job.rows).toMatchObject({ created: 1, failed: 1 });
    // Empty: back to the daily garment limit.
    const reset = ok(
      await admin.call(routes.shops.update, { query: { shop_uid: suid, limit_import_daily: '' } }),
    );
    expect(reset.limit_import_daily).toBeNull();
    // Rows are fetched a few at a time, so either L1 or L2 took the one item; a new sku L3 is certainly new.
    const more = await csvImport(owner, csvOf([`L3,,,,,${host.url('/blue.png')},`]));
    expect(more.rows).toMatchObject({ created: 1, failed: 0 });
  });

  it('two imports of one shop at once cannot pass its daily allowance together', async () => {
    const owner = api(t, { apiKey: await signIn(t, 'sync-race@example.com') });
    const { suid } = ok(await owner.call(routes.keys.account, {}));
    await admin.call(routes.shops.update, { query: { shop_uid: suid, limit_import_daily: '3' } });
    const colors = ['red', 'green', 'blue', 'gold', 'pink', 'teal'];
    const started = await Promise.all(
      ['A', 'B'].map(
        async (prefix) =>
          ok(
            await owner.call(
              r.csv,
              { query: {} },
              upload(csvOf(colors.map((c, i) => `${prefix}${i},,,,,${host.url(`/${c}.png`)},`))),
            ),
            202,
          ).id,
      ),
    );
    const jobs = await Promise.all(started.map((id) => finished(owner, id)));
    expect(jobs.reduce((sum, job) => sum + job.rows.created, 0)).toBe(3);
    expect((await garments(owner)).length).toBe(3);
  });

  it('refuses a CSV over the size limit with its own code', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    const refused = failed(await shop.ownerApi.call(r.csv, { query: {} }, upload(big)), 413);
    expect(refused.errorCodeStr).toBe('IMPORT_FILE_TOO_LARGE');
  });

  it('re-syncs a feed daily, once however many sweeps run, and can be switched off', async () => {
    const feed = `<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>F1</g:id><title>Feed one</title><g:image_link>${host.url('/red.png')}</g:image_link></item>
</channel></rss>`;
    const feedHost = await startImageHost({ ...files, '/feed.xml': Buffer.from(feed) });
    try {
      const started = ok(
        await shop.ownerApi.call(r.url, {
          query: { source: 'merchant', url: feedHost.url('/feed.xml'), daily: '1' },
        }),
        202,
      );
      expect(started.dailySync).toBe(true);
      await finished(shop.ownerApi, started.id);
      const { imports } = t.runtime.services;
      // Not due yet.
      expect(await imports.runDueSyncs()).toBe(0);
      t.clock.advance(DAY_MS + 1000);
      // Two sweeps at once (two processes): one run.
      const [a, b] = await Promise.all([imports.runDueSyncs(), imports.runDueSyncs()]);
      expect(a + b).toBe(1);
      const list = ok(await shop.ownerApi.call(r.list, { query: { limit: 5 } })).items;
      const synced = list[0];
      expect(synced).toMatchObject({
        source: 'merchant',
        sourceUrl: feedHost.url('/feed.xml'),
        dailySync: true,
      });
      expect(synced?.id).not.toBe(started.id);
      expect((await finished(shop.ownerApi, synced?.id ?? '')).rows).toMatchObject({ skipped: 1 });
      expect(await imports.runDueSyncs()).toBe(0);

      // Another shop cannot switch it; a CSV import cannot be synced; the owner switches it off.
      expect(
        failed(await rival.ownerApi.call(r.daily, { params: { iuid: started.id }, query: { on: '0' } }), 404)
          .errorCodeStr,
      ).toBe('NOT_FOUND');
      const csvJob = ok(await shop.ownerApi.call(r.list, { query: { limit: 50 } })).items.find(
        (job) => job.source === 'csv',
      );
      expect(
        failed(
          await shop.ownerApi.call(r.daily, { params: { iuid: csvJob?.id ?? '' }, query: { on: '1' } }),
          400,
        ).errorCodeStr,
      ).toBe('IMPORT_NOT_SYNCABLE');
      const off = ok(await shop.ownerApi.call(r.daily, { params: { iuid: started.id }, query: { on: '0' } }));
      expect(off.dailySync).toBe(false);
      t.clock.advance(2 * DAY_MS);
      expect(await imports.runDueSyncs()).toBe(0);
      const on = ok(
        await shop.ownerApi.call(r.daily, {
          params: { iuid: synced?.id ?? '' },
          query: { on: '1', removeMissing: '1' },
        }),
      );
      expect(on.dailySync).toBe(true);
      t.clock.advance(DAY_MS + 1000);
      expect(await imports.runDueSyncs()).toBe(1);
      const third = ok(await shop.ownerApi.call(r.list, { query: { limit: 1 } })).items[0];
      expect(third?.removeMissing).toBe(true);
      await finished(shop.ownerApi, third?.id ?? '');
    } finally {
      feedHost.close();
    }
  });
  it("is started by the server's own sweep once a source is due", async () => {
    const feed = `<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>SW1</g:id><title>Swept</title><g:image_link>${host.url('/gold.png')}</g:image_link></item>
</channel></rss>`;
    const feedHost = await startImageHost({ ...files, '/swept.xml': Buffer.from(feed) });
    try {
      const first = ok(
        await shop.ownerApi.call(r.url, {
          query: { source: 'merchant', url: feedHost.url('/swept.xml'), daily: '1' },
        }),
        202,
      );
      await finished(shop.ownerApi, first.id);
      const runsOf = async () =>
        ok(await shop.ownerApi.call(r.list, { query: { limit: 50 } })).items.filter(
          (job) => job.sourceUrl === feedHost.url('/swept.xml'),
        );
      expect(await runsOf()).toHaveLength(1);
      // A day later a new process starts: its sweep (run at start, then every minute) queues the run.
      t.clock.advance(DAY_MS + 1000);
      await t.restart();
      await vi.waitFor(async () => expect(await runsOf()).toHaveLength(2), {
        timeout: 10_000,
        interval: 100,
      });
      const [latest] = await runsOf();
      expect((await finished(shop.ownerApi, latest?.id ?? '')).rows).toMatchObject({ skipped: 1 });
    } finally {
      feedHost.close();
    }
  });
});

describe('catalogue imports: politeness per host', () => {
  it('keeps image fetches to one host within the limit across all imports of the process', async () => {
    const image = await testImage(500, 600);
    let now = 0;
    let most = 0;
    const server = createServer((_req, res) => {
      now++;
      most = Math.max(most, now);
      setTimeout(() => {
        now--;
        res.writeHead(200, { 'content-type': 'image/png' }).end(image);
      }, 40);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const t = await createTestApp({ URL_IMPORT_ALLOW_PRIVATE: '1', IMPORT_HOST_CONCURRENCY: '2' });
    try {
      const shops = [
        await createShop(t, 'polite-a@example.com'),
        await createShop(t, 'polite-b@example.com'),
      ];
      const ids = await Promise.all(
        shops.map(
          async (s, n) =>
            ok(
              await s.ownerApi.call(
                r.csv,
                { query: {} },
                upload(csvOf(Array.from({ length: 8 }, (_, i) => `P${n}-${i},,,,,${base}/p${n}-${i}.png,`))),
              ),
              202,
            ).id,
        ),
      );
      const jobs = await Promise.all(ids.map((id, n) => finished(shops[n]?.ownerApi as Api, id)));
      expect(jobs.map((job) => job.rows.created)).toEqual([8, 8]);
      // Four rows at once per import, two imports at once: without the limit up to 8 fetches at once.
      expect(most).toBeLessThanOrEqual(2);
      expect(most).toBe(2);
    } finally {
      server.close();
      await t.close();
    }
  });
});
