import { PHOTO_CONSENT_VERSION, routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, upload } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testImage } from '../../test/images.ts';
import { createShop, type ShopFixture } from '../../test/shop-fixture.ts';

describe('images cached by one process, removed through another', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['sibling']>>;
  let shop: ShopFixture;

  beforeAll(async () => {
    t = await createTestApp();
    other = await t.sibling();
    shop = await createShop(t, 'two-processes@example.com');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const fetchImage = async (app: FastifyInstance, link: string) =>
    (await app.inject({ method: 'GET', url: link })).statusCode;

  it('a removed garment is refused at once by the process that had its thumbnail in memory', async () => {
    const item = ok(await shop.ownerApi.call(routes.garments.get, { params: { guid: shop.guid } }));
    const thumb = `${item.image}&width=64`;
    expect(await fetchImage(other.app, thumb)).toBe(200);
    expect(await fetchImage(other.app, thumb)).toBe(200); // now served from the other process's memory

    ok(await shop.ownerApi.call(routes.garments.remove, { params: { guid: shop.guid } }));
    expect(await fetchImage(other.app, thumb)).toBe(404);
    expect(await fetchImage(t.app, thumb)).toBe(404);
  });

  it("a shopper's removed photo is refused at once by every process", async () => {
    const shopper = shop.client('shopper-photos');
    const face = ok(
      await shopper.call(
        routes.faces.add,
        { query: { consent: PHOTO_CONSENT_VERSION } },
        upload(await testImage(600, 800, 'jpeg', '#d9a')),
      ),
      201,
    );
    expect(await fetchImage(other.app, face.image)).toBe(200);
    expect(await fetchImage(other.app, face.image)).toBe(200);

    ok(await shopper.call(routes.faces.remove, { params: { fuid: face.fuid } }));
    expect(await fetchImage(other.app, face.image)).toBe(404);
  });
});
