import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp, withKey } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { createShop } from '../../../test/shop-fixture.ts';
import type { SketchEngine } from '../../../test/sketch-engine.ts';

describe('charging try-ons and looks', () => {
  let t: TestApp;
  let engine: SketchEngine;
  let shops = 0;

  beforeAll(async () => {
    t = await createTestApp();
    engine = t.engine as SketchEngine;
  });
  afterAll(async () => {
    engine.release();
    await t.close();
  });

  const newShop = () => createShop(t, `charging-${++shops}@example.com`);
  const tryOn = (headers: Record<string, string>, query: Record<string, string>) =>
    call(t.app, { method: 'POST', url: '/v1/tryon/add', headers, query });
  const setLimit = (owner: string, field: string, value: number) =>
    call(t.app, {
      method: 'POST',
      url: '/v1/shop/update',
      headers: withKey(owner),
      query: { [field]: String(value) },
    });
  const countBy = (statuses: number[]) => {
    const counts: Record<number, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    return counts;
  };

  it('200 concurrent try-ons against a balance of 50 charge exactly 50 and leave 0', async () => {
    const shop = await newShop();
    expect(await shop.balance()).toBe(50);
    engine.hold();
    const results = await Promise.all(
      Array.from({ length: 200 }, () => tryOn(withKey(shop.owner), { guid: shop.guid, muid: shop.muid })),
    );
    expect(countBy(results.map((r) => r.status))).toEqual({ 202: 50, 402: 150 });
    expect(results.find((r) => r.status === 402)?.body.errorCodeStr).toBe('NO_BALANCE');
    expect(await shop.balance()).toBe(0);
    const ledger = await t.runtime.services.ledger.history(shop.suid);
    expect(ledger.filter((l) => l.reason === 'tryon_charge')).toHaveLength(50);
    expect(ledger.at(-1)?.balance_after).toBe(0);
    engine.release();
  });

  it('a retry with the same Idempotency-Key charges once and answers the first try-on', async () => {
    const shop = await newShop();
    const headers = { ...shop.shopper('shopper-idem'), 'idempotency-key': 'order-42-attempt' };
    const first = await tryOn(headers, { guid: shop.guid, muid: shop.muid });
    const again = await tryOn(headers, { guid: shop.guid, muid: shop.muid });
    expect(first.status).toBe(202);
    expect(again.body.tuid).toBe(first.body.tuid);
    expect(await shop.balance()).toBe(49);

    const concurrentHeaders = { ...shop.shopper('shopper-idem'), 'idempotency-key': 'burst-1' };
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => tryOn(concurrentHeaders, { guid: shop.guid, muid: shop.muid })),
    );
    expect(burst.every((r) => r.status === 202)).toBe(true);
    expect(new Set(burst.map((r) => r.body.tuid)).size).toBe(1);
    expect(await shop.balance()).toBe(48);

    const garment2 = await shop.upload(
      '/v1/garment/add',
      withKey(shop.owner),
      await testImage(500, 500, 'png', '#33c'),
    );
    const otherRequest = await tryOn(headers, { guid: garment2.body.guid as string, muid: shop.muid });
    expect(otherRequest.status).toBe(422);
    expect(otherRequest.body.errorCodeStr).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherShopper = await tryOn(
      { ...shop.shopper('shopper-thief'), 'idempotency-key': 'order-42-attempt' },
      { guid: shop.guid, muid: shop.muid },
    );
    expect(otherShopper.status).toBe(422);
    expect(otherShopper.body.errorCodeStr).toBe('IDEMPOTENCY_KEY_REUSED');
    const bad = await tryOn(
      { ...shop.shopper(), 'idempotency-key': 'x'.repeat(300) },
      { guid: shop.guid, muid: shop.muid },
    );
    expect(bad.body.errorCodeStr).toBe('IDEMPOTENCY_KEY_INVALID');
    const badFirst = await tryOn(
      { ...shop.shopper(), 'idempotency-key': '' },
      { guid: 'no-such', muid: shop.muid },
    );
    expect(badFirst.body.errorCodeStr).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await shop.balance()).toBe(48);
  });

  it("holds each shopper's daily limit under concurrency, and the shop's, until the next UTC day", async () => {
    const shop = await newShop();
    expect((await setLimit(shop.owner, 'limit_tryon_daily_per_client', 3)).status).toBe(200);
    expect((await setLimit(shop.owner, 'limit_tryon_daily', 5)).status).toBe(200);
    engine.hold();
    const one = await Promise.all(
      Array.from({ length: 30 }, () =>
        tryOn(shop.shopper('shopper-greedy'), { guid: shop.guid, muid: shop.muid }),
      ),
    );
    expect(countBy(one.map((r) => r.status))).toEqual({ 202: 3, 429: 27 });
    expect(one.find((r) => r.status === 429)?.body.errorCodeStr).toBe('CLIENT_DAILY_LIMIT_REACHED');

    const others = await Promise.all(
      ['shopper-x1', 'shopper-x2', 'shopper-x3'].map((c) =>
        tryOn(shop.shopper(c), { guid: shop.guid, muid: shop.muid }),
      ),
    );
    expect(countBy(others.map((r) => r.status))).toEqual({ 202: 2, 429: 1 });
    expect(others.find((r) => r.status === 429)?.body.errorCodeStr).toBe('DAILY_LIMIT_REACHED');
    expect(await shop.balance()).toBe(45);
    engine.release();

    t.clock.advance(24 * 3600_000);
    const tomorrow = await tryOn(shop.shopper('shopper-greedy'), { guid: shop.guid, muid: shop.muid });
    expect(tomorrow.status).toBe(202);
  });

  it('a refused try-on costs nothing: no balance, no daily use', async () => {
    const shop = await newShop();
    await setLimit(shop.owner, 'limit_tryon_daily_per_client', 1);
    await tryOn(shop.shopper('shopper-once'), { guid: shop.guid, muid: shop.muid });
    const refused = await tryOn(shop.shopper('shopper-once'), { guid: shop.guid, muid: shop.muid });
    expect(refused.status).toBe(429);
    expect(await shop.balance()).toBe(49);
    const day = new Date(t.clock.now()).toISOString().slice(0, 10);
    const used = await t.runtime.services.dailyUsage.used(t.runtime.db.db, {
      shopSuid: shop.suid,
      kind: 'tryon',
      scope: '',
      day,
    });
    expect(used).toBe(1);
  });
});
