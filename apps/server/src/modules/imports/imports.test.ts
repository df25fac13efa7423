import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CatalogImport, catalogFieldMax, routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Api, api, failed, ok, upload } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { startImageHost } from '../../../test/image-host.ts';
import { testImage } from '../../../test/images.ts';
import { createShop, type ShopFixture } from '../../../test/shop-fixture.ts';
import { SOURCE_MAX_BYTES } from './import-source.ts';
import { ImportsRepository } from './imports.repository.ts';

const r = routes.imports;

/** Waits until the import has ended (done, failed or cancelled) and answers it. */
async function finished(owner: Api, id: string): Promise<CatalogImport> {
  return vi.waitFor(
    async () => {
      const job = ok(await owner.call(r.get, { params: { iuid: id } }));
      if (job.status === 'queued' || job.status === 'running') throw new Error(`still ${job.status}`);
      return job;
    },
    { timeout: 15_000, interval: 50 },
  );
}

const csvOf = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);
const garmentSkus = async (owner: Api) =>
  ok(await owner.call(routes.garments.list, { query: { limit: 100 } }))
    .items.map((g) => g.sku)
    .filter((sku): sku is string => Boolean(sku))
    .sort();

describe('catalogue imports', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let rival: ShopFixture;
  let host: Awaited<ReturnType<typeof startImageHost>>;
  const files: Record<string, Buffer> = {};

  beforeAll(async () => {
    t = await createTestApp({
      URL_IMPORT_ALLOW_PRIVATE: '1',
      IMPORT_MAX_ROWS: '40',
      ADMIN_EMAILS: 'boss@example.com',
    });
    shop = await createShop(t, 'import-owner@example.com');
    rival = await createShop(t, 'import-rival@example.com');
    for (const color of ['red', 'green', 'blue', 'gold']) {
      files[`/${color}.png`] = await testImage(500, 600, 'png', color);
    }
    files['/tiny.png'] = await testImage(100, 100);
    host = await startImageHost(files);
  });
  afterAll(async () => {
    host.close();
    await t.close();
  });

  const csvImport = async (owner: Api, csv: Buffer) =>
    ok(await owner.call(r.csv, { query: {} }, upload(csv)), 202);

  it('imports a CSV, failing the rows that are wrong with their reason, and re-imports without duplicates', async () => {
    const header = 'sku,name,description,category,price,image_url,product_url';
    const first = csvOf([
      header,
      `A1,"Shirt, red","Loose ""fit""",Shirts,19.90 EUR,${host.url('/red.png')},https://s.example/a1`,
      `A2,Skirt,,skirt,25,${host.url('/green.png')},`,
      `A3,Bad price,,,cheap,${host.url('/blue.png')},`,
      `A1,Again,,,,${host.url('/blue.png')},`,
      `A4,Tiny,,,,${host.url('/tiny.png')},`,
      `A5,Gone,,,,${host.url('/missing.png')},`,
      'A6,No image,,,,,',
    ]);
    const started = await csvImport(shop.ownerApi, first);
    expect(started).toMatchObject({ source: 'csv', kind: 'garment', rows: { total: 7 } });
    const done = await finished(shop.ownerApi, started.id);
    expect(done).toMatchObject({
      status: 'done',
      rows: { total: 7, done: 7, created: 2, updated: 0, failed: 5 },
    });

    const report = ok(
      await shop.ownerApi.call(r.report, { params: { iuid: started.id }, query: { failedOnly: '1' } }),
    );
    expect(report.items.map((x) => [x.row, x.error])).toEqual([
      [3, 'IMPORT_BAD_PRICE'],
      [4, 'IMPORT_DUPLICATE_ROW'],
      [5, 'IMAGE_TOO_SMALL'],
      [6, 'URL_FETCH_FAILED'],
      [7, 'IMAGE_REQUIRED'],
    ]);
    // The values the error's text names, as in an error body: the image's size and the minimum.
    expect(report.items.find((x) => x.error === 'IMAGE_TOO_SMALL')?.details).toMatchObject({
      width: 100,
      height: 100,
      minWidth: expect.any(Number),
      minHeight: expect.any(Number),
    });
    expect(report.items.find((x) => x.error === 'IMPORT_BAD_PRICE')?.details).toBeNull();
    const a1 = ok(await shop.ownerApi.call(routes.garments.list, { query: { limit: 100 } })).items.find(
      (g) => g.sku === 'A1',
    );
    expect(a1).toMatchObject({
      name: 'Shirt, red',
      description: 'Loose "fit"',
      category: 'shirts',
      price: '19.90 EUR',
    });

    // Again: A1 renamed, A2 as it was, A7 new.
    const second = csvOf([
      header,
      `A1,Shirt red v2,"Loose ""fit""",Shirts,19.90 EUR,${host.url('/red.png')},https://s.example/a1`,
      `A2,Skirt,,skirt,25,${host.url('/green.png')},`,
      `A7,Hat,,hats,9,${host.url('/gold.png')},`,
    ]);
    const again = await finished(shop.ownerApi, (await csvImport(shop.ownerApi, second)).id);
    expect(again.rows).toMatchObject({ done: 3, created: 1, updated: 1, skipped: 1, failed: 0 });
    expect(await garmentSkus(shop.ownerApi)).toEqual(['A1', 'A2', 'A7']);
    const renamed = ok(await shop.ownerApi.call(routes.garments.list, { query: { limit: 100 } })).items.find(
      (g) => g.sku === 'A1',
    );
    expect(renamed?.name).toBe('Shirt red v2');
  });

  it('refuses a CSV without an image column, and one over the row limit, writing nothing', async () => {
    const noImage = failed(
      await shop.ownerApi.call(r.csv, { query: {} }, upload(csvOf(['sku,name', 'X,Y']))),
      400,
    );
    expect(noImage.errorCodeStr).toBe('IMPORT_SOURCE_UNREADABLE');
    const rows = Array.from({ length: 41 }, (_, i) => `R${i},,,,,${host.url('/red.png')},`);
    const tooMany = failed(
      await shop.ownerApi.call(
        r.csv,
        { query: {} },
        upload(csvOf(['sku,name,description,category,price,image_url,product_url', ...rows])),
      ),
      400,
    );
    expect(tooMany.errorCodeStr).toBe('IMPORT_TOO_MANY_ROWS');
    const list = ok(await shop.ownerApi.call(r.list, { query: {} }));
    expect(list.items.every((job) => job.rows.total <= 40)).toBe(true);
  });

  it('serves the template with the documented columns', async () => {
    const template = ok(await shop.ownerApi.call(r.template, {}));
    expect(template.columns).toEqual([
      'sku',
      'name',
      'description',
      'category',
      'price',
      'image_url',
      'product_url',
    ]);
    expect(template.csv.split('\n')[0]).toBe(template.columns.join(','));
  });

  it('imports a Merchant Center XML feed and a TSV feed by URL', async () => {
    files['/feed.xml'] = Buffer.from(`<?xml version="1.0"?>
<rss xmlns:g="http://base.google.com/ns/1.0" version="2.0"><channel>
<item><g:id>M1</g:id><title><![CDATA[Coat & hat]]></title><link>https://s.example/m1</link>
<g:price>120.00 USD</g:price><g:product_type>Coats</g:product_type><g:image_link>${host.url('/red.png')}</g:image_link></item>
<item><g:id>M2</g:id><title>Scarf &amp; gloves</title><g:price>10 USD</g:price><g:image_link>${host.url('/green.png')}</g:image_link></item>
</channel></rss>`);
    files['/feed.tsv'] = Buffer.from(
      `id\ttitle\tprice\timage_link\tlink\nT1\tTee\t5.00 USD\t${host.url('/blue.png')}\thttps://s.example/t1\n`,
    );
    const xml = ok(
      await rival.ownerApi.call(r.url, { query: { source: 'merchant', url: host.url('/feed.xml') } }),
      202,
    );
    const tsv = ok(
      await rival.ownerApi.call(r.url, { query: { source: 'merchant', url: host.url('/feed.tsv') } }),
      202,
    );
    expect((await finished(rival.ownerApi, xml.id)).rows).toMatchObject({ total: 2, created: 2, failed: 0 });
    expect((await finished(rival.ownerApi, tsv.id)).rows).toMatchObject({ total: 1, created: 1, failed: 0 });
    const items = ok(await rival.ownerApi.call(routes.garments.list, { query: { limit: 100 } })).items;
    expect(items.find((g) => g.sku === 'M1')).toMatchObject({
      name: 'Coat & hat',
      price: '120.00 USD',
      category: 'coats',
    });
    expect(items.find((g) => g.sku === 'M2')?.name).toBe('Scarf & gloves');
    expect(items.find((g) => g.sku === 'T1')?.url).toBe('https://s.example/t1');
  });

  it('reads a feed larger than an image may be, and names one over the cap with its own code', async () => {
    // A few thousand products with descriptions and attributes pass the 10 MB of an image: 12 MB here.
    const feedOf = (bytes: number) =>
      Buffer.from(`<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<!-- ${'x'.repeat(bytes)} -->
<item><g:id>BIG1</g:id><title>Big feed coat</title><g:image_link>${host.url('/blue.png')}</g:image_link></item>
</channel></rss>`);
    files['/big.xml'] = feedOf(12 * 1024 * 1024);
    files['/huge.xml'] = feedOf(SOURCE_MAX_BYTES);
    const owner = api(t, { apiKey: await signIn(t, 'import-big@example.com') });
    const start = async (path: string) =>
      finished(
        owner,
        ok(await owner.call(r.url, { query: { source: 'merchant', url: host.url(path) } }), 202).id,
      );
    expect(await start('/big.xml')).toMatchObject({ status: 'done', rows: { created: 1 } });
    expect(await start('/huge.xml')).toMatchObject({ status: 'failed', error: 'IMPORT_SOURCE_TOO_LARGE' });
    delete files['/big.xml'];
    delete files['/huge.xml'];
  });

  it("reads an Atom feed's own link and summary", async () => {
    // Google's Atom 1.0 example: the page is <link href="..."/>, the description <summary>.
    files['/atom.xml'] = Buffer.from(`<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
<title>Shop</title><link href="https://s.example" rel="alternate" type="text/html"/>
<entry><title>Red wool sweater</title><g:id>AT1</g:id><link rel="self" href="https://s.example/feed/at1"/>
<link href="https://s.example/p?id=at1&amp;c=red"/><summary>Soft &amp; warm</summary>
<g:image_link>${host.url('/gold.png')}</g:image_link><g:price>25.00 EUR</g:price></entry>
</feed>`);
    const owner = api(t, { apiKey: await signIn(t, 'import-atom@example.com') });
    const job = ok(
      await owner.call(r.url, { query: { source: 'merchant', url: host.url('/atom.xml') } }),
      202,
    );
    expect((await finished(owner, job.id)).rows).toMatchObject({ total: 1, created: 1 });
    const [sweater] = ok(await owner.call(routes.garments.list, { query: { limit: 10 } })).items;
    expect(sweater).toMatchObject({
      sku: 'AT1',
      name: 'Red wool sweater',
      description: 'Soft & warm',
      url: 'https://s.example/p?id=at1&c=red',
    });
  });

  it("holds every row to the catalogue's field rules, as add/url does", async () => {
    const owner = api(t, { apiKey: await signIn(t, 'import-fields@example.com') });
    const long = (n: number) => 'x'.repeat(n);
    const csv = csvOf([
      'sku,name,description,category,price,image_url,product_url',
      `F1,Script link,,,,${host.url('/red.png')},javascript:alert(document.cookie)`,
      `F2,Relative link,,,,${host.url('/green.png')},/products/f2`,
      `F3,${long(300)},${long(6000)},${long(150)},,${host.url('/blue.png')},HTTPS://s.example/f3`,
    ]);
    const job = await finished(owner, (await csvImport(owner, csv)).id);
    expect(job.rows).toMatchObject({ total: 3, created: 1, failed: 2 });
    const report = ok(await owner.call(r.report, { params: { iuid: job.id }, query: { failedOnly: '1' } }));
    expect(report.items.map((x) => [x.key, x.error])).toEqual([
      ['sku:F1', 'IMPORT_BAD_URL'],
      ['sku:F2', 'IMPORT_BAD_URL'],
    ]);
    const items = ok(await owner.call(routes.garments.list, { query: { limit: 10 } })).items;
    expect(items.map((g) => g.sku)).toEqual(['F3']);
    // Cut to what add and edit accept, so the item can be edited as it is, and a re-import finds it unchanged.
    expect(items[0]?.name).toHaveLength(catalogFieldMax.name);
    expect(items[0]?.description).toHaveLength(catalogFieldMax.description);
    expect(items[0]?.category).toHaveLength(catalogFieldMax.category);
    const again = await finished(owner, (await csvImport(owner, csv)).id);
    expect(again.rows).toMatchObject({ skipped: 1, updated: 0, failed: 2 });
  });

  it('imports models, with the model size rules', async () => {
    files['/model.png'] = await testImage(800, 1000);
    const csv = csvOf([
      'sku,name,image_url',
      `MO1,Anna,${host.url('/model.png')}`,
      `MO2,Small,${host.url('/red.png')}`,
    ]);
    const job = ok(await rival.ownerApi.call(r.csv, { query: { kind: 'model' } }, upload(csv)), 202);
    expect(await finished(rival.ownerApi, job.id)).toMatchObject({
      kind: 'model',
      rows: { created: 1, failed: 1 },
    });
    const models = ok(await rival.ownerApi.call(routes.models.list, { query: { limit: 100 } })).items;
    expect(models.map((m) => m.sku)).toContain('MO1');
    expect(models.map((m) => m.sku)).not.toContain('MO2');
  });

  it("imports a Shopify store's products.json", async () => {
    const owner = api(t, { apiKey: await signIn(t, 'import-shopify@example.com') });
    files['/products.json?limit=250&page=1'] = Buffer.from(
      JSON.stringify({
        products: [
          {
            handle: 'linen-dress',
            title: 'Linen dress',
            body_html: '<p>Light <b>linen</b></p>',
            product_type: 'Dresses',
            variants: [{ sku: 'S1', price: '49.00' }],
            images: [{ src: host.url('/gold.png') }],
          },
          { handle: 'no-image', title: 'No image', variants: [{ sku: 'S2', price: '1.00' }], images: [] },
        ],
      }),
    );
    const job = ok(
      await owner.call(r.url, { query: { source: 'shopify', url: `${host.url('/collections/all')}` } }),
      202,
    );
    const done = await finished(owner, job.id);
    expect(done.rows).toMatchObject({ total: 2, created: 1, failed: 1 });
    const dress = ok(await owner.call(routes.garments.list, { query: { limit: 10 } })).items[0];
    expect(dress).toMatchObject({
      sku: 'S1',
      name: 'Linen dress',
      description: 'Light linen',
      price: '49.00',
    });
    expect(dress?.url).toBe(host.url('/products/linen-dress'));
    // The source is the store, whichever of its pages was given: the import names it by its address.
    expect(done.sourceUrl).toBe(host.url('/'));

    // The store again, by another of its pages, asked to remove what left it: the dress did, a hat came.
    files['/products.json?limit=250&page=1'] = Buffer.from(
      JSON.stringify({
        products: [
          { handle: 'hat', title: 'Hat', variants: [{ sku: 'S3' }], images: [{ src: host.url('/red.png') }] },
        ],
      }),
    );
    const url = host.url('/products/linen-dress');
    // Whoever sees the import done sees its final counts: they are in place when it is marked done.
    const countsWhenDone: (number | undefined)[] = [];
    const finish = ImportsRepository.prototype.finish;
    const spy = vi.spyOn(ImportsRepository.prototype, 'finish').mockImplementation(async function (
      this: ImportsRepository,
      id,
      status,
      error,
      now,
    ) {
      if (status === 'done') countsWhenDone.push((await this.find(null, id))?.removed);
      return finish.call(this, id, status, error, now);
    });
    const again = ok(await owner.call(r.url, { query: { source: 'shopify', url, removeMissing: '1' } }), 202);
    expect((await finished(owner, again.id)).rows).toMatchObject({ created: 1, removed: 1 });
    spy.mockRestore();
    expect(countsWhenDone).toEqual([1]);
    const skus = ok(await owner.call(routes.garments.list, { query: { limit: 10 } })).items.map((g) => g.sku);
    expect(skus).toEqual(['S3']);
  });

  it('keeps shops apart; an admin lists every shop', async () => {
    const mine = ok(await shop.ownerApi.call(r.list, { query: {} })).items;
    const theirs = ok(await rival.ownerApi.call(r.list, { query: {} })).items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((job) => job.shop === shop.suid)).toBe(true);
    const someone = mine[0]?.id ?? '';
    for (const answer of [
      await rival.ownerApi.call(r.get, { params: { iuid: someone } }),
      await rival.ownerApi.call(r.report, { params: { iuid: someone }, query: {} }),
      await rival.ownerApi.call(r.cancel, { params: { iuid: someone } }),
      await rival.ownerApi.call(r.daily, { params: { iuid: someone }, query: { on: '1' } }),
    ]) {
      expect(failed(answer, 404).errorCodeStr).toBe('NOT_FOUND');
    }
    expect(failed(await shop.ownerApi.call(r.adminList, { query: {} }), 403).errorCodeStr).toBe('ADMIN_ONLY');
    // Nor do the admin routes open another shop's imports to an owner, by shop filter or by report.
    const rivalJob = theirs[0]?.id ?? '';
    for (const answer of [
      await shop.ownerApi.call(r.adminList, { query: { shop: rival.suid } }),
      await shop.ownerApi.call(r.adminReport, { params: { iuid: rivalJob }, query: {} }),
      await shop.ownerApi.call(r.adminReport, { params: { iuid: someone }, query: {} }),
    ]) {
      expect(failed(answer, 403).errorCodeStr).toBe('ADMIN_ONLY');
    }
    expect(
      failed(await shop.ownerApi.call(r.report, { params: { iuid: rivalJob }, query: {} }), 404).errorCodeStr,
    ).toBe('NOT_FOUND');
    // The shop's public key (shoppers' pages) can neither start nor read imports.
    const shopper = shop.client();
    for (const answer of [
      await shopper.call(
        r.csv,
        { query: {} },
        upload(csvOf(['sku,image_url', `P1,${host.url('/red.png')}`])),
      ),
      await shopper.call(r.url, { query: { source: 'merchant', url: host.url('/feed.xml') } }),
      await shopper.call(r.list, { query: {} }),
      await shopper.call(r.get, { params: { iuid: someone } }),
      await shopper.call(r.report, { params: { iuid: someone }, query: {} }),
      await shopper.call(r.cancel, { params: { iuid: someone } }),
    ]) {
      expect(failed(answer, 403).errorCodeStr).toBe('PRIVATE_KEY_REQUIRED');
    }
    const admin = api(t, { apiKey: await signIn(t, 'boss@example.com') });
    const all = ok(await admin.call(r.adminList, { query: { limit: 100 } })).items.map((job) => job.id);
    expect(all).toEqual(expect.arrayContaining([...mine, ...theirs].map((job) => job.id)));
    // One shop's imports (the admin screen's shop filter), and any shop's report.
    const rivals = ok(await admin.call(r.adminList, { query: { shop: rival.suid, limit: 100 } })).items;
    expect(rivals.map((job) => job.id)).toEqual(theirs.map((job) => job.id));
    const ownReport = ok(await shop.ownerApi.call(r.report, { params: { iuid: someone }, query: {} })).items;
    const adminReport = ok(await admin.call(r.adminReport, { params: { iuid: someone }, query: {} })).items;
    expect(adminReport).toEqual(ownReport);
    expect(ownReport.length).toBeGreaterThan(0);
    expect(
      failed(await admin.call(r.adminReport, { params: { iuid: 'no-such-import' }, query: {} }), 404)
        .errorCodeStr,
    ).toBe('NOT_FOUND');

    // One kind's history (the Models screen's), however many imports of the other kind came since.
    expect(new Set(theirs.map((job) => job.kind))).toEqual(new Set(['garment', 'model']));
    const models = ok(await rival.ownerApi.call(r.list, { query: { kind: 'model' } })).items;
    expect(models.map((job) => job.id)).toEqual(theirs.filter((j) => j.kind === 'model').map((j) => j.id));
    const everyModel = ok(await admin.call(r.adminList, { query: { kind: 'model', limit: 100 } })).items;
    expect(everyModel.length).toBeGreaterThan(0);
    expect(everyModel.every((job) => job.kind === 'model')).toBe(true);
  });

  it("stops at the shop's daily garment limit", async () => {
    const owner = api(t, { apiKey: await signIn(t, 'import-limit@example.com') });
    const { suid } = ok(await owner.call(routes.keys.account, {}));
    await t.runtime.services.shops.updateField(
      { shopSuid: suid, userUid: '', isAdmin: true },
      suid,
      'limit_garment_daily',
      2,
    );
    const rows = ['L1', 'L2', 'L3'].map(
      (sku, i) => `${sku},,,,,${host.url(['/red.png', '/green.png', '/blue.png'][i] ?? '')},`,
    );
    const job = await finished(
      owner,
      (await csvImport(owner, csvOf(['sku,name,description,category,price,image_url,product_url', ...rows])))
        .id,
    );
    expect(job.rows).toMatchObject({ created: 2, failed: 1 });
    const report = ok(await owner.call(r.report, { params: { iuid: job.id }, query: { failedOnly: '1' } }));
    expect(report.items.map((x) => x.error)).toEqual(['DAILY_LIMIT_REACHED']);
  });
});

