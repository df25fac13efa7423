import { routes } from '@tryon/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, failed, ok, upload } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { createShop, type ShopFixture } from '../../../test/shop-fixture.ts';

/** Issue 15: catalogue editing, a replaced image, sorting with a count, and bulk actions inside one shop. */
describe('catalogue editing, image replacement, sorting and bulk actions', () => {
  let t: TestApp;
  let a: ShopFixture;
  let b: ShopFixture;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
    [a, b] = [await createShop(t, 'edit-a@example.com'), await createShop(t, 'edit-b@example.com')];
  });
  afterAll(() => t.close());

  const addGarment = async (who: Api, fields: Record<string, string>, color = '#c33') =>
    ok(
      await who.call(
        routes.garments.add,
        { query: {} },
        upload(await testImage(400, 500, 'png', color), fields),
      ),
      201,
    );
  const imageKeyOf = async (id: string) =>
    (
      await t.runtime.db.db
        .selectFrom('catalog_items')
        .select('image_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).image_key;
  const stored = (key: string) => t.runtime.services.storage.has(key);

  it('edits name, category and price of a garment; refuses a price that is not a number', async () => {
    const g = await addGarment(a.ownerApi, { name: 'Old', category: 'shirt', price: '10' });
    const edited = ok(
      await a.ownerApi.call(routes.garments.update, {
        params: { guid: g.guid },
        query: { name: 'New name', category: 'T-Shirt', price: '19.90' },
      }),
    );
    expect(edited).toMatchObject({ name: 'New name', category: 't-shirt', price: '19.90', g: g.g });
    expect(ok(await a.ownerApi.call(routes.garments.get, { params: { guid: g.guid } }))).toMatchObject({
      name: 'New name',
      price: '19.90',
    });
    // The search follows the new name.
    const found = ok(await a.ownerApi.call(routes.garments.list, { query: { query: 'new name' } })).items;
    expect(found.map((i) => i.guid)).toEqual([g.guid]);
    for (const price of ['ten', '1,5', '-3', '1.999']) {
      const bad = await a.ownerApi.call(routes.garments.update, {
        params: { guid: g.guid },
        query: { price },
      });
      expect(failed(bad, 400).errorCodeStr).toBe('BAD_PRICE');
    }
    // An empty price clears it.
    const cleared = await a.ownerApi.call(routes.garments.update, {
      params: { guid: g.guid },
      query: { price: '' },
    });
    expect(ok(cleared).price).toBe('');
    // Another shop cannot edit it.
    const foreign = await b.ownerApi.call(routes.garments.update, {
      params: { guid: g.guid },
      query: { name: 'x' },
    });
    expect(failed(foreign, 404).errorCodeStr).toBe('NOT_FOUND');
  });

  it('renames a model', async () => {
    const edited = ok(
      await a.ownerApi.call(routes.models.update, { params: { muid: a.muid }, query: { name: 'Ana' } }),
    );
    expect(edited.name).toBe('Ana');
  });

  it('replaces an image keeping id, code and stats; the old files go after the commit', async () => {
    const g = await addGarment(a.ownerApi, { name: 'Replace me' });
    expect(
      ok(await a.client('liker-00000001').call(routes.garments.like, { params: { guid: g.guid } })).stats
        .likes,
    ).toBe(1);
    const firstKey = await imageKeyOf(g.guid);
    // A derivative of the first image, which must go with it.
    const thumb = await t.app.inject({ method: 'GET', url: `${g.image}&width=64` });
    expect(thumb.statusCode).toBe(200);
    const thumbKey = firstKey.replace(/original-([^/]+)\.webp$/, 'w64-$1.webp');
    expect(await stored(thumbKey)).toBe(true);

    const png = await testImage(600, 700, 'png', '#36c');
    const replaced = ok(
      await a.ownerApi.call(routes.garments.updateImage, { params: { guid: g.guid } }, upload(png)),
    );
    expect(replaced).toMatchObject({ guid: g.guid, g: g.g, name: 'Replace me', width: 600, height: 700 });
    expect(replaced.stats.likes).toBe(1);
    expect(replaced.image).not.toBe(g.image);
    const secondKey = await imageKeyOf(g.guid);
    expect(secondKey).not.toBe(firstKey);
    expect(await stored(firstKey)).toBe(false);
    expect(await stored(thumbKey)).toBe(false);
    expect(await stored(secondKey)).toBe(true);
    // The new image is served; the link answered before the change no longer shows the old one.
    const full = await t.app.inject({ method: 'GET', url: replaced.image });
    expect((await sharp(full.rawPayload).metadata()).width).toBe(600);
    const before = await t.app.inject({ method: 'GET', url: g.image });
    expect((await sharp(before.rawPayload).metadata()).width).toBe(600);
    // The public code still opens the item (QR codes print it).
    expect(ok(await a.client().call(routes.garments.get, { params: { guid: g.g } })).guid).toBe(g.guid);

    // A second replacement removes the first replacement's folder.
    ok(
      await a.ownerApi.call(
        routes.garments.updateImage,
        { params: { guid: g.g } },
        upload(await testImage(500, 500, 'png', '#3c6')),
      ),
    );
    expect(await stored(secondKey)).toBe(false);
    expect(await stored(await imageKeyOf(g.guid))).toBe(true);
    const intents = await t.runtime.db.db.selectFrom('media_intents').selectAll().execute();
    expect(intents).toEqual([]);
  });

  it('commits concurrent replacements one after the other, leaving only the last image stored', async () => {
    const g = await addGarment(a.ownerApi, { name: 'Race' });
    const first = await imageKeyOf(g.guid);
    const answers = await Promise.all(
      ['#111', '#555', '#999'].map(async (color) =>
        a.ownerApi.call(
          routes.garments.updateImage,
          { params: { guid: g.guid } },
          upload(await testImage(420, 520, 'png', color)),
        ),
      ),
    );
    for (const answer of answers) expect(ok(answer).g).toBe(g.g);
    const last = await imageKeyOf(g.guid);
    expect(await stored(last)).toBe(true);
    expect(await stored(first)).toBe(false);
    const prefix = last.slice(0, last.indexOf('/img-') + 1);
    const folders = await t.runtime.db.db.selectFrom('media_intents').select('prefix').execute();
    expect(folders.filter((f) => f.prefix.startsWith(prefix))).toEqual([]);
  });

  it('refuses a bad replacement and keeps the old image; another shop cannot replace', async () => {
    const g = await addGarment(a.ownerApi, { name: 'Keep' });
    const key = await imageKeyOf(g.guid);
    const small = await a.ownerApi.call(
      routes.garments.updateImage,
      { params: { guid: g.guid } },
      upload(await testImage(100, 100)),
    );
    expect(failed(small, 400).errorCodeStr).toBe('IMAGE_TOO_SMALL');
    const none = await a.ownerApi.call(
      routes.garments.updateImage,
      { params: { guid: g.guid } },
      upload(null),
    );
    expect(failed(none, 400).errorCodeStr).toBe('IMAGE_REQUIRED');
    const foreign = await b.ownerApi.call(
      routes.garments.updateImage,
      { params: { guid: g.guid } },
      upload(await testImage(400, 500)),
    );
    expect(failed(foreign, 404).errorCodeStr).toBe('NOT_FOUND');
    expect(await imageKeyOf(g.guid)).toBe(key);
    expect(await stored(key)).toBe(true);
    // A model's minimum applies to a model's replacement.
    const model = await a.ownerApi.call(
      routes.models.updateImage,
      { params: { muid: a.muid } },
      upload(await testImage(500, 500)),
    );
    expect(failed(model, 400).errorCodeStr).toBe('IMAGE_TOO_SMALL');
    // A public key may not replace images.
    const shopper = await a
      .client()
      .call(routes.garments.updateImage, { params: { guid: g.guid } }, upload(await testImage(400, 500)));
    expect(shopper.status).toBe(403);
  });

  it('sorts by newest, oldest, name and price, and counts the whole list on the first page', async () => {
    const shop = await createShop(t, 'sort@example.com');
    await shop.ownerApi.call(routes.garments.remove, { params: { guid: shop.guid } });
    const names: [string, string][] = [
      ['beta', '20'],
      ['Alpha', '5.50'],
      ['gamma', ''],
      ['delta', '100'],
    ];
    const ids: string[] = [];
    for (const [name, price] of names) {
      ids.push((await addGarment(shop.ownerApi, { name, price })).guid);
      t.clock.advance(1000);
    }
    const list = async (sort?: 'newest' | 'oldest' | 'name' | 'price', limit = 10) =>
      ok(await shop.ownerApi.call(routes.garments.list, { query: { ...(sort ? { sort } : {}), limit } }));
    const namesOf = (page: { items: { name: string }[] }) => page.items.map((i) => i.name);
    expect(namesOf(await list())).toEqual(['delta', 'gamma', 'Alpha', 'beta']);
    expect(namesOf(await list('oldest'))).toEqual(['beta', 'Alpha', 'gamma', 'delta']);
    expect(namesOf(await list('name'))).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    expect(namesOf(await list('price'))).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    expect((await list('name')).total).toBe(4);
    const first = await list('price', 2);
    expect(first.total).toBe(4);
    expect(first.nextOffset).toBe(2);
    const second = ok(
      await shop.ownerApi.call(routes.garments.list, { query: { sort: 'price', limit: 2, offset: 2 } }),
    );
    expect(second.total).toBeUndefined();
    expect(namesOf(second)).toEqual(['delta', 'gamma']);
    // The count follows a search.
    expect(
      ok(await shop.ownerApi.call(routes.garments.list, { query: { query: 'ta', limit: 1 } })).total,
    ).toBe(2);
    expect(ids).toHaveLength(4);
  });

  it("bulk removes and re-categorises only the caller's items; another shop's ids are left alone", async () => {
    const mine = [await addGarment(a.ownerApi, { name: 'm1' }), await addGarment(a.ownerApi, { name: 'm2' })];
    const theirs = await addGarment(b.ownerApi, { name: 'theirs', category: 'coat' });
    const ids = [...mine.map((g) => g.guid), theirs.guid, 'gar_nope'].join(',');

    const recat = ok(
      await a.ownerApi.call(routes.garments.bulkUpdate, { query: { ids, category: 'Jeans' } }),
    );
    expect(recat).toEqual({ done: 2, not_found: [theirs.guid, 'gar_nope'] });
    for (const g of mine) {
      expect(ok(await a.ownerApi.call(routes.garments.get, { params: { guid: g.guid } })).category).toBe(
        'jeans',
      );
    }
    expect(ok(await b.ownerApi.call(routes.garments.get, { params: { guid: theirs.guid } })).category).toBe(
      'coat',
    );
    // By public code too: another shop's code is not found either.
    const byCode = ok(
      await a.ownerApi.call(routes.garments.bulkUpdate, { query: { ids: theirs.g, category: 'x' } }),
    );
    expect(byCode).toEqual({ done: 0, not_found: [theirs.g] });

    const keys = await Promise.all(mine.map((g) => imageKeyOf(g.guid)));
    const removed = ok(await a.ownerApi.call(routes.garments.bulkRemove, { query: { ids } }));
    expect(removed).toEqual({ done: 2, not_found: [theirs.guid, 'gar_nope'] });
    for (const g of mine) {
      const gone = await a.ownerApi.call(routes.garments.get, { params: { guid: g.guid } });
      expect(failed(gone, 404).errorCodeStr).toBe('NOT_FOUND');
    }
    for (const key of keys) expect(await stored(key)).toBe(false);
    expect(ok(await b.ownerApi.call(routes.garments.get, { params: { guid: theirs.guid } })).name).toBe(
      'theirs',
    );
    expect(await stored(await imageKeyOf(theirs.guid))).toBe(true);

    // Models too; a public key may not; more than 100 ids are refused.
    const modelRemove = ok(
      await b.ownerApi.call(routes.models.bulkRemove, { query: { ids: `${a.muid},${b.muid}` } }),
    );
    expect(modelRemove).toEqual({ done: 1, not_found: [a.muid] });
    expect(ok(await a.ownerApi.call(routes.models.get, { params: { muid: a.muid } })).muid).toBe(a.muid);
    const shopper = await a.client().call(routes.garments.bulkRemove, { query: { ids: theirs.guid } });
    expect(shopper.status).toBe(403);
    const many = Array.from({ length: 101 }, (_, i) => `gar_${i}`).join(',');
    expect(
      failed(await a.ownerApi.call(routes.garments.bulkRemove, { query: { ids: many } }), 400).errorCodeStr,
    ).toBe('VALIDATION_ERROR');
  });

  it("lists an item's try-ons for its detail panel, inside the caller's shop", async () => {
    const made = ok(await a.ownerApi.call(routes.tryOns.add, { query: { guid: a.guid, muid: a.muid } }), 202);
    const byGarment = ok(await a.ownerApi.call(routes.tryOns.list, { query: { item: a.guid } })).items;
    expect(byGarment.map((r) => r.tuid)).toEqual([made.tuid]);
    const byModel = ok(await a.ownerApi.call(routes.tryOns.list, { query: { item: a.muid } })).items;
    expect(byModel.map((r) => r.tuid)).toEqual([made.tuid]);
    expect(ok(await a.ownerApi.call(routes.tryOns.list, { query: { item: b.guid } })).items).toEqual([]);
    expect(ok(await b.ownerApi.call(routes.tryOns.list, { query: { item: a.guid } })).items).toEqual([]);
  });

  it("shows admins one shop's detail; owners may not", async () => {
    const admin = api(t, { apiKey: await signIn(t, 'boss@example.com') });
    const detail = ok(await admin.call(routes.shops.detail, { params: { suid: b.suid } }));
    expect(detail.shop.shop_uid).toBe(b.suid);
    expect(detail.keys).toEqual({ public: 1, private: 1, active: 2 });
    expect(detail.catalog.garments).toBeGreaterThanOrEqual(2);
    expect(detail.renders).toEqual({ tryons: 0, looks: 0, failed: 0 });
    expect(ok(await admin.call(routes.shops.detail, { params: { suid: a.suid } })).renders.tryons).toBe(1);
    const owner = await a.ownerApi.call(routes.shops.detail, { params: { suid: b.suid } });
    expect(failed(owner, 403).errorCodeStr).toBe('ADMIN_ONLY');
    const unknown = await admin.call(routes.shops.detail, { params: { suid: 'shop_nope' } });
    expect(failed(unknown, 404).errorCodeStr).toBe('SHOP_NOT_FOUND');
  });
});
