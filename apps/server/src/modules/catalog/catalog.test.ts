import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Json, signIn, type TestApp, withKey } from '../../../test/harness.ts';
import { multipart, svgImage, testImage } from '../../../test/images.ts';
import { type LocalS3, startLocalS3 } from '../../../test/s3.ts';

type Item = Json & { guid: string; g: string; image: string; stats: { likes: number; tryons: number } };

/** A local web server the URL imports fetch from (allowed by URL_IMPORT_ALLOW_PRIVATE=1 in these tests). */
async function startImageHost(images: Record<string, Buffer>) {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    const body = images[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: (p: string) => `${base}${p}`, hits: () => hits, close: () => server.close() };
}

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
    const account = await call(t.app, { method: 'GET', url: '/v1/user/account', headers: withKey(owner) });
    publicKey = (account.body.activeApiKeys as { public: { apiKey: string }[] }).public[0]?.apiKey ?? '';
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

  const upload = async (
    key: string,
    file: Buffer | null,
    fields: Record<string, string> = {},
    kind = 'garment',
  ) => {
    const body = multipart(file ? { bytes: file } : null, fields);
    return call(t.app, {
      method: 'POST',
      url: `/v1/${kind}/add`,
      payload: body.payload,
      headers: withKey(key, body.headers),
    });
  };
  const shopper = (client = 'shopper-0001') =>
    withKey(publicKey, { clientuuid: client, origin: 'https://shop.example' });
  const list = async (key: string | Record<string, string>, query: string, kind = 'garment') => {
    const headers = typeof key === 'string' ? withKey(key) : key;
    const res = await call(t.app, { method: 'GET', url: `/v1/${kind}/list?${query}`, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: Item[]; nextOffset: number | null };
  };

  it('adds a garment by upload with its fields, a public code and a signed image', async () => {
    const res = await upload(owner, garmentPng, {
      name: 'Red Shirt',
      description: 'Cotton, slim fit',
      url: 'https://shop.example/red-shirt',
      category: 'T-Shirt',
      price: '29.99',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
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
    expect(res.body.guid).toMatch(/^gar_/);
    expect(res.body.g).toMatch(/^[a-z2-9]{8}$/);

    const image = await t.app.inject({ method: 'GET', url: res.body.image as string });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 500]);
  });

  it('serves the sizes the UIs use, each made once, with ETag and 304', async () => {
    const item = (await upload(owner, garmentPng, { name: 'Sizes' })).body as Item;
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
  });

  it('guards images: a signed link, or a key of the same shop; a bad signature or missing item is 404/401', async () => {
    const item = (await upload(owner, garmentPng)).body as Item;
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
      const res = await upload(owner, file);
      expect(res.body.errorCodeStr, code).toBe(code);
      expect(res.status).toBe(status);
    }
    const small = await upload(owner, await testImage(700, 900), {}, 'model');
    expect(small.body.errorCodeStr).toBe('IMAGE_TOO_SMALL');
    expect(small.body.errorMessage).toContain('768');
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
    const item = (await upload(owner, withGps)).body as Item;
    const full = await t.app.inject({ method: 'GET', url: item.image });
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('adds by image URL, and returns the same garment for the same product (sku, page url, image URL)', async () => {
    const first = await call(t.app, {
      method: 'POST',
      url: '/v1/garment/add/url',
      query: { garment_url: host.url('/shirt.png'), sku: 'SKU-1', description: 'From the product page' },
      headers: withKey(owner),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ sku: 'SKU-1', width: 600, height: 600 });
    const again = await call(t.app, {
      method: 'POST',
      url: '/v1/garment/add/url',
      query: { garment_url: host.url('/shirt.png'), sku: 'SKU-1' },
      headers: withKey(owner),
    });
    expect(again.status).toBe(200);
    expect(again.body.guid).toBe(first.body.guid);

    const byPage = () =>
      call(t.app, {
        method: 'POST',
        url: '/v1/garment/add/url',
        query: { garment_url: host.url('/shirt.png'), url: 'https://shop.example/p/7' },
        headers: withKey(owner),
      });
    const concurrent = await Promise.all([byPage(), byPage(), byPage(), byPage()]);
    expect(new Set(concurrent.map((r) => r.body.guid)).size).toBe(1);
    expect(concurrent.filter((r) => r.status === 201)).toHaveLength(1);
  });

  it('answers the URL import refusals with their codes', async () => {
    const add = (garment_url: string) =>
      call(t.app, {
        method: 'POST',
        url: '/v1/garment/add/url',
        query: { garment_url },
        headers: withKey(owner),
      });
    expect((await add(host.url('/missing.png'))).body.errorCodeStr).toBe('URL_FETCH_FAILED');
    expect((await add('file:///etc/passwd')).body.errorCodeStr).toBe('URL_NOT_ALLOWED');
    const noUrl = await call(t.app, { method: 'POST', url: '/v1/garment/add/url', headers: withKey(owner) });
    expect(noUrl.body.errorCodeStr).toBe('IMAGE_REQUIRED');
    const strict = await createTestApp();
    try {
      const key = await signIn(strict, 'strict@example.com');
      const res = await call(strict.app, {
        method: 'POST',
        url: '/v1/garment/add/url',
        query: { garment_url: host.url('/shirt.png') },
        headers: withKey(key),
      });
      expect(res.body.errorCodeStr).toBe('URL_NOT_ALLOWED');
    } finally {
      await strict.close();
    }
  });

  it('lets product pages get-or-create with a public key, within the daily garment limit', async () => {
    const suid = (await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(owner) })).body
      .suid as string;
    await t.runtime.services.shops.updateField(
      { shopSuid: suid, userUid: '', isAdmin: true },
      suid,
      'limit_garment_daily',
      2,
    );
    const add = (sku: string) =>
      call(t.app, {
        method: 'POST',
        url: '/v1/garment/add/url',
        query: { garment_url: host.url('/shirt.png'), sku },
        headers: shopper(),
      });
    expect((await add('P-1')).status).toBe(201);
    expect((await add('P-2')).status).toBe(201);
    expect((await add('P-1')).status).toBe(200);
    const over = await add('P-3');
    expect(over).toMatchObject({ status: 429, body: { errorCodeStr: 'DAILY_LIMIT_REACHED' } });
    t.clock.advance(86_400_000);
    expect((await add('P-3')).status).toBe(201);
    const upload403 = await upload(publicKey, garmentPng);
    expect(upload403.status).toBe(403);
  });

  it('gets by id or public code, updates description and url, and removes with its files', async () => {
    const item = (await upload(owner, garmentPng, { description: 'Old' })).body as Item;
    expect(
      (await call(t.app, { method: 'GET', url: `/v1/garment/${item.guid}`, headers: withKey(owner) })).body.g,
    ).toBe(item.g);
    expect(
      (await call(t.app, { method: 'GET', url: `/v1/garment/${item.g}`, headers: shopper() })).body.guid,
    ).toBe(item.guid);
    const updated = await call(t.app, {
      method: 'POST',
      url: `/v1/garment/update/${item.guid}`,
      payload: { description: 'New text', url: 'https://shop.example/new' },
      headers: withKey(owner),
    });
    expect(updated.body).toMatchObject({ description: 'New text', url: 'https://shop.example/new' });
    const badUrl = await call(t.app, {
      method: 'POST',
      url: `/v1/garment/update/${item.guid}?url=javascript:alert(1)`,
      headers: withKey(owner),
    });
    expect(badUrl.status).toBe(400);

    const row = await t.runtime.services.catalogRepository.findAnyShop('garment', item.guid);
    await t.app.inject({ method: 'GET', url: `${item.image}&width=64` });
    const prefix = `shops/${row?.shop_suid}/garments/${item.guid}/`;
    expect(await t.runtime.services.storage.has(row?.image_key ?? '')).toBe(true);
    const removed = await call(t.app, {
      method: 'POST',
      url: `/v1/garment/remove/${item.guid}`,
      headers: withKey(owner),
    });
    expect(removed.body).toEqual({ ok: true });
    expect(await t.runtime.services.storage.has(row?.image_key ?? '')).toBe(false);
    expect(
      await t.runtime.services.storage.has(
        `${prefix}w64-${new URL(`http://x${item.image}`).searchParams.get('v')}.webp`,
      ),
    ).toBe(false);
    expect(
      (await call(t.app, { method: 'GET', url: `/v1/garment/${item.guid}`, headers: withKey(owner) })).status,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: item.image })).statusCode).toBe(404);
  });

  it.each(['garment', 'model'])('keeps every %s route inside its shop', async (kind) => {
    const image = kind === 'garment' ? garmentPng : await testImage(800, 800);
    const item = (await upload(owner, image, { description: 'Mine' }, kind)).body as Item;
    const id = (kind === 'garment' ? item.guid : item.muid) as string;
    const code = (kind === 'garment' ? item.g : item.m) as string;
    // Another shop's public key, from its own allowed site, as a shopper of that shop.
    const account = await call(t.app, { method: 'GET', url: '/v1/user/account', headers: withKey(other) });
    const otherPublic =
      (account.body.activeApiKeys as { public: { apiKey: string }[] }).public[0]?.apiKey ?? '';
    const otherShopper = withKey(otherPublic, {
      clientuuid: 'shopper-9999',
      origin: 'https://other.example',
    });
    const attempts = [
      { method: 'GET' as const, url: `/v1/${kind}/${id}`, headers: withKey(other) },
      { method: 'GET' as const, url: `/v1/${kind}/${code}`, headers: withKey(other) },
      { method: 'GET' as const, url: `/v1/${kind}/${id}`, headers: otherShopper },
      { method: 'POST' as const, url: `/v1/${kind}/like/${id}`, headers: otherShopper },
      { method: 'POST' as const, url: `/v1/${kind}/unlike/${code}`, headers: otherShopper },
      { method: 'POST' as const, url: `/v1/${kind}/update/${id}?description=pwned`, headers: withKey(other) },
      { method: 'POST' as const, url: `/v1/${kind}/remove/${id}`, headers: withKey(other) },
    ];
    for (const a of attempts) {
      const res = await call(t.app, a);
      expect(res.status, a.url).toBe(404);
      expect(res.body.errorCodeStr).toBe('NOT_FOUND');
    }
    const image404 = await call(t.app, {
      method: 'GET',
      url: `/v1/${kind}/image/${id}`,
      headers: withKey(other),
    });
    expect(image404.status).toBe(404);
    for (const headers of [withKey(other), otherShopper]) {
      const theirs = await call(t.app, {
        method: 'GET',
        url: `/v1/${kind}/list?limit=100&filter=pop`,
        headers,
      });
      expect(JSON.stringify(theirs.body)).not.toContain(id);
    }
    const mine = await call(t.app, { method: 'GET', url: `/v1/${kind}/${id}`, headers: withKey(owner) });
    expect(mine.body).toMatchObject({ description: 'Mine', stats: { likes: 0 } });
  });

  it('models: the same calls with muid, m and model_image_url', async () => {
    const res = await upload(owner, await testImage(800, 1000), { description: 'Studio model' }, 'model');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.muid).toMatch(/^mod_/);
    expect(res.body.m).toMatch(/^[a-z2-9]{8}$/);
    const byUrl = await call(t.app, {
      method: 'POST',
      url: '/v1/model/add/url',
      query: { model_image_url: host.url('/model.png'), url: 'https://shop.example/model' },
      headers: withKey(owner),
    });
    expect(byUrl.status).toBe(201);
    const alias = await call(t.app, {
      method: 'POST',
      url: '/v1/model/add/url',
      query: { model_url: host.url('/model.png'), url: 'https://shop.example/model' },
      headers: withKey(owner),
    });
    expect(alias.body.muid).toBe(byUrl.body.muid);
    const models = await list(owner, 'limit=50', 'model');
    expect(models.items.map((m) => m.muid)).toEqual(expect.arrayContaining([res.body.muid, byUrl.body.muid]));
    expect((await list(owner, 'limit=100')).items.map((g) => g.guid)).not.toContain(res.body.muid);
    const upd = await call(t.app, {
      method: 'POST',
      url: `/v1/model/update/${byUrl.body.m}?description=Edited`,
      headers: withKey(owner),
    });
    expect(upd.body.description).toBe('Edited');
    const modelImage = await t.app.inject({ method: 'GET', url: `${res.body.image}&width=384&height=384` });
    expect(modelImage.statusCode).toBe(200);
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `/v1/model/remove/${res.body.muid}`,
          headers: withKey(owner),
        })
      ).body,
    ).toEqual({ ok: true });
    expect(
      (
        await call(t.app, {
          method: 'POST',
          url: `/v1/model/remove/${byUrl.body.muid}`,
          headers: withKey(other),
        })
      ).status,
    ).toBe(404);
  });
});
