import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PHOTO_CONSENT_VERSION, routes } from '@tryon/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, upload } from '../../test/api.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testImage } from '../../test/images.ts';
import { createShop, type ShopFixture, settled } from '../../test/shop-fixture.ts';
import { SketchEngine } from '../../test/sketch-engine.ts';
import { installErrorHandling } from './errors.ts';
import { registerSharePreview } from './share-preview.ts';
import { registerWebApps } from './web-apps.ts';

const INDEX =
  '<!doctype html><html><head><title>Virtual try-on</title></head><body><div id="root"></div></body></html>';

describe('share links: a page with preview tags for every client', () => {
  let t: TestApp;
  let pages: FastifyInstance;
  let dir: string;
  let shop: ShopFixture;
  let token: string;
  let fuid: string;

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { engine: new SketchEngine() });
    shop = await createShop(t, 'share-owner@example.com');
    ok(await shop.ownerApi.call(routes.shops.update, { query: { name: 'Northwind <Apparel>' } }));
    const garment = ok(
      await shop.ownerApi.call(
        routes.garments.add,
        { query: { name: 'Linen "summer" tee', url: 'https://shop.example/p/1' } },
        upload(await testImage(400, 500, 'png', '#c33')),
      ),
      201,
    );
    const shopper = shop.client('share-shopper');
    fuid = ok(
      await shopper.call(
        routes.faces.add,
        { query: { consent: PHOTO_CONSENT_VERSION } },
        upload(await testImage(600, 800, 'jpeg', '#d9a')),
      ),
      201,
    ).fuid;
    const created = ok(await shopper.call(routes.tryOns.add, { query: { guid: garment.guid, fuid } }), 202);
    await settled(t, created.tuid);
    token = created.t;
    dir = mkdtempSync(path.join(tmpdir(), 'share-pages-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    pages = Fastify({ logger: false });
    installErrorHandling(pages);
    await registerWebApps(pages, t.runtime.config, [{ name: 'shop', prefix: '/w/', dir }], (send) =>
      registerSharePreview(pages, t.runtime, send),
    );
    await pages.ready();
  });
  afterAll(async () => {
    await pages?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const meta = (html: string, property: string) =>
    new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

  it('answers HTML with the shop, the product and the result to a client that does not ask for HTML', async () => {
    for (const accept of [undefined, '*/*', 'application/json']) {
      const res = await pages.inject({
        method: 'GET',
        url: `/w/tryon/view?t=${token}&hideIntro=1`,
        headers: accept ? { accept } : {},
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(meta(res.body, 'og:title')).toBe('Linen &#34;summer&#34; tee · Northwind &#60;Apparel&#62;');
      expect(meta(res.body, 'og:site_name')).toBe('Northwind &#60;Apparel&#62;');
      expect(meta(res.body, 'og:see_also')).toBe('https://shop.example/p/1');
      expect(meta(res.body, 'og:image')).toBe(`http://tryon.test/w/tryon/view/image?t=${token}`);
      expect(meta(res.body, 'twitter:card')).toBe('summary_large_image');
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      expect(res.body).not.toContain('<Apparel>');
      expect(res.body).not.toContain(fuid);
      expect(res.body).not.toContain('part=');
    }
  });

  it("previews the result through a stable address that leads to the result's picture, not the photo", async () => {
    const res = await pages.inject({ method: 'GET', url: `/w/tryon/view/image?t=${token}` });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^http:\/\/tryon\.test\/v1\/tryon\/image\/[^?]+\?v=.*&sig=[^&]+$/);
    const image = await t.app.inject({ method: 'GET', url: location.replace('http://tryon.test', '') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const own =
      ok(await shop.client('share-shopper').call(routes.faces.list, { query: {} })).items[0]?.image ?? '';
    const photo = await t.app.inject({ method: 'GET', url: own });
    expect(image.rawPayload.equals(photo.rawPayload)).toBe(false);
  });

  it('answers 404 with the page (which says the link does not work) for a token that does not work', async () => {
    for (const url of ['/w/tryon/view?t=nope', '/w/tryon/view', `/w/look/view?l=${token}`]) {
      const res = await pages.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<div id="root">');
      expect(meta(res.body, 'og:image')).toBeUndefined();
    }
    expect((await pages.inject({ method: 'GET', url: '/w/tryon/view/image?t=nope' })).statusCode).toBe(404);
  });
});
