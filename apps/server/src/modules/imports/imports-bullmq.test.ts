import { randomBytes } from 'node:crypto';
import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, upload } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startImageHost } from '../../../test/image-host.ts';
import { testImage } from '../../../test/images.ts';
import { createShop, type ShopFixture } from '../../../test/shop-fixture.ts';
import { startImportJobs } from './import-jobs.ts';

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('imports on BullMQ: skipped, TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl)('imports on BullMQ', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let host: Awaited<ReturnType<typeof startImageHost>>;

  beforeAll(async () => {
    t = await createTestApp({
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: `t${randomBytes(6).toString('hex')}`,
      URL_IMPORT_ALLOW_PRIVATE: '1',
    });
    shop = await createShop(t, 'import-bull@example.com');
    host = await startImageHost({ '/a.png': await testImage(500, 600), '/b.png': await testImage(600, 500) });
  });
  afterAll(async () => {
    host.close();
    await t.close();
  });

  it('the API only queues; a worker runs the import', async () => {
    const csv = Buffer.from(`sku,image_url\nB1,${host.url('/a.png')}\nB2,${host.url('/b.png')}\n`);
    const job = ok(await shop.ownerApi.call(routes.imports.csv, { query: {} }, upload(csv)), 202);
    const get = async () => ok(await shop.ownerApi.call(routes.imports.get, { params: { iuid: job.id } }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await get()).status).toBe('queued');
    const stop = startImportJobs(t.runtime, 'worker');
    try {
      await vi.waitFor(async () => expect((await get()).status).toBe('done'), {
        timeout: 10_000,
        interval: 50,
      });
      expect((await get()).rows).toMatchObject({ total: 2, created: 2, failed: 0 });
    } finally {
      await stop();
    }
  });
});
