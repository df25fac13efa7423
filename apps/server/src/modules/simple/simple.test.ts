import { routes } from '@tryon/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../test/api.ts';
import { createTestApp, type TestApp, withKey } from '../../../test/harness.ts';
import { testImage } from '../../../test/images.ts';
import { files } from '../../../test/multipart.ts';
import { createShop, type ShopFixture } from '../../../test/shop-fixture.ts';

describe('simple try-on and look endpoints', () => {
  let t: TestApp;
  let shop: ShopFixture;
  let person: Buffer;
  let garment: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t, 'simple@example.com');
    person = await testImage(768, 1024, 'jpeg', '#a86');
    garment = await testImage(500, 600, 'png', '#25c');
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (url: string, parts: Record<string, Buffer>, headers: Record<string, string>) => {
    const body = files(parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };

  it('answers the try-on as a JPEG of the person photo’s size, charged once', async () => {
    const before = await shop.balance();
    const res = await send(
      '/v1/tryon/simple',
      { person_file: person, garment_file: garment },
      withKey(shop.owner),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 768, 1024]);
    expect(await shop.balance()).toBe(before - 1);
    const id = String(res.headers['x-render-id']);
    const row = await shop.ownerApi.call(routes.tryOns.get, { params: { tuid: id }, query: {} });
    expect(row.data).toMatchObject({ status: 'done', guid: null, muid: null });
  });

  it('answers JSON with the image link when asked for JSON; a simple look works the same way', async () => {
    // The client asks for JSON (accept: application/json) and sends the multipart body as is.
    const body = files({ face_file: person, model_file: await testImage(800, 1000, 'jpeg', '#3a7') });
    const look = ok(
      await shop.ownerApi.call(
        routes.simple.look,
        {},
        { body: new Uint8Array(body.payload), headers: body.headers },
      ),
    );
    expect(look.status).toBe('done');
    expect((await t.app.inject({ method: 'GET', url: look.image ?? '' })).statusCode).toBe(200);
  });

  it('a photo without a person answers NO_PERSON and gives the try-on back', async () => {
    const before = await shop.balance();
    const flat = await sharp({ create: { width: 768, height: 1024, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const res = await send(
      '/v1/tryon/simple',
      { person_file: flat, garment_file: garment },
      withKey(shop.owner),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errorCodeStr: 'NO_PERSON' });
    expect(await shop.balance()).toBe(before);
  });

  it('needs both files, images, and a private key', async () => {
    const missing = await send('/v1/tryon/simple', { person_file: person }, withKey(shop.owner));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errorCodeStr: 'IMAGE_REQUIRED' });
    expect(missing.json().errorMessage).toContain('garment_file');
    const text = await send(
      '/v1/tryon/simple',
      { person_file: Buffer.from('hello there, not an image'), garment_file: garment },
      withKey(shop.owner),
    );
    expect(text.json()).toMatchObject({ errorCodeStr: 'IMAGE_TYPE_NOT_ALLOWED' });
    const publicKey = await send(
      '/v1/tryon/simple',
      { person_file: person, garment_file: garment },
      shop.shopper(),
    );
    expect(publicKey.statusCode).toBe(403);
    expect(publicKey.json()).toMatchObject({ errorCodeStr: 'PRIVATE_KEY_REQUIRED' });
    const noKey = await send('/v1/tryon/simple', { person_file: person, garment_file: garment }, {});
    expect(noKey.statusCode).toBe(401);
  });
});
