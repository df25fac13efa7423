import { randomBytes } from 'node:crypto';
import { routes } from '@tryon/contract';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createShop, type ShopFixture, settled } from '../../../test/shop-fixture.ts';
import { SketchEngine } from '../../../test/sketch-engine.ts';
import { startTcpProxy, type TcpProxy } from '../../../test/tcp-proxy.ts';
import { startRenderJobs } from './render-jobs.ts';

/** The server's limits: RENDER_MAX_ATTEMPTS' default, and the abandons allowed. */
const limits = { maxAttempts: 3, maxAbandons: 10 };

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('render jobs on BullMQ: skipped, TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl)('render jobs on BullMQ', () => {
  let t: TestApp;
  let shop: ShopFixture;

  beforeAll(async () => {
    // A prefix of its own, so parallel test files and earlier runs do not share jobs.
    t = await createTestApp({
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: `t${randomBytes(6).toString('hex')}`,
    });
    shop = await createShop(t, 'bull@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async () => {
    const res = await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    return ok(res, 202).tuid;
  };
  const status = async (id: string) => (await t.runtime.services.rendersRepository.findById(id))?.status;

  it('the API only queues; a worker renders, and jobs lost from Redis are found again in the database', async () => {
    const first = await create();
    await new Promise((r) => setTimeout(r, 300));
    expect(await status(first)).toBe('queued');

    const queue = new Queue('renders', {
      connection: { url: redisUrl },
      prefix: t.runtime.config.REDIS_PREFIX,
    });
    expect(await queue.getWaitingCount()).toBe(1);
    const worker = startRenderJobs(t.runtime, new SketchEngine(), 'worker');
    expect((await settled(t, first)).status).toBe('done');

    // Redis loses a job (flushed, failed over): the database still has the render queued.
    await worker.close();
    const lost = await create();
    await queue.obliterate({ force: true });
    expect(await worker.reconcile()).toBe(0); // not overdue yet
    t.clock.advance(31_000);
    const again = startRenderJobs(t.runtime, new SketchEngine(), 'worker');
    expect(await again.reconcile()).toBeGreaterThanOrEqual(1);
    expect((await settled(t, lost)).status).toBe('done');
    await again.close();
    await queue.close();
  });

  it('a render of a worker killed mid-render is taken up by another within seconds, charged once', async () => {
    const id = await create();
    const repo = t.runtime.services.rendersRepository;
    // The worker that took the job claimed the render (a 15 s lease), then was killed with kill -9.
    expect((await repo.claim(id, t.clock.now(), 15_000, limits))?.attempts).toBe(1);
    const before = await shop.balance();

    const worker = startRenderJobs(t.runtime, new SketchEngine(), 'worker');
    try {
      // The job is delivered, but the lease still holds: nobody runs it twice.
      await new Promise((r) => setTimeout(r, 500));
      expect(await status(id)).toBe('running');
      // The lease runs out; the worker's own check (every 5 s) finds it and queues it again.
      t.clock.advance(16_000);
      const row = await settled(t, id);
      expect(row.status).toBe('done');
      expect(row.attempts).toBe(2);
      expect(await shop.balance()).toBe(before);
    } finally {
      await worker.close();
    }
  });
});

describe.skipIf(!redisUrl)('render jobs on BullMQ through a Redis outage', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let shop: ShopFixture;

  beforeAll(async () => {
    const direct = new URL(redisUrl ?? '');
    proxy = await startTcpProxy(Number(direct.port || 6379), direct.hostname);
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp({
      REDIS_URL: viaProxy.toString(),
      REDIS_PREFIX: `t${randomBytes(6).toString('hex')}`,
    });
    shop = await createShop(t, 'bull-outage@example.com');
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  it('a try-on made while Redis is down is queued by its API process as soon as Redis answers again', async () => {
    const queue = new Queue('renders', {
      connection: { url: redisUrl },
      prefix: t.runtime.config.REDIS_PREFIX,
    });
    try {
      await proxy.cut();
      const res = await shop
        .client()
        .call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
      const id = ok(res, 202).tuid;
      expect(await queue.getJobCounts('waiting', 'delayed')).toEqual({ waiting: 0, delayed: 0 });
      await proxy.restore();
      // No worker's reconcile (it waits 30 s for a queued render): the API process adds the job itself.
      let waiting = 0;
      for (let i = 0; i < 100 && waiting === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        waiting = await queue.getWaitingCount();
      }
      expect(waiting).toBe(1);
      expect((await queue.getWaiting())[0]?.data).toEqual({ id });
    } finally {
      await proxy.restore().catch(() => undefined);
      await queue.close();
    }
  });
});
