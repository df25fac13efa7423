import { routes } from '@tryon/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, api, failed, ok, upload } from '../../../test/api.ts';
import { call, createTestApp, signIn, type TestApp, withKey } from '../../../test/harness.ts';
import { startImageHost } from '../../../test/image-host.ts';
import { svgImage, testImage } from '../../../test/images.ts';
import { type LocalS3, startLocalS3 } from '../../../test/s3.ts';

describe.each(['local', 's3'] as const)('garments and models on %s storage', (storageKind) => {
  let s3: LocalS3 | undefined;
  let t: TestApp;
  let owner: string;
  let other: string;
  let publicKey: string;
  let host: Awaited<ReturnType<typeof startImageHost>>;
  let garmentPng: Buffer;

  beforeAll(async () => {
    s3 = storageKind === 's3' ? await startLocalS3() : undefined;
    t = await createTestApp({
      URL_IMPORT_ALLOW_PRIVATE: '1',
      ...(s3 ? { STORAGE_URL: s3.storageUrl(`run${Date.now()}`) } : {}),
    });
    owner = await signIn(t, 'catalog-owner@example.com');
    other = await signIn(t, 'catalog-other@example.com');
    publicKey = ok(await by(owner).call(routes.keys.account, {})).activeApiKeys.public[0]?.apiKey ?? '';
    garmentPng = await testImage(400, 500);
    host = await startImageHost({
      '/shirt.png': await testImage(600, 600, 'png', '#c33'),
      '/model.png': await testImage(800, 1000),
    });
  });
  afterAll(async () => {
    host.close();
    await t.close();
    await s3?.close();
  });

  const by = (apiKey: string) => api(t, { apiKey });
  const uploadGarment = (key: string, file: Buffer | null, fields: Record<string, string> = {}) =>
    by(key).call(routes.garments.add, { query: {} }, upload(file, fields));
  const uploadModel = (key: string, file: Buffer | null, fields: Record<string, string> = {}) =>
    by(key).call(routes.models.add, { query: {} }, upload(file, fields));
  const shopper = (client = 'shopper-0001') =>
    api(t, { apiKey: publicKey, clientUuid: client, headers: { origin: 'https://shop.example' } });

  it('adds a garment by upload with its fields, a public code and a signed image', async () => {
    const res = await uploadGarment(owner, garmentPng, {
      name: 'Red Shirt',
      description: 'Cotton, slim fit',
      url: 'https://shop.example/red-shirt',
      category: 'T-Shirt',
      price: '29.99',
    });
    const item = ok(res, 201);
    expect(item).toMatchObject({
      name: 'Red Shirt',
      description: 'Cotton, slim fit',
      url: 'https://shop.example/red-shirt',
      category: 't-shirt',
      price: '29.99',
      stats: { likes: 0, tryons: 0 },
      width: 400,
      height: 500,
      liked: false,
    });
    expect(item.guid).toMatch(/^gar_/);
    expect(item.g).toMatch(/^[a-z2-9]{8}$/);

    const image = await t.app.inject({ method: 'GET', url: item.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 500]);
  });

  it('serves the sizes the UIs use, each made once, with ETag and 304', async () => {
    const item = ok(await uploadGarment(owner, garmentPng, { name: 'Sizes' }), 201);
    for (const [query, size] of [
      ['&width=64', [64, 80]],
      ['&width=384', [384, 480]],
      ['&width=384&height=384', [384, 384]],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${item.image}${query}` });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual(size);
      const etag = String(res.headers.etag);
      expect(res.headers['cache-control']).toContain('max-age');
      const again = await t.app.inject({
        method: 'GET',
        url: `${item.image}${query}`,
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
    }
    const derived = await t.runtime.services.storage.has(
      `shops/${(await t.runtime.services.catalogRepository.findAnyShop('garment', item.guid))?.shop_suid}/garments/${item.guid}/384x384-${new URL(`http://x${item.image}`).searchParams.get('v')}.webp`,
    );
    expect(derived).toBe(true);
    const odd = await t.app.inject({ method: 'GET', url: `${item.image}&width=1000` });
    expect(odd.statusCode).toBe(400);
    // A garment has no inputs to show instead of itself.
    const part = await t.app.inject({ method: 'GET', url: `${item.image}&part=person` });
    expect(part.statusCode).toBe(400);
  });

  it('guards images: a signed link, or a key of the same shop; a bad signature or missing item is 404/401', async () => {
    const item = ok(await uploadGarment(owner, garmentPng), 201);
    const path = item.image.split('?')[0];
    expect((await t.app.inject({ method: 'GET', url: path ?? '' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: path ?? '', headers: withKey(owner) })).statusCode).toBe(
      200,
    );
    const foreign = await call(t.app, { method: 'GET', url: path ?? '', headers: withKey(other) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCodeStr).toBe('IMAGE_NOT_FOUND');
    const forged = item.image.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(401);
    t.clock.advance(3 * 3600_000);
    expect((await t.app.inject({ method: 'GET', url: item.image })).statusCode).toBe(401);
    t.clock.advance(-3 * 3600_000);
    const missing = await call(t.app, {
      method: 'GET',
      url: '/v1/garment/image/gar_nope',
      headers: withKey(owner),
    });
    expect(missing).toMatchObject({ status: 404, body: { errorCodeStr: 'IMAGE_NOT_FOUND' } });
    // The public code works here as everywhere, with the same access rules.
    const byCode = `/v1/garment/image/${item.g}`;
    expect((await t.app.inject({ method: 'GET', url: byCode, headers: withKey(owner) })).statusCode).toBe(
      200,
    );
    expect((await call(t.app, { method: 'GET', url: byCode, headers: withKey(other) })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: byCode })).statusCode).toBe(401);
  });

  it('refuses bad uploads with clear codes and stores nothing', async () => {
    const before = await t.runtime.db.db.selectFrom('catalog_items').select('id').execute();
    const cases: [Buffer | null, string, number][] = [
      [null, 'IMAGE_REQUIRED', 400],
      [svgImage, 'IMAGE_TYPE_NOT_ALLOWED', 415],
      [Buffer.from('GIF89a......'), 'IMAGE_TYPE_NOT_ALLOWED', 415],
      [await testImage(300, 500), 'IMAGE_TOO_SMALL', 400],
      [Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'IMAGE_TOO_LARGE', 413],
      [(await testImage(500, 500, 'jpeg')).subarray(0, 400), 'IMAGE_UNREADABLE', 400],
    ];
    for (const [file, code, status] of cases) {
      const res = await uploadGarment(owner, file);
      expect(failed(res).errorCodeStr, code).toBe(code);
      expect(res.status).toBe(status);
    }
    const small = failed(await uploadModel(owner, await testImage(700, 900)));
    expect(small.errorCodeStr).toBe('IMAGE_TOO_SMALL');
    expect(small.errorMessage).toContain('768');
    // The UIs name the minimum in their own language from these values.
    expect(small.details).toEqual({ width: 700, height: 900, minWidth: 768, minHeight: 768 });
    const after = await t.runtime.db.db.selectFrom('catalog_items').select('id').execute();
    expect(after.length).toBe(before.length);
    expect(await t.runtime.db.db.selectFrom('media_intents').selectAll().execute()).toEqual([]);
    const json = await call(t.app, {
      method: 'POST',
      url: '/v1/garment/add',
      payload: { name: 'x' },
      headers: withKey(owner),
    });
    expect(json.body.errorCodeStr).toBe('IMAGE_REQUIRED');
  });

  it('re-encodes uploads, dropping EXIF and GPS data', async () => {
    const withGps = await sharp(await testImage(500, 500, 'jpeg'))
      .withExif({
        IFD0: { Copyright: 'someone', Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 13/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const item = ok(await uploadGarment(owner, withGps), 201);
    const full = await t.app.inject({ method: 'GET', url: item.image });
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('adds by image URL, and returns the same garment for the same product (sku, page url, image URL)', async () => {
    const addUrl = (query: { sku?: string; description?: string; url?: string }) =>
      by(owner).call(routes.garments.addUrl, { query: { garment_url: host.url('/shirt.png'), ...query } });
    const first = ok(await addUrl({ sku: 'SKU-1', description: 'From the product page' }), 201);
    expect(first).toMatchObject({ sku: 'SKU-1', width: 600, height: 600 });
    const again = await addUrl({ sku: 'SKU-1' });
    expect(again.status).toBe(200);
    expect(again.data?.guid).toBe(first.guid);

    const byPage = () => addUrl({ url: 'https://shop.example/p/7' });
    const concurrent = await Promise.all([byPage(), byPage(), byPage(), byPage()]);
    expect(new Set(concurrent.map((r) => r.data?.guid)).size).toBe(1);
    expect(concurrent.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it('answers the URL import refusals with their codes', async () => {
    const add = (garment_url?: string) => by(owner).call(routes.garments.addUrl, { query: { garment_url } });
    expect(failed(await add(host.url('/missing.png'))).errorCodeStr).toBe('URL_FETCH_FAILED');
    expect(failed(await add('file:///etc/passwd')).errorCodeStr).toBe('URL_NOT_ALLOWED');
    expect(failed(await add()).errorCodeStr).toBe('IMAGE_REQUIRED');
    const strict = await createTestApp();
    try {
      const key = await signIn(strict, 'strict@example.com');
      const res = await api(strict, { apiKey: key }).call(routes.garments.addUrl, {
        query: { garment_url: host.url('/shirt.png') },
      });
      expect(failed(res).errorCodeStr).toBe('URL_NOT_ALLOWED');
    } finally {
      await strict.close();
    }
  });

  it('lets product pages get-or-create with a public key, within the daily garment limit', async () => {
    const suid = ok(await by(owner).call(routes.user.profile, {})).suid;
    await t.runtime.services.shops.updateField(
      { shopSuid: suid, userUid: '', isAdmin: true },
      suid,
      'limit_garment_daily',
      2,
    );
    const add = (sku: string) =>
      shopper().call(routes.garments.addUrl, { query: { garment_url: host.url('/shirt.png'), sku } });
    expect((await add('P-1')).status).toBe(201);
    expect((await add('P-2')).status).toBe(201);
    expect((await add('P-1')).status).toBe(200);
    const over = await add('P-3');
    expect(over).toMatchObject({ status: 429, error: { data: { errorCodeStr: 'DAILY_LIMIT_REACHED' } } });
    t.clock.advance(86_400_000);
    expect((await add('P-3')).status).toBe(201);
    const upload403 = await uploadGarment(publicKey, garmentPng);
    expect(upload403.status).toBe(403);
  });

  it('gets by id or public code, updates description and url, and removes with its files', async () => {
    const item = ok(await uploadGarment(owner, garmentPng, { description: 'Old' }), 201);
    expect((await by(owner).call(routes.garments.get, { params: { guid: item.guid } })).data?.g).toBe(item.g);
    expect((await shopper().call(routes.garments.get, { params: { guid: item.g } })).data?.guid).toBe(
      item.guid,
    );
    const updated = await call(t.app, {
      method: 'POST',
      url: `/v1/garment/update/${item.guid}`,
      payload: { description: 'New text', url: 'https://shop.example/new' },
      headers: withKey(owner),
    });
    expect(updated.body).toMatchObject({ description: 'New text', url: 'https://shop.example/new' });
    const badUrl = await by(owner).call(routes.garments.update, {
      params: { guid: item.guid },
      query: { url: 'javascript:alert(1)' },
    });
    expect(badUrl.status).toBe(400);

    const row = await t.runtime.services.catalogRepository.findAnyShop('garment', item.guid);
    await t.app.inject({ method: 'GET', url: `${item.image}&width=64` });
    const prefix = `shops/${row?.shop_suid}/garments/${item.guid}/`;
    expect(await t.runtime.services.storage.has(row?.image_key ?? '')).toBe(true);
    const removed = await by(owner).call(routes.garments.remove, { params: { guid: item.guid } });
    expect(removed.data).toEqual({ ok: true });
    expect(await t.runtime.services.storage.has(row?.image_key ?? '')).toBe(false);
    expect(
      await t.runtime.services.storage.has(
        `${prefix}w64-${new URL(`http://x${item.image}`).searchParams.get('v')}.webp`,
      ),
    ).toBe(false);
    expect((await by(owner).call(routes.garments.get, { params: { guid: item.guid } })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: item.image })).statusCode).toBe(404);
  });

  it.each(['garment', 'model'] as const)('keeps every %s route inside its shop', async (kind) => {
    // Another shop's public key, from its own allowed site, as a shopper of that shop.
    const otherPublic =
      ok(await by(other).call(routes.keys.account, {})).activeApiKeys.public[0]?.apiKey ?? '';
    const otherShopper = api(t, {
      apiKey: otherPublic,
      clientUuid: 'shopper-9999',
      headers: { origin: 'https://other.example' },
    });
    const foreign = by(other);
    let id: string;
    let attempts: [string, () => Promise<Answer<unknown>>][];
    let theirs: (() => Promise<Answer<unknown>>)[];
    let mine: () => Promise<Answer<unknown>>;
    if (kind === 'garment') {
      const item = ok(await uploadGarment(owner, garmentPng, { description: 'Mine' }), 201);
      const guid = item.guid;
      id = guid;
      attempts = [
        ['get id', () => foreign.call(routes.garments.get, { params: { guid } })],
        ['get code', () => foreign.call(routes.garments.get, { params: { guid: item.g } })],
        ['shopper get', () => otherShopper.call(routes.garments.get, { params: { guid } })],
        ['like', () => otherShopper.call(routes.garments.like, { params: { guid } })],
        ['unlike', () => otherShopper.call(routes.garments.unlike, { params: { guid: item.g } })],
        [
          'update',
          () => foreign.call(routes.garments.update, { params: { guid }, query: { description: 'pwned' } }),
        ],
        ['remove', () => foreign.call(routes.garments.remove, { params: { guid } })],
      ];
      theirs = [foreign, otherShopper].map(
        (client) => () => client.call(routes.garments.list, { query: { limit: 100, filter: 'pop' } }),
      );
      mine = () => by(owner).call(routes.garments.get, { params: { guid } });
    } else {
      const item = ok(await uploadModel(owner, await testImage(800, 800), { description: 'Mine' }), 201);
      const muid = item.muid;
      id = muid;
      attempts = [
        ['get id', () => foreign.call(routes.models.get, { params: { muid } })],
        ['get code', () => foreign.call(routes.models.get, { params: { muid: item.m } })],
        ['shopper get', () => otherShopper.call(routes.models.get, { params: { muid } })],
        ['like', () => otherShopper.call(routes.models.like, { params: { muid } })],
        ['unlike', () => otherShopper.call(routes.models.unlike, { params: { muid: item.m } })],
        [
          'update',
          () => foreign.call(routes.models.update, { params: { muid }, query: { description: 'pwned' } }),
        ],
        ['remove', () => foreign.call(routes.models.remove, { params: { muid } })],
      ];
      theirs = [foreign, otherShopper].map(
        (client) => () => client.call(routes.models.list, { query: { limit: 100, filter: 'pop' } }),
      );
      mine = () => by(owner).call(routes.models.get, { params: { muid } });
    }
    for (const [name, send] of attempts) {
      const res = await send();
      expect(res.status, name).toBe(404);
      expect(failed(res).errorCodeStr).toBe('NOT_FOUND');
    }
    const image404 = await call(t.app, {
      method: 'GET',
      url: `/v1/${kind}/image/${id}`,
      headers: withKey(other),
    });
    expect(image404.status).toBe(404);
    for (const list of theirs) {
      const res = await list();
      expect(JSON.stringify(res.data ?? res.error)).not.toContain(id);
    }
    expect((await mine()).data).toMatchObject({ description: 'Mine', stats: { likes: 0 } });
  });

  it('models: the same calls with muid, m and model_image_url', async () => {
    const res = ok(
      await uploadModel(owner, await testImage(800, 1000), { description: 'Studio model' }),
      201,
    );
    expect(res.muid).toMatch(/^mod_/);
    expect(res.m).toMatch(/^[a-z2-9]{8}$/);
    const addUrl = (query: { model_image_url?: string; model_url?: string }) =>
      by(owner).call(routes.models.addUrl, { query: { ...query, url: 'https://shop.example/model' } });
    const byUrl = ok(await addUrl({ model_image_url: host.url('/model.png') }), 201);
    const alias = await addUrl({ model_url: host.url('/model.png') });
    expect(alias.data?.muid).toBe(byUrl.muid);
    const models = ok(await by(owner).call(routes.models.list, { query: { limit: 50 } }));
    expect(models.items.map((m) => m.muid)).toEqual(expect.arrayContaining([res.muid, byUrl.muid]));
    const garments = ok(await by(owner).call(routes.garments.list, { query: { limit: 100 } }));
    expect(garments.items.map((g) => g.guid)).not.toContain(res.muid);
    const upd = await by(owner).call(routes.models.update, {
      params: { muid: byUrl.m },
      query: { description: 'Edited' },
    });
    expect(upd.data?.description).toBe('Edited');
    const modelImage = await t.app.inject({ method: 'GET', url: `${res.image}&width=384&height=384` });
    expect(modelImage.statusCode).toBe(200);
    expect((await by(owner).call(routes.models.remove, { params: { muid: res.muid } })).data).toEqual({
      ok: true,
    });
    expect((await by(other).call(routes.models.remove, { params: { muid: byUrl.muid } })).status).toBe(404);
  });
});
