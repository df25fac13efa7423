import { EngineError } from '@tryon/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Json, type TestApp, withKey } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { createShop, type ShopFixture, settled } from '../../../test/shop-fixture.ts';
import type { SketchEngine } from '../../../test/sketch-engine.ts';

type Render = Json & { status: string; image: string | null; errorCode: string | null };

describe('try-ons and looks', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let rival: ShopFixture;
  let engine: SketchEngine;

  beforeAll(async () => {
    t = await createTestApp();
    engine = t.engine as SketchEngine;
    shop = await createShop(t, 'renders-owner@example.com');
    rival = await createShop(t, 'renders-rival@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, headers: Record<string, string>, query: Record<string, string> = {}) =>
    call(t.app, { method: 'POST', url, headers, query });
  const get = (url: string, headers: Record<string, string>) => call(t.app, { method: 'GET', url, headers });
  const addFace = async (headers: Record<string, string>) => {
    const res = await shop.upload('/v1/face/add', headers, await testImage(600, 800, 'jpeg', '#d9a'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.fuid as string;
  };

  it('renders a try-on of a garment on a model: queued, then done with an image at the sizes the UIs use', async () => {
    const before = await shop.balance();
    const created = await post('/v1/tryon/add', shop.shopper(), { guid: shop.guid, muid: shop.muid });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({
      status: 'queued',
      guid: shop.guid,
      muid: shop.muid,
      fuid: null,
      image: null,
    });
    expect(created.body.t).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await shop.balance()).toBe(before - 1);

    const done = await get(`/v1/tryon/${created.body.tuid}?wait=10`, shop.shopper());
    expect(done.body).toMatchObject({ status: 'done', errorCode: null });
    const full = await t.app.inject({ method: 'GET', url: done.body.image as string });
    expect(full.statusCode).toBe(200);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(800);
    const card = await t.app.inject({ method: 'GET', url: `${done.body.image}&width=384&height=384` });
    const meta = await sharp(card.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([384, 384]);
    const source = await t.app.inject({ method: 'GET', url: done.body.garmentImage as string });
    expect((await sharp(source.rawPayload).metadata()).width).toBe(400);

    const garment = await get(`/v1/garment/${shop.guid}`, withKey(shop.owner));
    expect((garment.body.stats as { tryons: number }).tryons).toBeGreaterThanOrEqual(1);
  });

  it('hands the engine the shop’s category of the garment, which helps it tell the kind', async () => {
    const added = await shop.upload(
      '/v1/garment/add',
      withKey(shop.owner),
      await testImage(400, 500, 'png', '#36c'),
      {
        category: 'Jeans',
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const seen = engine.categories.length;
    for (const guid of [added.body.guid as string, shop.guid]) {
      const created = await post('/v1/tryon/add', shop.shopper('shopper-cat'), { guid, muid: shop.muid });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      await get(`/v1/tryon/${created.body.tuid}?wait=10`, shop.shopper('shopper-cat'));
    }
    // Categories are kept in lower case. The fixture's garment was added without one: the engine gets none.
    expect(engine.categories.slice(seen)).toEqual(['jeans', undefined]);
  });

  it('a shopper sees only their own; the shop sees all of its own; nobody sees another shop’s', async () => {
    const mine = await post('/v1/tryon/add', shop.shopper('shopper-a1'), {
      guid: shop.guid,
      muid: shop.muid,
    });
    const tuid = mine.body.tuid as string;
    const url = `/v1/tryon/${tuid}`;
    expect((await get(url, shop.shopper('shopper-a1'))).status).toBe(200);
    expect((await get(url, shop.shopper('shopper-b2'))).status).toBe(404);
    expect((await get(url, withKey(shop.owner))).status).toBe(200);
    expect((await get(url, withKey(rival.owner))).status).toBe(404);
    expect((await get(url, rival.shopper('shopper-a1'))).status).toBe(404);

    const listA = await get('/v1/tryon/list', shop.shopper('shopper-a1'));
    expect((listA.body.items as Render[]).map((r) => r.tuid)).toEqual([tuid]);
    expect((await get('/v1/tryon/list', shop.shopper('shopper-b2'))).body.items).toEqual([]);
    const listShop = await get('/v1/tryon/list?limit=100', withKey(shop.owner));
    expect((listShop.body.items as Render[]).map((r) => r.tuid)).toContain(tuid);
    expect((await get('/v1/tryon/list', withKey(rival.owner))).body.items).toEqual([]);

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
    expect((await post(`/v1/tryon/remove/${tuid}`, shop.shopper('shopper-b2'))).status).toBe(404);
    expect((await post(`/v1/tryon/remove/${tuid}`, withKey(rival.owner))).status).toBe(404);
    expect((await post(`/v1/tryon/remove/${tuid}`, shop.shopper('shopper-a1'))).status).toBe(200);
    expect((await get(url, withKey(shop.owner))).status).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: imageUrl, headers: withKey(shop.owner) })).statusCode,
    ).toBe(404);
  });

  it('shares a try-on by its viewer token, without a key', async () => {
    const created = await post('/v1/tryon/add', shop.shopper(), { guid: shop.guid, muid: shop.muid });
    const viewed = await get(`/v1/tryon/view/${created.body.t}`, {});
    expect(viewed.status).toBe(200);
    expect(viewed.body.tuid).toBe(created.body.tuid);
    expect((await get('/v1/tryon/view/not-a-token', {})).status).toBe(404);
    expect((await get(`/v1/look/view/${created.body.t}`, {})).status).toBe(404);
  });

  it("wears a garment on the shopper's own photo, and never on another shopper's", async () => {
    const fuid = await addFace(shop.shopper('shopper-face'));
    const other = await post('/v1/tryon/add', shop.shopper('shopper-else'), { guid: shop.guid, fuid });
    expect(other.status).toBe(404);
    const rivalTry = await post('/v1/tryon/add', withKey(rival.owner), { guid: rival.guid, fuid });
    expect(rivalTry.status).toBe(404);
    const mine = await post('/v1/tryon/add', shop.shopper('shopper-face'), { guid: shop.guid, fuid });
    expect(mine.status).toBe(202);
    expect(mine.body).toMatchObject({ fuid, muid: null });
  });

  it('checks its inputs: a garment of the shop, exactly one person', async () => {
    const both = await post('/v1/tryon/add', shop.shopper(), {
      guid: shop.guid,
      muid: shop.muid,
      fuid: 'face_x',
    });
    expect(both.status).toBe(400);
    expect(both.body.errorCodeStr).toBe('VALIDATION_ERROR');
    const none = await post('/v1/tryon/add', shop.shopper(), { guid: shop.guid });
    expect(none.body.errorCodeStr).toBe('VALIDATION_ERROR');
    const foreign = await post('/v1/tryon/add', shop.shopper(), { guid: rival.guid, muid: shop.muid });
    expect(foreign.status).toBe(404);
    const foreignModel = await post('/v1/tryon/add', shop.shopper(), { guid: shop.guid, muid: rival.muid });
    expect(foreignModel.status).toBe(404);
  });

  it('a failed render keeps its error code and gives the try-on and the daily use back', async () => {
    const before = await shop.balance();
    const flat = await shop.upload(
      '/v1/model/add',
      withKey(shop.owner),
      await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#777' } })
        .png()
        .toBuffer(),
    );
    const created = await post('/v1/tryon/add', shop.shopper('shopper-flat'), {
      guid: shop.guid,
      muid: flat.body.muid as string,
    });
    expect(await shop.balance()).toBe(before - 1);
    const failed = await get(`/v1/tryon/${created.body.tuid}?wait=10`, shop.shopper('shopper-flat'));
    expect(failed.body).toMatchObject({ status: 'failed', errorCode: 'NO_PERSON', image: null });
    expect(failed.body.errorMessage).toMatch(/No person/);
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
      url: `/v1/tryon/image/${created.body.tuid}`,
      headers: withKey(shop.owner),
    });
    expect(image.statusCode).toBe(404);
  });

  it('retries a render that failed for a passing reason, then finishes it', async () => {
    engine.failNext(new EngineError('ENGINE_UNAVAILABLE', 'down for a moment', true));
    const created = await post('/v1/tryon/add', shop.shopper(), { guid: shop.guid, muid: shop.muid });
    const tuid = created.body.tuid as string;
    const deadline = Date.now() + 5000;
    let row = await t.runtime.services.rendersRepository.findById(tuid);
    while (row?.attempts !== 1 || row.status !== 'queued') {
      if (Date.now() > deadline) throw new Error(`no retry scheduled: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 20));
      row = await t.runtime.services.rendersRepository.findById(tuid);
    }
    expect(row.error_code).toBe('ENGINE_UNAVAILABLE');
    t.clock.advance(3_000);
    const done = await get(`/v1/tryon/${tuid}?wait=10`, shop.shopper());
    expect(done.body).toMatchObject({ status: 'done', errorCode: null });
  });

  it('makes a look of the shopper’s face on a model; likes it; lists it under fav; removes it', async () => {
    const client = 'shopper-look';
    const fuid = await addFace(shop.shopper(client));
    const before = await shop.balance();
    const created = await post('/v1/look/add', shop.shopper(client), { fuid, muid: shop.muid });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({ fuid, muid: shop.muid, liked: false, status: 'queued' });
    expect(await shop.balance()).toBe(before - 1);
    const luid = created.body.luid as string;
    const done = await get(`/v1/look/${luid}?wait=10`, shop.shopper(client));
    expect(done.body.status).toBe('done');
    expect((await t.app.inject({ method: 'GET', url: done.body.faceImage as string })).statusCode).toBe(200);

    expect((await post(`/v1/look/like/${luid}`, shop.shopper('shopper-other'))).status).toBe(404);
    expect((await post(`/v1/look/like/${luid}`, shop.shopper(client))).body.liked).toBe(true);
    const favs = await get('/v1/look/list?filter=fav', shop.shopper(client));
    expect((favs.body.items as Render[]).map((l) => l.luid)).toEqual([luid]);
    expect((await post(`/v1/look/unlike/${luid}`, shop.shopper(client))).body.liked).toBe(false);
    expect((await get('/v1/look/list?filter=fav', shop.shopper(client))).body.items).toEqual([]);
    expect((await get(`/v1/look/view/${done.body.l}`, {})).body.luid).toBe(luid);

    expect((await post(`/v1/look/remove/${luid}`, shop.shopper(client))).status).toBe(200);
    expect((await get(`/v1/look/${luid}`, shop.shopper(client))).status).toBe(404);
  });

  it('lists with paging: default page sizes, nextOffset, the dashboard’s stats filter shows finished ones', async () => {
    const client = 'shopper-pages';
    for (let i = 0; i < 3; i++) {
      await post('/v1/tryon/add', shop.shopper(client), { guid: shop.guid, muid: shop.muid });
    }
    const page1 = await get('/v1/tryon/list?limit=2', shop.shopper(client));
    expect((page1.body.items as Render[]).length).toBe(2);
    expect(page1.body.nextOffset).toBe(2);
    const page2 = await get('/v1/tryon/list?limit=2&offset=2', shop.shopper(client));
    expect((page2.body.items as Render[]).length).toBe(1);
    expect(page2.body.nextOffset).toBeNull();
    const ids = [...(page1.body.items as Render[]), ...(page2.body.items as Render[])].map((r) => r.tuid);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) await get(`/v1/tryon/${id}?wait=10`, shop.shopper(client));
    const stats = await get('/v1/tryon/list?filter=stats&limit=100', withKey(shop.owner));
    expect((stats.body.items as Render[]).every((r) => r.status === 'done')).toBe(true);
  });
});
