import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api.ts';
import { createTestApp, type TestApp, withKey } from '../../test/harness.ts';
import { createShop, type ShopFixture } from '../../test/shop-fixture.ts';

/** Update calls take only their own fields: anything else is refused by name instead of ignored with 200. */
describe('unknown fields in update calls', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let webhookId: string;
  let publicKey: string;

  beforeAll(async () => {
    t = await createTestApp({ URL_IMPORT_ALLOW_PRIVATE: '1' });
    shop = await createShop(t, 'unknown-fields@example.com');
    webhookId = ok(
      await shop.ownerApi.call(routes.webhooks.add, {
        query: { url: 'http://127.0.0.1:9/hook', events: 'tryon.completed' },
      }),
      201,
    ).id;
    const account = ok(await shop.ownerApi.call(routes.keys.account, {}));
    publicKey = account.activeApiKeys.public[0]?.apiKey ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, body?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: withKey(shop.owner),
      ...(body ? { payload: body } : {}),
    });

  it('answers 400 UNKNOWN_FIELD naming the field, in the query or a JSON body, on every update call', async () => {
    const cases = [
      `/v1/garment/update/${shop.guid}?description=New&size=M`,
      `/v1/model/update/${shop.muid}?url=https://shop.example/m&category=tops`,
      '/v1/shop/update?name=Renamed&colour=blue',
      `/v1/user/key/update?key=${publicKey}&active=1&enabled=1`,
      `/v1/webhook/update?id=${webhookId}&enabled=0&secret=mine`,
    ];
    // (A garment's price and name and a model's name are fields of their own since the catalogue editing work.)
    const fields = ['size', 'category', 'colour', 'enabled', 'secret'];
    for (const [i, url] of cases.entries()) {
      const res = await post(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        errorCodeStr: 'UNKNOWN_FIELD',
        errorMessage: `Unknown field: ${fields[i]}.`,
      });
    }
    const body = await post(`/v1/garment/update/${shop.guid}`, {
      description: 'x',
      colour: 'red',
      size: 'M',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      errorCodeStr: 'UNKNOWN_FIELD',
      errorMessage: 'Unknown fields: colour, size.',
    });
  });

  it('changes nothing when a call is refused, and still takes the known fields alone', async () => {
    const before = ok(await shop.ownerApi.call(routes.garments.get, { params: { guid: shop.guid } }));
    await post(`/v1/garment/update/${shop.guid}?description=Changed&colour=red`);
    const after = ok(await shop.ownerApi.call(routes.garments.get, { params: { guid: shop.guid } }));
    expect(after.description).toBe(before.description);
    const changed = await post(`/v1/garment/update/${shop.guid}?description=Changed`);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ description: 'Changed' });
  });
});
