import { PHOTO_CONSENT_VERSION, routes } from '@tryon/contract';
import { EngineError } from '@tryon/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, failed, ok, upload } from '../../../test/api.ts';
import { createTestApp, type TestApp, withKey } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { createShop, type ShopFixture, settled } from '../../../test/shop-fixture.ts';
import { SketchEngine } from '../../../test/sketch-engine.ts';

describe('try-ons and looks', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let rival: ShopFixture;
  let engine: SketchEngine;

  beforeAll(async () => {
    engine = new SketchEngine();
    t = await createTestApp({}, undefined, { engine });
    shop = await createShop(t, 'renders-owner@example.com');
    rival = await createShop(t, 'renders-rival@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const anyone = () => api(t);
  const addFace = async (client: Api) =>
    ok(
      await client.call(
        routes.faces.add,
        { query: { consent: PHOTO_CONSENT_VERSION } },
        upload(await testImage(600, 800, 'jpeg', '#d9a')),
      ),
      201,
    ).fuid;
  const tryOn = (client: Api, query: { guid: string; muid?: string; fuid?: string }) =>
    client.call(routes.tryOns.add, { query });
  const getTryOn = (client: Api, tuid: string, wait?: number) =>
    client.call(routes.tryOns.get, { params: { tuid }, query: { wait } });

  it('renders a try-on of a garment on a model: queued, then done with an image at the sizes the UIs use', async () => {
    const before = await shop.balance();
    const created = ok(await tryOn(shop.client(), { guid: shop.guid, muid: shop.muid }), 202);
    expect(created).toMatchObject({
      status: 'queued',
      guid: shop.guid,
      muid: shop.muid,
      fuid: null,
      image: null,
    });
    expect(created.t).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await shop.balance()).toBe(before - 1);

    const done = await getTryOn(shop.client(), created.tuid, 10);
    expect(done.data).toMatchObject({ status: 'done', errorCode: null });
    const full = await t.app.inject({ method: 'GET', url: done.data?.image ?? '' });
    expect(full.statusCode).toBe(200);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(800);
    const card = await t.app.inject({ method: 'GET', url: `${done.data?.image}&width=384&height=384` });
    const meta = await sharp(card.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([384, 384]);
    const source = await t.app.inject({ method: 'GET', url: done.data?.garmentImage ?? '' });
    expect((await sharp(source.rawPayload).metadata()).width).toBe(400);

    const garment = await shop.ownerApi.call(routes.garments.get, { params: { guid: shop.guid } });
    expect(garment.data?.stats.tryons).toBeGreaterThanOrEqual(1);
  });

  it('hands the engine the shop’s category of the garment, which helps it tell the kind', async () => {
    const added = ok(
      await shop.ownerApi.call(
        routes.garments.add,
        { query: {} },
        upload(await testImage(400, 500, 'png', '#36c'), { category: 'Jeans' }),
      ),
      201,
    );
    const seen = engine.categories.length;
    const shopper = shop.client('shopper-cat');
    for (const guid of [added.guid, shop.guid]) {
      const created = ok(await tryOn(shopper, { guid, muid: shop.muid }), 202);
      await getTryOn(shopper, created.tuid, 10);
    }
    // Categories are kept in lower case. The fixture's garment was added without one: the engine gets none.
    expect(engine.categories.slice(seen)).toEqual(['jeans', undefined]);
  });

  it('a shopper sees only their own; the shop sees all of its own; nobody sees another shop’s', async () => {
    const mine = await tryOn(shop.client('shopper-a1'), { guid: shop.guid, muid: shop.muid });
    const tuid = mine.data?.tuid ?? '';
    expect((await getTryOn(shop.client('shopper-a1'), tuid)).status).toBe(200);
    expect((await getTryOn(shop.client('shopper-b2'), tuid)).status).toBe(404);
    expect((await getTryOn(shop.ownerApi, tuid)).status).toBe(200);
    expect((await getTryOn(rival.ownerApi, tuid)).status).toBe(404);
    expect((await getTryOn(rival.client('shopper-a1'), tuid)).status).toBe(404);

    const list = (client: Api, limit?: number) => client.call(routes.tryOns.list, { query: { limit } });
    const listA = await list(shop.client('shopper-a1'));
    expect(listA.data?.items.map((r) => r.tuid)).toEqual([tuid]);
    expect((await list(shop.client('shopper-b2'))).data?.items).toEqual([]);
    const listShop = await list(shop.ownerApi, 100);
    expect(listShop.data?.items.map((r) => r.tuid)).toContain(tuid);
    expect((await list(rival.ownerApi)).data?.items).toEqual([]);

    // Images: by key only for who may see it; the signed link works anywhere (it is the grant).
    await settled(t, tuid);
    const imageUrl = `/v1/tryon/image/${tuid}`;
    expect(
      (await t.app.inject({ method: 'GET', url: imageUrl, headers: shop.shopper('shopper-a1') })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: imageUrl, headers: shop.shopper('shopper-b2') })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: imageUrl, headers: withKey(rival.owner) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(401);

    // Removing: not by another shopper or shop.
    const remove = (client: Api) => client.call(routes.tryOns.remove, { params: { tuid } });
    expect((await remove(shop.client('shopper-b2'))).status).toBe(404);
    expect((await remove(rival.ownerApi)).status).toBe(404);
    expect((await remove(shop.client('shopper-a1'))).status).toBe(200);
    expect((await getTryOn(shop.ownerApi, tuid)).status).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: imageUrl, headers: withKey(shop.owner) })).statusCode,
    ).toBe(404);
  });

  it('shares a try-on by its viewer token, without a key: the result, the shop and its product', async () => {
    const created = ok(await tryOn(shop.client(), { guid: shop.guid, muid: shop.muid }), 202);
    await settled(t, created.tuid);
    const viewed = ok(await anyone().call(routes.tryOns.view, { params: { t: created.t } }));
    expect(viewed).toMatchObject({ t: created.t, status: 'done', shop: { name: expect.any(String) } });
    expect(viewed.product?.name).toBe(
      (await shop.ownerApi.call(routes.garments.get, { params: { guid: shop.guid } })).data?.name,
    );
    expect((await t.app.inject({ method: 'GET', url: viewed.image ?? '' })).statusCode).toBe(200);
    expect((await anyone().call(routes.tryOns.view, { params: { t: 'not-a-token' } })).status).toBe(404);
    expect((await anyone().call(routes.looks.view, { params: { l: created.t } })).status).toBe(404);
  });

  it("never shows the shopper's photo through a share link, nor through the result's link", async () => {
    const shopper = shop.client('shopper-private');
    const fuid = await addFace(shopper);
    const created = ok(await tryOn(shopper, { guid: shop.guid, fuid }), 202);
    await settled(t, created.tuid);
    const own = ok(await getTryOn(shopper, created.tuid));
    const raw = await t.app.inject({ method: 'GET', url: `/v1/tryon/view/${created.t}` });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).not.toContain('part=');
    expect(Object.keys(raw.json())).not.toContain('personImage');
    // The shopper's own link to their photo works; the result's link with the part added opens nothing.
    expect((await t.app.inject({ method: 'GET', url: own.personImage ?? '' })).statusCode).toBe(200);
    const shared = ok(await anyone().call(routes.tryOns.view, { params: { t: created.t } }));
    for (const part of ['person', 'garment']) {
      const forged = await t.app.inject({ method: 'GET', url: `${shared.image}&part=${part}` });
      expect(forged.statusCode, part).toBe(401);
    }
  });

  it("wears a garment on the shopper's own photo, and never on another shopper's", async () => {
    const fuid = await addFace(shop.client('shopper-face'));
    const other = await tryOn(shop.client('shopper-else'), { guid: shop.guid, fuid });
    expect(other.status).toBe(404);
    const rivalTry = await tryOn(rival.ownerApi, { guid: rival.guid, fuid });
    expect(rivalTry.status).toBe(404);
    const mine = await tryOn(shop.client('shopper-face'), { guid: shop.guid, fuid });
    expect(mine.status).toBe(202);
    expect(mine.data).toMatchObject({ fuid, muid: null });
  });

  it('checks its inputs: a garment of the shop, exactly one person', async () => {
    const both = await tryOn(shop.client(), { guid: shop.guid, muid: shop.muid, fuid: 'face_x' });
    expect(failed(both, 400).errorCodeStr).toBe('VALIDATION_ERROR');
    const none = await tryOn(shop.client(), { guid: shop.guid });
    expect(failed(none).errorCodeStr).toBe('VALIDATION_ERROR');
    const foreign = await tryOn(shop.client(), { guid: rival.guid, muid: shop.muid });
    expect(foreign.status).toBe(404);
    const foreignModel = await tryOn(shop.client(), { guid: shop.guid, muid: rival.muid });
    expect(foreignModel.status).toBe(404);
  });

  it('a failed render keeps its error code and gives the try-on and the daily use back', async () => {
    const before = await shop.balance();
    const flatImage = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#777' } })
      .png()
      .toBuffer();
    // The upload's person check could not run (say the engine was busy): the render refuses the photo.
    engine.people.push(1);
    const flat = await shop.ownerApi.call(routes.models.add, { query: {} }, upload(flatImage));
    const created = await tryOn(shop.client('shopper-flat'), {
      guid: shop.guid,
      muid: flat.data?.muid ?? '',
    });
    expect(await shop.balance()).toBe(before - 1);
    const tuid = created.data?.tuid ?? '';
    const failedRender = await getTryOn(shop.client('shopper-flat'), tuid, 10);
    expect(failedRender.data).toMatchObject({ status: 'failed', errorCode: 'NO_PERSON', image: null });
    expect(failedRender.data?.errorMessage).toMatch(/No person/);
    expect(await shop.balance()).toBe(before);
    const used = await t.runtime.services.dailyUsage.used(t.runtime.db.db, {
      shopSuid: shop.suid,
      kind: 'tryon',
      scope: 'shopper-flat',
      day: new Date(t.clock.now()).toISOString().slice(0, 10),
    });
    expect(used).toBe(0);
    const image = await t.app.inject({
      method: 'GET',
      url: `/v1/tryon/image/${tuid}`,
      headers: withKey(shop.owner),
    });
    expect(image.statusCode).toBe(404);
  });

  it('retries a render that failed for a passing reason, then finishes it', async () => {
    engine.failNext(new EngineError('ENGINE_UNAVAILABLE', 'down for a moment', true));
    const created = await tryOn(shop.client(), { guid: shop.guid, muid: shop.muid });
    const tuid = created.data?.tuid ?? '';
    const deadline = Date.now() + 5000;
    let row = await t.runtime.services.rendersRepository.findById(tuid);
    while (row?.attempts !== 1 || row.status !== 'queued') {
      if (Date.now() > deadline) throw new Error(`no retry scheduled: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 20));
      row = await t.runtime.services.rendersRepository.findById(tuid);
    }
    expect(row.error_code).toBe('ENGINE_UNAVAILABLE');
    t.clock.advance(3_000);
    const done = await getTryOn(shop.client(), tuid, 10);
    expect(done.data).toMatchObject({ status: 'done', errorCode: null });
  });

  it('makes a look of the shopper’s face on a model; likes it; lists it under fav; removes it', async () => {
    const shopper = shop.client('shopper-look');
    const fuid = await addFace(shopper);
    const before = await shop.balance();
    const created = ok(await shopper.call(routes.looks.add, { query: { fuid, muid: shop.muid } }), 202);
    expect(created).toMatchObject({ fuid, muid: shop.muid, liked: false, status: 'queued' });
    expect(await shop.balance()).toBe(before - 1);
    const luid = created.luid;
    const done = await shopper.call(routes.looks.get, { params: { luid }, query: { wait: 10 } });
    expect(done.data?.status).toBe('done');
    expect((await t.app.inject({ method: 'GET', url: done.data?.faceImage ?? '' })).statusCode).toBe(200);

    const other = shop.client('shopper-other');
    expect((await other.call(routes.looks.like, { params: { luid } })).status).toBe(404);
    expect((await shopper.call(routes.looks.like, { params: { luid } })).data?.liked).toBe(true);
    const favs = await shopper.call(routes.looks.list, { query: { filter: 'fav' } });
    expect(favs.data?.items.map((l) => l.luid)).toEqual([luid]);
    expect((await shopper.call(routes.looks.unlike, { params: { luid } })).data?.liked).toBe(false);
    expect((await shopper.call(routes.looks.list, { query: { filter: 'fav' } })).data?.items).toEqual([]);
    const sharedLook = ok(await anyone().call(routes.looks.view, { params: { l: done.data?.l ?? '' } }));
    expect(sharedLook.l).toBe(done.data?.l);
    expect(Object.keys(sharedLook)).not.toContain('faceImage');

    expect((await shopper.call(routes.looks.remove, { params: { luid } })).status).toBe(200);
    expect((await shopper.call(routes.looks.get, { params: { luid }, query: {} })).status).toBe(404);
  });

  it('lists with paging: default page sizes, nextOffset, the dashboard’s stats filter shows finished ones', async () => {
    const shopper = shop.client('shopper-pages');
    for (let i = 0; i < 3; i++) {
      await tryOn(shopper, { guid: shop.guid, muid: shop.muid });
    }
    const page1 = ok(await shopper.call(routes.tryOns.list, { query: { limit: 2 } }));
    expect(page1.items.length).toBe(2);
    expect(page1.nextOffset).toBe(2);
    const page2 = ok(await shopper.call(routes.tryOns.list, { query: { limit: 2, offset: 2 } }));
    expect(page2.items.length).toBe(1);
    expect(page2.nextOffset).toBeNull();
    const ids = [...page1.items, ...page2.items].map((r) => r.tuid);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) await getTryOn(shopper, id, 10);
    const stats = await shop.ownerApi.call(routes.tryOns.list, { query: { filter: 'stats', limit: 100 } });
    expect(stats.data?.items.every((r) => r.status === 'done')).toBe(true);
  });
});
