import { PHOTO_CONSENT_VERSION, type RouteDef, routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, upload } from '../../../test/api.ts';
import { call, createTestApp, type TestApp, withKey } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { createShop, type ShopFixture } from '../../../test/shop-fixture.ts';

/** Every route of faces, looks, try-ons and the simple endpoints, straight from the contract. */
const allRoutes: RouteDef[] = [
  ...Object.values(routes.faces),
  ...Object.values(routes.looks),
  ...Object.values(routes.tryOns),
  ...Object.values(routes.simple),
];

describe('access to faces, looks and try-ons, route by route', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let rival: ShopFixture;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t, 'access-owner@example.com');
    rival = await createShop(t, 'access-rival@example.com');
    const shopper = shop.client();
    const face = await shopper.call(
      routes.faces.add,
      { query: { consent: PHOTO_CONSENT_VERSION } },
      upload(await testImage(600, 800, 'jpeg')),
    );
    const fuid = ok(face, 201).fuid;
    const look = ok(await shopper.call(routes.looks.add, { query: { fuid, muid: shop.muid } }), 202);
    const tryOn = ok(
      await shopper.call(routes.tryOns.add, { query: { guid: shop.guid, muid: shop.muid } }),
      202,
    );
    ids = {
      fuid,
      luid: look.luid,
      tuid: tryOn.tuid,
      l: look.l,
      t: tryOn.t,
      guid: shop.guid,
      muid: shop.muid,
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const urlOf = (def: RouteDef) => def.path.replace(/:([a-z]+)/g, (_, name: string) => ids[name] ?? 'x');
  const send = (def: RouteDef, headers: Record<string, string>) =>
    call(t.app, {
      method: def.method,
      url: urlOf(def),
      headers,
      query: { fuid: ids.fuid ?? '', muid: shop.muid, guid: shop.guid },
    });
  const keyed = allRoutes.filter((r) => r.access !== 'none');

  it('covers the routes it means to', () => {
    expect(allRoutes.length).toBeGreaterThanOrEqual(17);
    expect(
      allRoutes
        .filter((r) => r.access === 'none')
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/v1/look/view/:l', '/v1/tryon/view/:t']);
  });

  it.each(keyed.map((r) => [`${r.method} ${r.path}`, r] as const))('%s needs a key', async (_, def) => {
    const res = await send(def, {});
    expect(res.status).toBe(401);
    expect(res.body.errorCodeStr).toBe('API_KEY_MISSING');
  });

  it.each(keyed.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: a public key works only from its allowed domains, with a clientuuid, for shopper calls',
    async (_, def) => {
      const { status: updated } = await shop.ownerApi.call(routes.keys.update, {
        query: { key: shop.publicKey, allowed_domains: 'shop.example' },
      });
      expect(updated).toBe(200);
      const elsewhere = await send(
        def,
        withKey(shop.publicKey, { clientuuid: 'shopper-0001', origin: 'https://evil.example' }),
      );
      const anonymous = await send(def, withKey(shop.publicKey, { origin: 'https://shop.example' }));
      if (def.access === 'private') {
        expect(elsewhere.body.errorCodeStr).toBe('PRIVATE_KEY_REQUIRED');
        expect(anonymous.body.errorCodeStr).toBe('PRIVATE_KEY_REQUIRED');
      } else {
        expect(elsewhere.status).toBe(403);
        expect(elsewhere.body.errorCodeStr).toBe('DOMAIN_NOT_ALLOWED');
        expect(anonymous.body.errorCodeStr).toBe('CLIENT_UUID_REQUIRED');
      }
    },
  );

  const byId = keyed.filter((r) => r.path.includes(':'));
  it.each(byId.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: another shop's private key, or another shop's shopper, finds nothing",
    async (_, def) => {
      const foreignShop = await send(def, withKey(rival.owner));
      expect(foreignShop.status).toBe(404);
      const foreignShopper = await send(def, rival.shopper());
      expect(foreignShopper.status).toBe(404);
    },
  );

  it('another shop cannot use this shop’s photo or items to create anything', async () => {
    const look = await rival.ownerApi.call(routes.looks.add, {
      query: { fuid: ids.fuid ?? '', muid: rival.muid },
    });
    expect(look.status).toBe(404);
    const tryOn = await rival
      .client()
      .call(routes.tryOns.add, { query: { guid: shop.guid, muid: rival.muid } });
    expect(tryOn.status).toBe(404);
    expect(await rival.balance()).toBe(50);
  });
});
