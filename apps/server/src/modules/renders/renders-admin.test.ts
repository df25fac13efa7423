import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, failed, ok } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { createShop, type ShopFixture } from '../../../test/shop-fixture.ts';

/** Spec §1: an administrator manages every shop's try-ons and looks; owners stay inside their shop. */
describe("administrators and every shop's try-ons and looks", () => {
  let t: TestApp;
  let a: ShopFixture;
  let b: ShopFixture;
  let admin: ReturnType<typeof api>;
  const made: Record<'a' | 'b', { tuid: string }> = { a: { tuid: '' }, b: { tuid: '' } };

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
    [a, b] = [await createShop(t, 'shop-a@example.com'), await createShop(t, 'shop-b@example.com')];
    admin = api(t, { apiKey: await signIn(t, 'boss@example.com') });
    for (const [name, shop] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const tryOn = ok(
        await shop.ownerApi.call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } }),
        202,
      );
      made[name].tuid = tryOn.tuid;
    }
  });
  afterAll(() => t.close());

  const tryons = (who: ReturnType<typeof api>, shop?: string) =>
    who.call(routes.tryOns.list, { query: shop === undefined ? {} : { shop } });

  it('lists every shop with *, one shop by id, and its own shop by default, each item naming its shop', async () => {
    const all = ok(await tryons(admin, '*')).items;
    expect(all.map((i) => [i.tuid, i.suid]).sort()).toEqual(
      [
        [made.a.tuid, a.suid],
        [made.b.tuid, b.suid],
      ].sort(),
    );
    expect(ok(await tryons(admin, b.suid)).items.map((i) => i.tuid)).toEqual([made.b.tuid]);
    expect(ok(await tryons(admin)).items).toEqual([]);
    expect(ok(await admin.call(routes.looks.list, { query: { shop: '*' } })).items).toEqual([]);
  });

  it('refuses an owner who names another shop or every shop, and lets them name their own', async () => {
    for (const shop of [b.suid, '*']) {
      const res = await tryons(a.ownerApi, shop);
      expect(failed(res, 403).errorCodeStr, shop).toBe('ADMIN_ONLY');
    }
    expect(ok(await tryons(a.ownerApi, a.suid)).items.map((i) => i.tuid)).toEqual([made.a.tuid]);
    const shopper = a.client();
    expect(failed(await tryons(shopper, '*'), 403).errorCodeStr).toBe('ADMIN_ONLY');
  });

  it("keeps an owner from reading or removing another shop's try-on", async () => {
    const params = { tuid: made.b.tuid };
    expect(failed(await a.ownerApi.call(routes.tryOns.get, { params, query: {} }), 404).errorCodeStr).toBe(
      'NOT_FOUND',
    );
    expect(failed(await a.ownerApi.call(routes.tryOns.remove, { params }), 404).errorCodeStr).toBe(
      'NOT_FOUND',
    );
    expect(ok(await tryons(b.ownerApi)).items).toHaveLength(1);
  });

  it("lets an administrator read and remove another shop's try-on", async () => {
    const params = { tuid: made.b.tuid };
    expect(ok(await admin.call(routes.tryOns.get, { params, query: {} })).suid).toBe(b.suid);
    expect(ok(await admin.call(routes.tryOns.remove, { params }))).toEqual({ ok: true });
    expect(ok(await tryons(b.ownerApi)).items).toEqual([]);
    expect(ok(await tryons(a.ownerApi)).items).toHaveLength(1);
  });
});
