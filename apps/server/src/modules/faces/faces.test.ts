import { PHOTO_CONSENT_VERSION, routes } from '@tryon/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, failed, ok, upload } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
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

  const add = (client: Api, bytes = photo) =>
    client.call(routes.faces.add, { query: { consent: PHOTO_CONSENT_VERSION } }, upload(bytes));
  const addedFuid = async (client: Api) => ok(await add(client), 201).fuid;
  const list = async (client: Api) =>
    ((await client.call(routes.faces.list, { query: {} })).data?.items ?? []).map((f) => f.fuid);
  const removeFace = (client: Api, fuid: string) => client.call(routes.faces.remove, { params: { fuid } });
  const addLook = (client: Api, fuid: string, muid: string) =>
    client.call(routes.looks.add, { query: { fuid, muid } });
  const tryOn = (client: Api, query: { guid: string; muid?: string; fuid?: string }) =>
    client.call(routes.tryOns.add, { query });

  it('keeps a photo re-encoded without metadata, visible to its shopper and the shop only', async () => {
    const res = ok(await add(shop.client('shopper-p1')), 201);
    expect(res).toMatchObject({ width: 600, height: 800 });
    const fuid = res.fuid;
    const image = await t.app.inject({ method: 'GET', url: res.image });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    expect(await list(shop.client('shopper-p1'))).toEqual([fuid]);
    expect(await list(shop.client('shopper-p2'))).toEqual([]);
    expect(await list(shop.ownerApi)).toContain(fuid);
    expect(await list(rival.ownerApi)).toEqual([]);
    const byKey = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/v1/face/image/${fuid}`, headers });
    expect((await byKey(shop.shopper('shopper-p1'))).statusCode).toBe(200);
    expect((await byKey(shop.shopper('shopper-p2'))).statusCode).toBe(404);
    expect((await byKey(rival.shopper('shopper-p1'))).statusCode).toBe(404);
    expect((await removeFace(shop.client('shopper-p2'), fuid)).status).toBe(404);
    expect((await removeFace(rival.ownerApi, fuid)).status).toBe(404);
  });

  it('refuses what is not a photo, or too small', async () => {
    const tiny = await add(shop.client(), await testImage(100, 100));
    expect(failed(tiny)).toMatchObject({
      errorCodeStr: 'IMAGE_TOO_SMALL',
      details: { width: 100, height: 100, minWidth: 256, minHeight: 256 },
    });
    const text = await add(shop.client(), Buffer.from('not an image at all, just text'));
    expect(failed(text).errorCodeStr).toBe('IMAGE_TYPE_NOT_ALLOWED');
    const none = await shop.client().call(routes.faces.add, { query: { consent: PHOTO_CONSENT_VERSION } });
    expect(failed(none).errorCodeStr).toBe('IMAGE_REQUIRED');
  });

  it('removing a photo removes the looks and try-ons made from it, and their files', async () => {
    const client = shop.client('shopper-remove');
    const fuid = await addedFuid(client);
    const luid = (await addLook(client, fuid, shop.muid)).data?.luid ?? '';
    const tuid = (await tryOn(client, { guid: shop.guid, fuid })).data?.tuid ?? '';
    for (const id of [luid, tuid]) {
      expect((await settled(t, id)).status).toBe('done');
    }
    const prefixOf = (kind: string, id: string) => `shops/${shop.suid}/${kind}/${id}/`;
    const hasFiles = filesUnder;

    expect((await removeFace(client, fuid)).status).toBe(200);
    expect(await list(client)).toEqual([]);
    expect((await client.call(routes.looks.get, { params: { luid }, query: {} })).status).toBe(404);
    expect((await client.call(routes.tryOns.get, { params: { tuid }, query: {} })).status).toBe(404);
    expect(await hasFiles(prefixOf('faces', fuid))).toBe(0);
    expect(await hasFiles(prefixOf('looks', luid))).toBe(0);
    expect(await hasFiles(prefixOf('tryons', tuid))).toBe(0);
  });

  it("needs the shopper's agreement to the current photo wording, and records it with its version", async () => {
    const client = shop.client('shopper-consent');
    // An agreement to an earlier wording is not one to this wording.
    for (const consent of [undefined, PHOTO_CONSENT_VERSION - 1, PHOTO_CONSENT_VERSION + 1, 0]) {
      const res = await client.call(routes.faces.add, { query: { consent } }, upload(photo));
      expect(failed(res).errorCodeStr, String(consent)).toBe(
        consent === 0 ? 'VALIDATION_ERROR' : 'CONSENT_REQUIRED',
      );
    }
    expect(await list(client)).toEqual([]);
    const consents = t.runtime.services.facesRepository;
    expect(await consents.consentOf(shop.suid, 'shopper-consent', PHOTO_CONSENT_VERSION)).toBeUndefined();
    await addedFuid(client);
    await addedFuid(client);
    const recorded = await consents.consentOf(shop.suid, 'shopper-consent', PHOTO_CONSENT_VERSION);
    expect(recorded).toMatchObject({ version: PHOTO_CONSENT_VERSION, agreed_at: expect.any(Number) });
    // The shop's own uploads (private key) are not a shopper's photo: no agreement asked.
    ok(await shop.ownerApi.call(routes.faces.add, { query: {} }, upload(photo)), 201);
  });

  it("removes everything of one shopper at once: photos, try-ons and looks, and nobody else's", async () => {
    const client = shop.client('shopper-everything');
    const other = shop.client('shopper-keeps');
    const fuid = await addedFuid(client);
    const kept = await addedFuid(other);
    const made = [
      (await addLook(client, fuid, shop.muid)).data?.luid ?? '',
      (await tryOn(client, { guid: shop.guid, fuid })).data?.tuid ?? '',
      (await tryOn(client, { guid: shop.guid, muid: shop.muid })).data?.tuid ?? '',
    ];
    const keptTryOn = (await tryOn(other, { guid: shop.guid, muid: shop.muid })).data?.tuid ?? '';
    for (const id of [...made, keptTryOn]) await settled(t, id);

    const res = ok(await client.call(routes.faces.removeAll, {}));
    expect(res).toEqual({ ok: true, photos: 1, renders: 3 });
    expect(await list(client)).toEqual([]);
    expect((await client.call(routes.tryOns.list, { query: {} })).data?.items).toEqual([]);
    expect((await client.call(routes.looks.list, { query: {} })).data?.items).toEqual([]);
    expect(await filesUnder(`shops/${shop.suid}/faces/${fuid}/`)).toBe(0);
    expect(await list(other)).toEqual([kept]);
    expect((await other.call(routes.tryOns.list, { query: {} })).data?.items.map((i) => i.tuid)).toEqual([
      keptTryOn,
    ]);
    // A private key speaks for the whole shop: it may not wipe every shopper's photos in one call.
    expect(failed(await shop.ownerApi.call(routes.faces.removeAll, {})).errorCodeStr).toBe('SHOPPER_ONLY');
  });

  it('deletes photos and what was made from them after the retention period, and nothing younger', async () => {
    const client = shop.client('shopper-old');
    const old = await addedFuid(client);
    const look = ok(await addLook(client, old, shop.muid), 202);
    const modelTryOn = ok(await tryOn(client, { guid: shop.guid, muid: shop.muid }), 202);
    t.clock.advance(20 * DAY);
    const young = await addedFuid(client);
    t.clock.advance(11 * DAY);

    const deleted = await t.runtime.services.faces.deleteExpired(30 * DAY);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await list(client)).toEqual([young]);
    expect(await t.runtime.services.rendersRepository.findById(look.luid)).toBeUndefined();
    // A try-on on one of the shop's models holds no shopper photo: it stays.
    expect(await t.runtime.services.rendersRepository.findById(modelTryOn.tuid)).toBeDefined();
  });

  it("holds the shop's and each shopper's daily photo limits", async () => {
    const own = await createShop(t, 'faces-limits@example.com');
    await own.ownerApi.call(routes.shops.update, { query: { limit_person_daily_per_client: '2' } });
    await own.ownerApi.call(routes.shops.update, { query: { limit_person_daily: '3' } });
    const results = await Promise.all(Array.from({ length: 6 }, () => add(own.client('shopper-many'))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    const refused = results.find((r) => r.status === 429);
    expect(refused && failed(refused).errorCodeStr).toBe('CLIENT_DAILY_LIMIT_REACHED');
    // A daily limit says when it opens again (the next UTC midnight), readable by the shopper's browser.
    await own.ownerApi.call(routes.shops.update, { query: { limit_tryon_daily_per_client: '1' } });
    const tryOnRaw = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/tryon/add?guid=${own.guid}&muid=${own.muid}`,
        headers: own.shopper('shopper-limited'),
      });
    expect((await tryOnRaw()).statusCode).toBe(202);
    const limited = await tryOnRaw();
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect((await add(own.client('shopper-two'))).status).toBe(201);
    const over = await add(own.client('shopper-three'));
    expect(failed(over).errorCodeStr).toBe('DAILY_LIMIT_REACHED');
    expect(await filesUnder(`shops/${own.suid}/faces/`)).toBe(3);
  });

  it('counts statistics: person for photos, tryon for renders, client for any shopper action', async () => {
    const own = await createShop(t, 'faces-stats@example.com');
    const fuid = await addedFuid(own.client('shopper-s1'));
    await tryOn(own.client('shopper-s1'), { guid: own.guid, fuid });
    await addLook(own.client('shopper-s2'), fuid, own.muid); // not theirs: refused
    await tryOn(own.client('shopper-s2'), { guid: own.guid, muid: own.muid });
    // Opening a page is a page view, not an action; the shop's own calls count as neither.
    ok(await own.client('shopper-s3').call(routes.shops.publicInfo, {}));
    ok(await own.ownerApi.call(routes.garments.list, { query: { query: 'tee' } }));
    const stats = ok(await own.ownerApi.call(routes.stats.get, { query: { days: 1 } }));
    const today = (kind: 'person' | 'tryon' | 'client' | 'view' | 'search') => stats[kind][0];
    expect(today('view')).toEqual(expect.objectContaining({ user_count: 1, action_count: 1 }));
    expect(today('search')).toEqual(expect.objectContaining({ user_count: 0, action_count: 0 }));
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
