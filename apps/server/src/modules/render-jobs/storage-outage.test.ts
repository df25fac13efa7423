import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failed, ok, upload } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { type LocalS3, startLocalS3 } from '../../../test/s3.ts';
import { createShop, type ShopFixture, settled } from '../../../test/shop-fixture.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a storage outage is ridden out', () => {
  let s3: LocalS3;
  let proxy: TcpProxy;
  let t: TestApp;
  let shop: ShopFixture;

  beforeAll(async () => {
    s3 = await startLocalS3();
    proxy = await startTcpProxy(Number(new URL(s3.endpoint).port));
    // The server reaches the bucket through a link the test can cut.
    const url = s3
      .storageUrl('outage/')
      .replace(encodeURIComponent(s3.endpoint), encodeURIComponent(`http://127.0.0.1:${proxy.port}`));
    t = await createTestApp({ STORAGE_URL: url });
    shop = await createShop(t, 'outage@example.com');
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await s3.close();
  });

  it('renders wait with back-off, beyond RENDER_MAX_ATTEMPTS, and finish once it is back; uploads answer 503', async () => {
    await proxy.cut();
    const added = await shop
      .client()
      .call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    const id = ok(added, 202).tuid;
    const repo = t.runtime.services.rendersRepository;

    // Five attempts meet the outage (more than RENDER_MAX_ATTEMPTS, 3); each waits longer than the one before.
    const waits: number[] = [];
    for (let outages = 1; outages <= 5; outages++) {
      for (let i = 0; i < 60 && (await repo.findById(id))?.outages !== outages; i++) await wait(100);
      const row = await repo.findById(id);
      expect(row).toMatchObject({ status: 'queued', outages, error_code: 'STORAGE_UNAVAILABLE' });
      waits.push((row?.run_after ?? 0) - t.clock.now());
      t.clock.advance(60_000); // the queue looks every second, by this clock
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000]);

    const upload503 = await shop.ownerApi.call(
      routes.garments.add,
      { query: {} },
      upload(await testImage(400, 500, 'png', '#159')),
    );
    expect(failed(upload503, 503).errorCodeStr).toBe('STORAGE_UNAVAILABLE');

    await proxy.restore();
    t.clock.advance(60_000);
    const row = await settled(t, id);
    expect(row.status).toBe('done');
    expect(row.attempts - row.outages).toBe(1);
    expect(await shop.balance()).toBe(49);
  });

  it('an outage longer than half an hour fails the render in the end, refunded', async () => {
    await proxy.cut();
    try {
      const before = await shop.balance();
      const added = await shop
        .client()
        .call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
      const id = ok(added, 202).tuid;
      const repo = t.runtime.services.rendersRepository;
      for (let i = 0; i < 60 && (await repo.findById(id))?.outages !== 1; i++) await wait(100);
      t.clock.advance(31 * 60_000);
      // From now on attempts count: three, then it fails.
      for (let i = 0; i < 100 && (await repo.findById(id))?.status !== 'failed'; i++) {
        t.clock.advance(20_000);
        await wait(200);
      }
      const row = await repo.findById(id);
      expect(row).toMatchObject({ status: 'failed', error_code: 'RENDER_FAILED' });
      expect((row?.attempts ?? 0) - (row?.outages ?? 0)).toBe(3);
      expect(await shop.balance()).toBe(before);
    } finally {
      await proxy.restore();
    }
  });
});
