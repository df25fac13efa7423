import { routes } from '@tryon/contract';
import { EngineError } from '@tryon/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createShop, settled } from '../../../test/shop-fixture.ts';
import { SketchEngine } from '../../../test/sketch-engine.ts';

/** The server's limits: RENDER_MAX_ATTEMPTS' default, and the abandons allowed. */
const limits = { maxAttempts: 3, maxAbandons: 10 };

describe('render jobs survive a restart', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  const waitDone = async ({ services }: TestApp['runtime'], ids: string[]) => {
    for (const id of ids) {
      const row = await services.rendersRepository.findById(id);
      if (!row) throw new Error(`render ${id} is gone`);
      const done = await services.renders.waitFor(row, 10_000);
      expect(done.status, id).toBe('done');
    }
  };

  it('queued try-ons of a server that stopped are rendered by the next one', async () => {
    t = await createTestApp({}, undefined, { renderJobs: false });
    const shop = await createShop(t, 'restart@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await shop
        .client()
        .call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
      ids.push(ok(res, 202).tuid);
    }
    await new Promise((r) => setTimeout(r, 200));
    for (const id of ids)
      expect((await t.runtime.services.rendersRepository.findById(id))?.status).toBe('queued');

    await t.restart({ renderJobs: true });
    await waitDone(t.runtime, ids);
    expect(await shop.balance()).toBe(47);
  });

  it('a render whose worker died while running is taken again once its lease ran out', async () => {
    t = await createTestApp({}, undefined, { renderJobs: false });
    const shop = await createShop(t, 'lease@example.com');
    const res = await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    const id = ok(res, 202).tuid;
    // A worker claims it with the default lease (10 s), then dies without a word.
    const leaseMs = t.runtime.config.RENDER_LEASE_SECONDS * 1000;
    expect(leaseMs).toBe(10_000);
    const claimed = await t.runtime.services.rendersRepository.claim(id, t.clock.now(), leaseMs, limits);
    expect(claimed?.status).toBe('running');

    await t.restart({ renderJobs: true });
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.runtime.services.rendersRepository.findById(id))?.status).toBe('running');
    // The queue looks every second: taken again as soon as the lease ran out, well within 30 s.
    t.clock.advance(leaseMs + 1_000);
    await waitDone(t.runtime, [id]);
    const row = await t.runtime.services.rendersRepository.findById(id);
    expect(row?.attempts).toBe(2);
    expect(await shop.balance()).toBe(49);
  });

  it('renders stay queued, their attempts untouched, until the engine has loaded its models', async () => {
    // A process killed while its models load (a crash loop, a deploy) must cost the queued renders nothing.
    let loaded = () => {};
    const engine = new (class extends SketchEngine {
      override start() {
        return new Promise<void>((resolve) => {
          loaded = resolve;
        });
      }
    })();
    t = await createTestApp({}, undefined, { engine });
    const shop = await createShop(t, 'loading@example.com');
    const res = await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    const id = ok(res, 202).tuid;
    const repo = t.runtime.services.rendersRepository;
    await new Promise((r) => setTimeout(r, 1500)); // past the queue's look at the table (every second)
    expect(await repo.findById(id)).toMatchObject({ status: 'queued', attempts: 0 });

    loaded();
    const row = await settled(t, id);
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    expect(await shop.balance()).toBe(49);
  });

  it('a running render renews its short lease, so no other worker takes it while it runs', async () => {
    const engine = new SketchEngine();
    engine.hold();
    const app = await createTestApp({ RENDER_LEASE_SECONDS: '3' }, undefined, { engine });
    t = app;
    const shop = await createShop(app, 'renew@example.com');
    const res = await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    const id = ok(res, 202).tuid;
    const repo = app.runtime.services.rendersRepository;
    await until(async () => (await repo.findById(id))?.status === 'running');

    // Far past the first lease; the worker renews every second (a third of the lease).
    app.clock.advance(60_000);
    await until(async () => ((await repo.findById(id))?.lease_until ?? 0) > app.clock.now());
    expect(await repo.claim(id, app.clock.now(), 3_000, limits)).toBeUndefined();

    engine.release();
    const row = await settled(app, id);
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(1);
    expect(engine.rendered).toBe(1);
    expect(await shop.balance()).toBe(49);
  });

  it('a worker that finds its attempt taken over stops rendering and finishes nothing', async () => {
    const engine = new SketchEngine();
    engine.hold();
    t = await createTestApp({ RENDER_LEASE_SECONDS: '3' }, undefined, { engine });
    const shop = await createShop(t, 'stalled@example.com');
    const res = await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    const id = ok(res, 202).tuid;
    const repo = t.runtime.services.rendersRepository;
    await until(async () => (await repo.findById(id))?.status === 'running');

    // As if this worker had stalled past its lease and another had claimed attempt 2 and still runs it.
    await t.runtime.db.db
      .updateTable('renders')
      .set({ attempts: 2, lease_until: t.clock.now() + 600_000 })
      .where('id', '=', id)
      .execute();
    await new Promise((r) => setTimeout(r, 1500)); // the renewal runs, finds attempt 2, aborts
    engine.release();
    await new Promise((r) => setTimeout(r, 300));
    const row = await repo.findById(id);
    expect(row?.status).toBe('running');
    expect(row?.attempts).toBe(2);
    expect(row?.image_key).toBeNull();
    expect(engine.rendered).toBe(0);
    expect(await shop.balance()).toBe(49);
  });

  it('a render whose process vanishes under it is taken again without counting that against its attempts', async () => {
    t = await createTestApp({}, undefined, { renderJobs: false });
    const shop = await createShop(t, 'vanished@example.com');
    const res = await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    const id = ok(res, 202).tuid;
    const repo = t.runtime.services.rendersRepository;
    // Killed from outside (kill -9, a deploy) four times, more than RENDER_MAX_ATTEMPTS (3): taken each time.
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await repo.claim(id, t.clock.now(), 15_000, limits)).toMatchObject({ attempts: attempt });
      t.clock.advance(16_000);
    }
    expect(await repo.findById(id)).toMatchObject({ status: 'running', attempts: 4, abandons: 3 });
    // A lease that has not run out is nobody else's.
    const taken = await repo.claim(id, t.clock.now(), 15_000, limits);
    expect(taken).toMatchObject({ attempts: 5, abandons: 4 });
    expect(await repo.claim(id, t.clock.now(), 15_000, limits)).toBeUndefined();
  });

  it('after its process vanished, a render runs in a process of its own; its crashes there count, refunded once', async () => {
    const isolatedEngine = new SketchEngine();
    t = await createTestApp({}, undefined, { renderJobs: false, isolatedEngine });
    const shop = await createShop(t, 'crashing@example.com');
    const res = await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    const id = ok(res, 202).tuid;
    const repo = t.runtime.services.rendersRepository;
    // A worker claims it and vanishes (killed, or crashed by the input: it cannot be told here).
    expect(await repo.claim(id, t.clock.now(), 15_000, limits)).toMatchObject({ attempts: 1 });
    t.clock.advance(16_000);
    // In its own process, the input crashes it every time (RENDER_MAX_ATTEMPTS, 3, in all).
    const crash = () =>
      new EngineError('RENDER_FAILED', "The render's own process stopped (signal SIGSEGV).", true);
    isolatedEngine.failNext(crash(), crash(), crash());

    await t.restart({ renderJobs: true, isolatedEngine });
    const repo2 = t.runtime.services.rendersRepository;
    // Past each retry's wait (2 s, then 15 s) as soon as it is queued again.
    await until(async () => {
      t?.clock.advance(20_000);
      return (await repo2.findById(id))?.status === 'failed';
    }, 15_000);
    const row = await settled(t, id);
    expect(row).toMatchObject({ status: 'failed', error_code: 'RENDER_FAILED', attempts: 4, abandons: 1 });
    // The server's own engine never ran it again: only the isolated one, three times.
    expect((t.engine as SketchEngine).rendered).toBe(0);
    expect(isolatedEngine.failed).toBe(3);
    expect(await shop.balance()).toBe(50);
    // Failing it again (another process saw it due too) gives nothing back twice.
    await t.runtime.services.renderCharge.refund(t.runtime.db.db, row);
    expect(await shop.balance()).toBe(50);
  });

  it('a render taken up after its process vanished renders in a process of its own and is charged once', async () => {
    const isolatedEngine = new SketchEngine();
    t = await createTestApp({}, undefined, { renderJobs: false, isolatedEngine });
    const shop = await createShop(t, 'isolated@example.com');
    const res = await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    const id = ok(res, 202).tuid;
    expect(await t.runtime.services.rendersRepository.claim(id, t.clock.now(), 15_000, limits)).toBeDefined();
    t.clock.advance(16_000);

    await t.restart({ renderJobs: true, isolatedEngine });
    expect(await settled(t, id)).toMatchObject({ status: 'done', attempts: 2, abandons: 1 });
    expect(isolatedEngine.rendered).toBe(1);
    expect((t.engine as SketchEngine).rendered).toBe(0);
    expect(await shop.balance()).toBe(49);
  });

  it('a render whose processes vanish under it ten times fails, refunded once', async () => {
    t = await createTestApp({}, undefined, { renderJobs: false });
    const shop = await createShop(t, 'vanishing@example.com');
    const res = await shop.client().call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } });
    const id = ok(res, 202).tuid;
    const repo = t.runtime.services.rendersRepository;
    for (let attempt = 1; attempt <= limits.maxAbandons; attempt++) {
      expect((await repo.claim(id, t.clock.now(), 15_000, limits))?.attempts).toBe(attempt);
      t.clock.advance(16_000);
    }
    expect(await repo.claim(id, t.clock.now(), 15_000, limits)).toBeUndefined();

    await t.restart({ renderJobs: true });
    const row = await settled(t, id);
    expect(row).toMatchObject({ status: 'failed', error_code: 'RENDER_FAILED', attempts: 10 });
    expect((t.engine as SketchEngine).rendered).toBe(0);
    expect(await shop.balance()).toBe(50);
    await t.runtime.services.renderCharge.refund(t.runtime.db.db, row);
    expect(await shop.balance()).toBe(50);
  });
});

/** Polls `check` every 50 ms until it holds, or fails after `ms`. */
async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
