import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Json, type TestApp, withKey } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { createShop, type ShopFixture, settled } from '../../../test/shop-fixture.ts';

const DAY = 24 * 3600_000;

describe("shoppers' photos", () => {
  let t: TestApp;
  let shop: ShopFixture;
  let rival: ShopFixture;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ RETENTION_DAYS: '30' });
    shop = await createShop(t, 'faces-owner@example.com');
    rival = await createShop(t, 'faces-rival@example.com');
    photo = await sharp(await testImage(600, 800, 'jpeg', '#d9a'))
      .withExif({ IFD0: { Make: 'PhoneMaker', Artist: 'Somebody' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  const add = (headers: Record<string, string>, bytes = photo) => shop.upload('/v1/face/add', headers, bytes);
  const list = async (headers: Record<string, string>) =>
    ((await call(t.app, { method: 'GET', url: '/v1/face', headers })).body.items as Json[]).map(
      (f) => f.fuid,
    );
  const post = (url: string, headers: Record<string, string>, query: Record<string, string> = {}) =>
    call(t.app, { method: 'POST', url, headers, query });

  it('keeps a photo re-encoded without metadata, visible to its shopper and the shop only', async () => {
    const res = await add(shop.shopper('shopper-p1'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ width: 600, height: 800 });
    const fuid = res.body.fuid as string;
    const image = await t.app.inject({ method: 'GET', url: res.body.image as string });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    expect(await list(shop.shopper('shopper-p1'))).toEqual([fuid]);
    expect(await list(shop.shopper('shopper-p2'))).toEqual([]);
    expect(await list(withKey(shop.owner))).toContain(fuid);
    expect(await list(withKey(rival.owner))).toEqual([]);
    const byKey = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/v1/face/image/${fuid}`, headers });
    expect((await byKey(shop.shopper('shopper-p1'))).statusCode).toBe(200);
    expect((await byKey(shop.shopper('shopper-p2'))).statusCode).toBe(404);
    expect((await byKey(rival.shopper('shopper-p1'))).statusCode).toBe(404);
    expect((await post(`/v1/face/remove/${fuid}`, shop.shopper('shopper-p2'))).status).toBe(404);
    expect((await post(`/v1/face/remove/${fuid}`, withKey(rival.owner))).status).toBe(404);
  });

  it('refuses what is not a photo, or too small', async () => {
    const tiny = await add(shop.shopper(), await testImage(100, 100));
    expect(tiny.body.errorCodeStr).toBe('IMAGE_TOO_SMALL');
    const text = await add(shop.shopper(), Buffer.from('not an image at all, just text'));
    expect(text.body.errorCodeStr).toBe('IMAGE_TYPE_NOT_ALLOWED');
    const none = await post('/v1/face/add', shop.shopper());
    expect(none.body.errorCodeStr).toBe('IMAGE_REQUIRED');
  });

  it('removing a photo removes the looks and try-ons made from it, and their files', async () => {
    const client = 'shopper-remove';
    const fuid = (await add(shop.shopper(client))).body.fuid as string;
    const look = await post('/v1/look/add', shop.shopper(client), { fuid, muid: shop.muid });
    const tryOn = await post('/v1/tryon/add', shop.shopper(client), { guid: shop.guid, fuid });
    const luid = look.body.luid as string;
    const tuid = tryOn.body.tuid as string;
    for (const id of [luid, tuid]) {
      expect((await settled(t, id)).status).toBe('done');
    }
    const prefixOf = (kind: string, id: string) => `shops/${shop.suid}/${kind}/${id}/`;
    const hasFiles = filesUnder;

    expect((await post(`/v1/face/remove/${fuid}`, shop.shopper(client))).status).toBe(200);
    expect(await list(shop.shopper(client))).toEqual([]);
    expect(
      (await call(t.app, { method: 'GET', url: `/v1/look/${luid}`, headers: shop.shopper(client) })).status,
    ).toBe(404);
    expect(
      (await call(t.app, { method: 'GET', url: `/v1/tryon/${tuid}`, headers: shop.shopper(client) })).status,
    ).toBe(404);
    expect(await hasFiles(prefixOf('faces', fuid))).toBe(0);
    expect(await hasFiles(prefixOf('looks', luid))).toBe(0);
    expect(await hasFiles(prefixOf('tryons', tuid))).toBe(0);
  });

  it('deletes photos and what was made from them after the retention period, and nothing younger', async () => {
    const client = 'shopper-old';
    const old = (await add(shop.shopper(client))).body.fuid as string;
    const look = await post('/v1/look/add', shop.shopper(client), { fuid: old, muid: shop.muid });
    const modelTryOn = await post('/v1/tryon/add', shop.shopper(client), {
      guid: shop.guid,
      muid: shop.muid,
    });
    t.clock.advance(20 * DAY);
    const young = (await add(shop.shopper(client))).body.fuid as string;
    t.clock.advance(11 * DAY);

    const deleted = await t.runtime.services.faces.deleteExpired(30 * DAY);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await list(shop.shopper(client))).toEqual([young]);
    expect(await t.runtime.services.rendersRepository.findById(look.body.luid as string)).toBeUndefined();
    // A try-on on one of the shop's models holds no shopper photo: it stays.
    expect(await t.runtime.services.rendersRepository.findById(modelTryOn.body.tuid as string)).toBeDefined();
  });

  it("holds the shop's and each shopper's daily photo limits", async () => {
    const own = await createShop(t, 'faces-limits@example.com');
    await post('/v1/shop/update', withKey(own.owner), { limit_person_daily_per_client: '2' });
    await post('/v1/shop/update', withKey(own.owner), { limit_person_daily: '3' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => own.upload('/v1/face/add', own.shopper('shopper-many'), photo)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    expect(results.find((r) => r.status === 429)?.body.errorCodeStr).toBe('CLIENT_DAILY_LIMIT_REACHED');
    expect((await own.upload('/v1/face/add', own.shopper('shopper-two'), photo)).status).toBe(201);
    const over = await own.upload('/v1/face/add', own.shopper('shopper-three'), photo);
    expect(over.body.errorCodeStr).toBe('DAILY_LIMIT_REACHED');
    expect(await filesUnder(`shops/${own.suid}/faces/`)).toBe(3);
  });

  it('counts statistics: person for photos, tryon for renders, client for any shopper action', async () => {
    const own = await createShop(t, 'faces-stats@example.com');
    const fuid = (await own.upload('/v1/face/add', own.shopper('shopper-s1'), photo)).body.fuid as string;
    await post('/v1/tryon/add', own.shopper('shopper-s1'), { guid: own.guid, fuid });
    await post('/v1/look/add', own.shopper('shopper-s2'), { fuid, muid: own.muid }); // not theirs: refused
    await post('/v1/tryon/add', own.shopper('shopper-s2'), { guid: own.guid, muid: own.muid });
    const stats = await call(t.app, {
      method: 'GET',
      url: '/v1/user/stats?days=1',
      headers: withKey(own.owner),
    });
    const today = (kind: string) => (stats.body[kind] as { user_count: number; action_count: number }[])[0];
    expect(today('person')).toEqual(expect.objectContaining({ user_count: 1, action_count: 1 }));
    expect(today('tryon')).toEqual(expect.objectContaining({ user_count: 2, action_count: 2 }));
    expect(today('client')).toEqual(expect.objectContaining({ user_count: 2, action_count: 3 }));
  });

  async function filesUnder(prefix: string): Promise<number> {
    const { readdir } = await import('node:fs/promises');
    const path = await import('node:path');
    const dir = path.join(t.dataDir, 'media', ...prefix.split('/').filter(Boolean));
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).length;
  }
});
