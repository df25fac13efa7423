import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PHOTO_CONSENT_VERSION, routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, failed, ok, upload } from '../../../test/api.ts';
import { createTestApp, type TestApp, withKey } from '../../../test/harness.ts';
import { startImageHost } from '../../../test/image-host.ts';
import { testImage } from '../../../test/images.ts';
import { files } from '../../../test/multipart.ts';
import { createShop, type ShopFixture } from '../../../test/shop-fixture.ts';
import { SketchEngine } from '../../../test/sketch-engine.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { startRenderJobs } from '../render-jobs/render-jobs.ts';

/** Every file under the shop's media folder of `kind` (faces, models), by walking the local storage. */
function filesOf(t: TestApp, suid: string, kind: 'faces' | 'models'): string[] {
  const dir = path.join(t.dataDir, 'media', 'shops', suid, kind);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('the person check at upload', () => {
  let t: TestApp;
  let engine: SketchEngine;
  let shop: ShopFixture;
  let photo: Buffer;
  let modelPhoto: Buffer;
  let host: Awaited<ReturnType<typeof startImageHost>>;

  beforeAll(async () => {
    engine = new SketchEngine();
    t = await createTestApp({ PERSON_CHECK_TIMEOUT_SECONDS: '1', URL_IMPORT_ALLOW_PRIVATE: '1' }, undefined, {
      engine,
    });
    shop = await createShop(t, 'person-check@example.com');
    photo = await testImage(600, 800, 'jpeg', '#d9a');
    modelPhoto = await testImage(800, 1000, 'jpeg', '#9ad');
    host = await startImageHost({ '/model.png': await testImage(800, 1000) });
  });
  afterAll(async () => {
    host.close();
    await t.close();
  });

  const addFace = (client: Api) =>
    client.call(routes.faces.add, { query: { consent: PHOTO_CONSENT_VERSION } }, upload(photo));
  const facesOf = async (client: Api) =>
    (await client.call(routes.faces.list, { query: {} })).data?.items ?? [];
  const modelCount = async () =>
    (await shop.ownerApi.call(routes.models.list, { query: {} })).data?.items.length ?? 0;

  it("refuses a shopper's photo with nobody or several people, and keeps no row and no file", async () => {
    const shopper = shop.client('shopper-check-1');
    engine.people.push(0);
    const none = failed(await addFace(shopper), 422);
    expect(none).toMatchObject({ errorCodeStr: 'NO_PERSON' });
    engine.people.push(3);
    expect(failed(await addFace(shopper), 422)).toMatchObject({ errorCodeStr: 'MULTIPLE_PEOPLE' });
    expect(await facesOf(shopper)).toEqual([]);
    expect(filesOf(t, shop.suid, 'faces')).toEqual([]);

    engine.people.push(1);
    const fuid = ok(await addFace(shopper), 201).fuid;
    expect((await facesOf(shopper)).map((f) => f.fuid)).toEqual([fuid]);
    expect(filesOf(t, shop.suid, 'faces').length).toBeGreaterThan(0);
  });

  it('refuses model photos (upload and URL) with nobody or several people; garments are not checked', async () => {
    const before = await modelCount();
    engine.people.push(0);
    const upload0 = await shop.ownerApi.call(routes.models.add, { query: {} }, upload(modelPhoto));
    expect(failed(upload0, 422)).toMatchObject({ errorCodeStr: 'NO_PERSON' });
    engine.people.push(2);
    const byUrl = await shop.ownerApi.call(routes.models.addUrl, {
      query: { model_image_url: host.url('/model.png') },
    });
    expect(failed(byUrl, 422)).toMatchObject({ errorCodeStr: 'MULTIPLE_PEOPLE' });
    expect(await modelCount()).toBe(before);
    const modelFiles = filesOf(t, shop.suid, 'models').length;
    // The one model file on disk is the fixture's own model.
    expect(modelFiles).toBe(1);

    const inspected = engine.inspected;
    ok(await shop.ownerApi.call(routes.garments.add, { query: {} }, upload(modelPhoto)), 201);
    expect(engine.inspected).toBe(inspected);
  });

  it('refuses a simple call before charging it', async () => {
    engine.people.length = 0;
    const before = await shop.balance();
    const body = files({ person_file: photo, garment_file: modelPhoto });
    engine.people.push(2);
    const res = await t.app.inject({
      method: 'POST',
      url: routes.simple.tryOn.path,
      payload: body.payload,
      headers: { ...body.headers, ...withKey(shop.owner) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errorCodeStr: 'MULTIPLE_PEOPLE' });
    expect(await shop.balance()).toBe(before);
    expect(engine.rendered).toBe(0);
  });

  it('accepts the photo unchecked when the engine does not answer in time', async () => {
    const shopper = shop.client('shopper-check-2');
    engine.people.push(0);
    engine.holdInspections();
    const started = Date.now();
    const res = await addFace(shopper);
    engine.release();
    expect(ok(res, 201).fuid).toMatch(/^face/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(5000);
    engine.people.length = 0;
  });
});

describe('PERSON_CHECK', () => {
  it('is on by default, off when set so, and anything else stops the start', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: path.join(tmpdir(), 'tryon-person-check-config') };
    expect(loadConfig(base).PERSON_CHECK).toBe('on');
    expect(loadConfig({ ...base, PERSON_CHECK: 'off' }).PERSON_CHECK).toBe('off');
    expect(() => loadConfig({ ...base, PERSON_CHECK: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PERSON_CHECK: 'maybe' })).toThrow(/PERSON_CHECK/);
  });

  it('off: uploads are not inspected', async () => {
    const engine = new SketchEngine();
    const t = await createTestApp({ PERSON_CHECK: 'off' }, undefined, { engine });
    try {
      const shop = await createShop(t, 'person-check-off@example.com');
      engine.people.push(0);
      const res = await shop
        .client('shopper-off')
        .call(
          routes.faces.add,
          { query: { consent: PHOTO_CONSENT_VERSION } },
          upload(await testImage(600, 800)),
        );
      expect(res.status).toBe(201);
      expect(engine.inspected).toBe(0);
    } finally {
      await t.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log('person check over BullMQ: skipped, TEST_REDIS_URL is not set');

describe.skipIf(!redisUrl)('the person check over BullMQ (API processes without models)', () => {
  let t: TestApp;
  let shop: ShopFixture;

  beforeAll(async () => {
    t = await createTestApp({
      REDIS_URL: redisUrl ?? '',
      REDIS_PREFIX: `t${randomBytes(6).toString('hex')}`,
      PERSON_CHECK_TIMEOUT_SECONDS: '2',
    });
    shop = await createShop(t, 'person-check-bull@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  const addFace = async (client: Api) =>
    client.call(
      routes.faces.add,
      { query: { consent: PHOTO_CONSENT_VERSION } },
      upload(await testImage(600, 800)),
    );

  it('a render worker answers the check; with no worker the photo is accepted after the timeout', async () => {
    const api = t.engine as SketchEngine;
    const alone = await addFace(shop.client('shopper-bull-1'));
    expect(alone.status).toBe(201);
    expect(api.inspected).toBe(0);

    const workerEngine = new SketchEngine();
    const worker = startRenderJobs(t.runtime, workerEngine, 'worker');
    try {
      workerEngine.people.push(2);
      expect(failed(await addFace(shop.client('shopper-bull-2')), 422)).toMatchObject({
        errorCodeStr: 'MULTIPLE_PEOPLE',
      });
      workerEngine.people.push(0);
      expect(failed(await addFace(shop.client('shopper-bull-2')), 422)).toMatchObject({
        errorCodeStr: 'NO_PERSON',
      });
      expect((await addFace(shop.client('shopper-bull-2'))).status).toBe(201);
      expect(workerEngine.inspected).toBe(3);
      expect(api.inspected).toBe(0);
    } finally {
      await worker.close();
    }
  });
});
