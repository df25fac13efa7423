import { routes } from '@tryon/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createShop } from '../../../test/shop-fixture.ts';

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
    // A worker claims it, then dies without a word.
    const claimed = await t.runtime.services.rendersRepository.claim(id, t.clock.now(), 60_000);
    expect(claimed?.status).toBe('running');

    await t.restart({ renderJobs: true });
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.runtime.services.rendersRepository.findById(id))?.status).toBe('running');
    t.clock.advance(61_000);
    await waitDone(t.runtime, [id]);
    const row = await t.runtime.services.rendersRepository.findById(id);
    expect(row?.attempts).toBe(2);
    expect(await shop.balance()).toBe(49);
  });
});
