import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type Api, failed, upload } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { createShop } from '../../../test/shop-fixture.ts';
import { SketchEngine } from '../../../test/sketch-engine.ts';

describe('charging try-ons and looks', () => {
  let t: TestApp;
  let engine: SketchEngine;
  let shops = 0;

  beforeAll(async () => {
    engine = new SketchEngine();
    t = await createTestApp({}, undefined, { engine });
  });
  afterAll(async () => {
    engine.release();
    await t.close();
  });

  const newShop = () => createShop(t, `charging-${++shops}@example.com`);
  const tryOn = (client: Api, query: { guid: string; muid: string }, idempotencyKey?: string) =>
    client.call(
      routes.tryOns.add,
      { query },
      idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': idempotencyKey } },
    );
  const setLimit = (owner: Api, field: 'limit_tryon_daily_per_client' | 'limit_tryon_daily', value: number) =>
    owner.call(routes.shops.update, { query: { [field]: String(value) } });
  const codeOf429 = (results: Answer<unknown>[]) => {
    const refused = results.find((r) => r.status === 429);
    return refused && failed(refused).errorCodeStr;
  };
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
      Array.from({ length: 200 }, () => tryOn(shop.ownerApi, { guid: shop.guid, muid: shop.muid })),
    );
    expect(countBy(results.map((r) => r.status))).toEqual({ 202: 50, 402: 150 });
    const noBalance = results.find((r) => r.status === 402);
    expect(noBalance && failed(noBalance).errorCodeStr).toBe('NO_BALANCE');
    expect(await shop.balance()).toBe(0);
    const ledger = await t.runtime.services.ledger.history(shop.suid);
    expect(ledger.filter((l) => l.reason === 'tryon_charge')).toHaveLength(50);
    expect(ledger.at(-1)?.balance_after).toBe(0);
    engine.release();
  });

  it('a retry with the same Idempotency-Key charges once and answers the first try-on', async () => {
    const shop = await newShop();
    const shopper = shop.client('shopper-idem');
    const first = await tryOn(shopper, { guid: shop.guid, muid: shop.muid }, 'order-42-attempt');
    const again = await tryOn(shopper, { guid: shop.guid, muid: shop.muid }, 'order-42-attempt');
    expect(first.status).toBe(202);
    expect(again.data?.tuid).toBe(first.data?.tuid);
    expect(await shop.balance()).toBe(49);

    const burst = await Promise.all(
      Array.from({ length: 20 }, () => tryOn(shopper, { guid: shop.guid, muid: shop.muid }, 'burst-1')),
    );
    expect(burst.every((r) => r.status === 202)).toBe(true);
    expect(new Set(burst.map((r) => r.data?.tuid)).size).toBe(1);
    expect(await shop.balance()).toBe(48);

    const garment2 = await shop.ownerApi.call(
      routes.garments.add,
      { query: {} },
      upload(await testImage(500, 500, 'png', '#33c')),
    );
    const otherRequest = await tryOn(
      shopper,
      { guid: garment2.data?.guid ?? '', muid: shop.muid },
      'order-42-attempt',
    );
    expect(failed(otherRequest, 422).errorCodeStr).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherShopper = await tryOn(
      shop.client('shopper-thief'),
      { guid: shop.guid, muid: shop.muid },
      'order-42-attempt',
    );
    expect(failed(otherShopper, 422).errorCodeStr).toBe('IDEMPOTENCY_KEY_REUSED');
    const bad = await tryOn(shop.client(), { guid: shop.guid, muid: shop.muid }, 'x'.repeat(300));
    expect(failed(bad).errorCodeStr).toBe('IDEMPOTENCY_KEY_INVALID');
    const badFirst = await tryOn(shop.client(), { guid: 'no-such', muid: shop.muid }, '');
    expect(failed(badFirst).errorCodeStr).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await shop.balance()).toBe(48);
  });

  it("holds each shopper's daily limit under concurrency, and the shop's, until the next UTC day", async () => {
    const shop = await newShop();
    expect((await setLimit(shop.ownerApi, 'limit_tryon_daily_per_client', 3)).status).toBe(200);
    expect((await setLimit(shop.ownerApi, 'limit_tryon_daily', 5)).status).toBe(200);
    engine.hold();
    const one = await Promise.all(
      Array.from({ length: 30 }, () =>
        tryOn(shop.client('shopper-greedy'), { guid: shop.guid, muid: shop.muid }),
      ),
    );
    expect(countBy(one.map((r) => r.status))).toEqual({ 202: 3, 429: 27 });
    expect(codeOf429(one)).toBe('CLIENT_DAILY_LIMIT_REACHED');

    const others = await Promise.all(
      ['shopper-x1', 'shopper-x2', 'shopper-x3'].map((c) =>
        tryOn(shop.client(c), { guid: shop.guid, muid: shop.muid }),
      ),
    );
    expect(countBy(others.map((r) => r.status))).toEqual({ 202: 2, 429: 1 });
    expect(codeOf429(others)).toBe('DAILY_LIMIT_REACHED');
    expect(await shop.balance()).toBe(45);
    engine.release();

    t.clock.advance(24 * 3600_000);
    const tomorrow = await tryOn(shop.client('shopper-greedy'), { guid: shop.guid, muid: shop.muid });
    expect(tomorrow.status).toBe(202);
  });

  it('a refused try-on costs nothing: no balance, no daily use', async () => {
    const shop = await newShop();
    await setLimit(shop.ownerApi, 'limit_tryon_daily_per_client', 1);
    await tryOn(shop.client('shopper-once'), { guid: shop.guid, muid: shop.muid });
    const refused = await tryOn(shop.client('shopper-once'), { guid: shop.guid, muid: shop.muid });
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