describe('catalogue imports: URL checks, cancel and restart', () => {
  it('refuses feeds on private addresses unless the operator allows them', async () => {
    const t = await createTestApp();
    try {
      const shop = await createShop(t, 'import-ssrf@example.com');
      const literal = failed(
        await shop.ownerApi.call(r.url, {
          query: { source: 'merchant', url: 'http://127.0.0.1:9/feed.xml' },
        }),
        400,
      );
      expect(literal.errorCodeStr).toBe('URL_NOT_ALLOWED');
      // A name that resolves to loopback passes the form check; the fetch refuses it, and the import says so.
      const named = ok(
        await shop.ownerApi.call(r.url, { query: { source: 'shopify', url: 'http://localhost:9/' } }),
        202,
      );
      expect(await finished(shop.ownerApi, named.id)).toMatchObject({
        status: 'failed',
        error: 'URL_NOT_ALLOWED',
      });
    } finally {
      await t.close();
    }
  });

  it('holds its lease while a store is read for longer than the lease, so no other process takes it up', async () => {
    const image = await testImage(500, 600);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = createServer((req, res) => {
      if (req.url?.startsWith('/products.json')) {
        const products = Array.from({ length: 3 }, (_, i) => ({
          handle: `h${i}`,
          title: `Held ${i}`,
          variants: [{ sku: `H${i}` }],
          images: [{ src: `${base}/h${i}.png` }],
        }));
        void held.then(() =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ products })),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'image/png' }).end(image);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const t = await createTestApp({ URL_IMPORT_ALLOW_PRIVATE: '1', IMPORT_LEASE_SECONDS: '3' });
    try {
      const owner = api(t, { apiKey: await signIn(t, 'import-lease@example.com') });
      const job = ok(await owner.call(r.url, { query: { source: 'shopify', url: base } }), 202);
      await vi.waitFor(
        async () => expect(ok(await owner.call(r.get, { params: { iuid: job.id } })).status).toBe('running'),
        { timeout: 5000, interval: 20 },
      );
      // The store answers slowly: 2 s of the 3 s lease pass, a renewal (every second) comes, then 2 s more.
      t.clock.advance(2000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      t.clock.advance(2000);
      const leaseMs = t.runtime.config.IMPORT_LEASE_SECONDS * 1000;
      const repository = t.runtime.services.importsRepository;
      expect(await repository.due(t.clock.now(), 10)).not.toContain(job.id);
      expect(await repository.claim(job.id, t.clock.now(), leaseMs)).toBeUndefined();
      release();
      const done = await finished(owner, job.id);
      expect(done.rows).toMatchObject({ total: 3, created: 3, failed: 0 });
    } finally {
      release();
      server.close();
      await t.close();
    }
  });

  it('is cancelled between rows, and after a restart goes on where it stopped, without duplicates', async () => {
    const image = await testImage(500, 600);
    const images: Record<string, Buffer> = {};
    for (let i = 0; i < 16; i++) images[`/p${i}.png`] = image;
    const host = await startImageHost(images, { delayMs: 60 });
    const t = await createTestApp({ URL_IMPORT_ALLOW_PRIVATE: '1' });
    try {
      const shop = await createShop(t, 'import-restart@example.com');
      const csv = csvOf([
        'sku,image_url',
        ...Array.from({ length: 16 }, (_, i) => `P${String(i).padStart(2, '0')},${host.url(`/p${i}.png`)}`),
      ]);
      const job = ok(await shop.ownerApi.call(r.csv, { query: {} }, upload(csv)), 202);
      await vi.waitFor(
        async () =>
          expect(ok(await shop.ownerApi.call(r.get, { params: { iuid: job.id } })).rows.done).toBeGreaterThan(
            0,
          ),
        { timeout: 10_000, interval: 20 },
      );
      await t.restart();
      const partway = ok(await shop.ownerApi.call(r.get, { params: { iuid: job.id } }));
      expect(partway.rows.done).toBeLessThan(16);
      const done = await finished(shop.ownerApi, job.id);
      expect(done.rows).toMatchObject({ total: 16, done: 16, failed: 0 });
      expect(done.rows.created + done.rows.skipped).toBe(16);
      const skus = await garmentSkus(shop.ownerApi);
      expect(skus).toHaveLength(16);
      expect(new Set(skus).size).toBe(16);

      // A process that dies holding an import (no release): its lease runs out and another takes it up.
      await t.restart({ renderJobs: false });
      const crashed = ok(
        await shop.ownerApi.call(
          r.csv,
          { query: {} },
          upload(csvOf(['sku,image_url', `C1,${host.url('/p0.png')}`])),
        ),
        202,
      );
      const leaseMs = t.runtime.config.IMPORT_LEASE_SECONDS * 1000;
      expect(
        await t.runtime.services.importsRepository.claim(crashed.id, t.clock.now(), leaseMs),
      ).toBeDefined();
      await t.restart();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(ok(await shop.ownerApi.call(r.get, { params: { iuid: crashed.id } })).status).toBe('running');
      t.clock.advance(leaseMs + 1000);
      expect((await finished(shop.ownerApi, crashed.id)).rows).toMatchObject({ done: 1, created: 1 });

      const slow = ok(
        await shop.ownerApi.call(
          r.csv,
          { query: {} },
          upload(
            csvOf([
              'sku,image_url',
              ...Array.from({ length: 16 }, (_, i) => `Q${i},${host.url(`/p${i}.png`)}`),
            ]),
          ),
        ),
        202,
      );
      const cancelled = ok(await shop.ownerApi.call(r.cancel, { params: { iuid: slow.id } }));
      expect(cancelled.status).toBe('cancelled');
      const after = await finished(shop.ownerApi, slow.id);
      expect(after.status).toBe('cancelled');
      expect(after.rows.done).toBeLessThan(16);
      expect(
        failed(await shop.ownerApi.call(r.cancel, { params: { iuid: slow.id } }), 409).errorCodeStr,
      ).toBe('IMPORT_FINISHED');
    } finally {
      host.close();
      await t.close();
    }
  });
});
