import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import helmet from '@fastify/helmet';
import { routes } from '@tryon/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, ok } from '../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../test/harness.ts';
import { installErrorHandling } from './errors.ts';
import { frameAncestors, registerShopPageGuard } from './shop-page-guard.ts';
import { registerWebApps } from './web-apps.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

describe('shop page guard', () => {
  let t: TestApp;
  let pages: FastifyInstance;
  let dir: string;
  let owner: Api;
  let key: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = api(t, { apiKey: await signIn(t, 'guard-owner@example.com') });
    key = ok(await owner.call(routes.keys.account, {})).activeApiKeys.public[0]?.apiKey ?? '';
    await setDomains('shop.example, *.brand.example');
    // The shopper pages as the server serves them (helmet, the guard, the built app at /w/), on the test
    // app's database and keys.
    dir = mkdtempSync(path.join(tmpdir(), 'guard-pages-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    pages = Fastify({ logger: false });
    installErrorHandling(pages);
    await pages.register(helmet);
    registerShopPageGuard(pages, t.runtime);
    await registerWebApps(pages, t.runtime.config, [{ name: 'shop', prefix: '/w/', dir }]);
    await pages.ready();
  });
  afterAll(async () => {
    await pages?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function setDomains(domains: string): Promise<void> {
    const res = await owner.call(routes.keys.update, { query: { key, allowed_domains: domains } });
    expect(res.status).toBe(200);
  }
  const open = (url: string, headers: Record<string, string> = {}) =>
    pages.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const framedBy = (referer: string) => ({ 'sec-fetch-dest': 'iframe', referer });

  it('lets the key allowed domains frame a page opened with it, and nobody else', async () => {
    const res = await open(`/w/tryon?g=ABC&hideIntro=1&key=${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(
      "frame-ancestors 'self' http://shop.example:* https://shop.example:* http://*.brand.example:* https://*.brand.example:*",
    );
    expect(csp.match(/frame-ancestors/g)).toHaveLength(1);
    expect(csp).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('keeps frame-ancestors self for pages without a key and for an unknown key', async () => {
    for (const url of [
      '/w/tryon/view?t=abc&hideIntro=1',
      '/w/guide/tryon-widget',
      '/w/look?m=X&key=pk_nope',
    ]) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['content-security-policy'], url).not.toContain('shop.example');
    }
  });

  it('allows any site for *', async () => {
    await setDomains('*');
    const res = await open(`/w/look?m=M1&key=${key}`, framedBy('https://anywhere.example/p/1'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    await setDomains('shop.example, *.brand.example');
  });

  it('serves frames of allowed sites, subdomains by their wildcard, and of our own pages', async () => {
    for (const referer of [
      'https://shop.example/product/1',
      'http://shop.example:3000/',
      'https://www.brand.example/',
      'http://tryon.test/w/shop/s_1/garments',
    ]) {
      const res = await open(`/w/tryon?g=ABC&key=${key}`, framedBy(referer));
      expect(res.statusCode, referer).toBe(200);
    }
    // Our own page, with the product opened at another address than PUBLIC_URL.
    const here = await open(`/w/tryon?g=ABC&key=${key}`, {
      host: '127.0.0.1:8080',
      ...framedBy('http://127.0.0.1:8080/w/shop/s_1/garments'),
    });
    expect(here.statusCode).toBe(200);
  });

  it("says what to set when the refused frame is on our own host at another address than PUBLIC_URL's", async () => {
    const res = await open(`/w/tryon?g=ABC&key=${key}`, framedBy('http://tryon.test:3000/p'));
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('PUBLIC_URL');
    expect(res.body).toContain('http://tryon.test');
  });

  it('answers a frame of another site with a 403 page that says why and how the shop fixes it', async () => {
    for (const referer of [
      'https://evil.example/',
      'https://brand.example/',
      'https://shop.example.evil.io/',
      // Another port or scheme of our own host is another site, as frame-ancestors 'self' sees it.
      'http://tryon.test:3000/',
      'https://tryon.test/',
    ]) {
      const res = await open(`/w/tryon?g=ABC&key=${key}`, framedBy(referer));
      const host = new URL(referer).hostname;
      expect(res.statusCode, referer).toBe(403);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(`This try-on widget is not allowed on ${host}`);
      expect(res.body).toContain('allowed domains');
      // The explanation itself must show inside the refusing site's frame.
      expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("says it in the page's language: lang in the address, then the browser's, then English", async () => {
    const refused = async (lang: string, acceptLanguage: string) => {
      const res = await open(`/w/tryon?g=ABC&key=${key}${lang}`, {
        ...framedBy('https://evil.example/'),
        'accept-language': acceptLanguage,
      });
      expect(res.statusCode).toBe(403);
      return res.body;
    };
    const ru = await refused('', 'ru-RU,ru;q=0.9,en;q=0.8');
    expect(ru).toContain('<html lang="ru">');
    expect(ru).toContain('Виджет примерки не разрешён на evil.example');
    expect(ru).toContain('<b>API-ключи</b>');
    const pl = await refused('&lang=pl', 'ru-RU,ru;q=0.9');
    expect(pl).toContain('<html lang="pl">');
    expect(pl).toContain('Widżet przymierzalni nie jest dozwolony na evil.example');
    expect(await refused('', 'de-DE,fr;q=0.8')).toContain(
      'This try-on widget is not allowed on evil.example',
    );
    // An unknown key, and our own host at another address (the PUBLIC_URL note), in Polish too.
    const badKey = await open('/w/tryon?g=ABC&key=pk_unknown&lang=pl', framedBy('https://shop.example/'));
    expect(badKey.body).toContain('Widżet przymierzalni nie ma ważnego klucza');
    const ownHost = await open(`/w/tryon?g=ABC&key=${key}`, {
      ...framedBy('http://tryon.test:3000/p'),
      'accept-language': 'pl',
    });
    expect(ownHost.body).toContain('jej własny adres to <code>PUBLIC_URL=http://tryon.test</code>');
  });

  it("takes the embed script's embedder= where the page sends no Referer, and only ever to refuse", async () => {
    const framed = (embedder: string, extra = '&embed=1') =>
      open(`/w/tryon?g=ABC&key=${key}${extra}&embedder=${encodeURIComponent(embedder)}`, {
        'sec-fetch-dest': 'iframe',
      });
    const refused = await framed('https://evil.example');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('This try-on widget is not allowed on evil.example');
    // An allowed site, our own origin, or a value that is not an http(s) origin: the page, held by frame-ancestors.
    for (const embedder of [
      'https://www.brand.example',
      'http://tryon.test',
      'javascript:alert(1)',
      'evil',
    ]) {
      const res = await framed(embedder);
      expect(res.statusCode, embedder).toBe(200);
      expect(res.headers['content-security-policy']).toContain('frame-ancestors');
    }
    // Only the embed script's frames (embed=1) name themselves; a Referer, when sent, is what counts.
    expect((await framed('https://evil.example', '')).statusCode).toBe(200);
    const withReferer = await open(`/w/tryon?g=ABC&key=${key}&embed=1&embedder=https://evil.example`, {
      ...framedBy('https://shop.example/p/1'),
    });
    expect(withReferer.statusCode).toBe(200);
  });

  it('refuses a frame with an invalid or inactive key, naming the key as the problem', async () => {
    const invalid = await open('/w/tryon?g=ABC&key=pk_unknown', framedBy('https://shop.example/'));
    expect(invalid.statusCode).toBe(403);
    expect(invalid.body).toContain('no valid key');
    await owner.call(routes.keys.update, { query: { key, active: '0' } });
    const inactive = await open(`/w/tryon?g=ABC&key=${key}`, framedBy('https://shop.example/'));
    expect(inactive.statusCode).toBe(403);
    expect(inactive.body).toContain('no valid key');
    await owner.call(routes.keys.update, { query: { key, active: '1' } });
  });

  it('leaves top-level visits from anywhere alone: share links must open', async () => {
    const res = await open(`/w/tryon?g=ABC&key=${key}`, {
      'sec-fetch-dest': 'document',
      referer: 'https://mail.example/',
    });
    expect(res.statusCode).toBe(200);
  });

  it('escapes the refusing host and runs in the real app too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/w/tryon?g=ABC&key=${key}`,
      headers: { accept: 'text/html', ...framedBy('https://evil.example/') },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('evil.example');
    expect(frameAncestors({ ok: false })).toBe("frame-ancestors 'self'");
  });
});
