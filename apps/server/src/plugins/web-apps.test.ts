import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { installErrorHandling } from './errors.ts';
import { registerWebApps } from './web-apps.ts';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

async function serverWith(dir: string, config: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  app.get('/v1/thing', async () => ({ ok: true }));
  app.get('/healthz', async () => ({ ok: true }));
  await registerWebApps(app, { PUBLIC_URL: 'http://localhost:8080', ...config }, [
    { name: 'dashboard', prefix: '/', dir },
  ]);
  await app.ready();
  return app;
}

describe('web apps', () => {
  let dir: string;
  let app: FastifyInstance | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'web-apps-'));
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  function build(): void {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dir, 'assets', 'app-Ab12Cd.js'), SCRIPT);
    writeFileSync(path.join(dir, 'assets', 'app-Ab12Cd.js.gz'), gzipSync(SCRIPT));
  }
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('serves index.html at / and for any app path that asks for HTML, never cached', async () => {
    build();
    app = await serverWith(dir);
    for (const url of ['/', '/garments', '/keys?x=1', '/some/deep/path']) {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves hashed assets with long cache headers, pre-compressed when the browser accepts it', async () => {
    build();
    app = await serverWith(dir);
    const plain = await app.inject({ url: '/assets/app-Ab12Cd.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toContain('javascript');
    expect(plain.body).toBe(SCRIPT);
    const gzipped = await app.inject({
      url: '/assets/app-Ab12Cd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
  });

  it('never shadows the API, the docs, the health check or the shopper pages', async () => {
    build();
    app = await serverWith(dir);
    expect((await app.inject({ url: '/v1/thing', headers: html })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/healthz', headers: html })).json()).toEqual({ ok: true });
    for (const url of ['/v1/nope', '/v1', '/docs/nope', '/w/tryon?g=1']) {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errorCodeStr, url).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('answers 404 for a missing file that is not a page request', async () => {
    build();
    app = await serverWith(dir);
    const res = await app.inject({ url: '/assets/missing-123.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ url: '/index.html.gz' })).statusCode).toBe(404);
  });

  it('answers the page at the root whatever the client accepts (curl sends */*)', async () => {
    build();
    app = await serverWith(dir);
    const res = await app.inject({ url: '/', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('allows Google sign-in in the page policy only when it is configured', async () => {
    build();
    app = await serverWith(dir, { GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' });
    const res = await app.inject({ url: '/login', headers: html });
    expect(res.headers['content-security-policy']).toContain('https://accounts.google.com/gsi/client');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('starts without a build and says at / that the dashboard is not built', async () => {
    app = await serverWith(path.join(dir, 'missing'));
    const res = await app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('dashboard is not built');
    expect((await app.inject({ url: '/v1/thing' })).json()).toEqual({ ok: true });
  });
});
