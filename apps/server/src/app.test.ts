import { errorCodes, routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, failed, ok } from '../test/api.ts';
import { call, createTestApp, signIn, type TestApp, withKey } from '../test/harness.ts';

describe('server conventions', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://dashboard.partner.com' });
    key = await signIn(t, 'conventions@example.com');
  });
  afterAll(() => t.close());

  it('answers an unknown route with ROUTE_NOT_FOUND in the error shape', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/nope' });
    expect(res.status).toBe(404);
    expect(res.body.errorCodeStr).toBe('ROUTE_NOT_FOUND');
    expect(typeof res.body.errorMessage).toBe('string');
  });

  it('never answers bad input with a 500', async () => {
    const bad = [
      {
        method: 'POST' as const,
        url: '/v1/user/mail/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      },
      {
        method: 'POST' as const,
        url: '/v1/user/mail/register',
        headers: { 'content-type': 'application/json' },
        payload: '',
      },
      {
        method: 'POST' as const,
        url: '/v1/user/mail/register',
        headers: { 'content-type': 'text/xml' },
        payload: '<a/>',
      },
      { method: 'POST' as const, url: '/v1/user/mail/register', payload: { email: ['a@b.com', 'c@d.com'] } },
      { method: 'POST' as const, url: '/v1/user/mail/register', payload: { email: 42 } },
      {
        method: 'POST' as const,
        url: '/v1/user/mail/register',
        headers: { 'content-type': 'application/json' },
        payload: 'x'.repeat(2 * 1024 * 1024),
      },
      { method: 'POST' as const, url: '/v1/user/mail/signin?email=a@b.com&code[]=1' },
      { method: 'GET' as const, url: '/v1/user/stats?days=1e400', headers: withKey(key) },
      { method: 'GET' as const, url: '/v1/shop/list?offset=-1', headers: withKey(key) },
      { method: 'POST' as const, url: '/v1/shop/update?limit_tryon_daily=1e99', headers: withKey(key) },
      { method: 'GET' as const, url: `/v1/user/${'a'.repeat(5000)}` },
    ];
    for (const req of bad) {
      const res = await call(t.app, req);
      expect(res.status, `${req.url} ${String(req.payload ?? '').slice(0, 20)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(errorCodes).toContain(res.body.errorCodeStr);
    }
  });

  it('maps malformed JSON, wrong media types and oversized bodies to their codes', async () => {
    const json = await call(t.app, {
      method: 'POST',
      url: '/v1/user/mail/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(json).toMatchObject({ status: 400, body: { errorCodeStr: 'INVALID_JSON' } });
    const xml = await call(t.app, {
      method: 'POST',
      url: '/v1/user/mail/register',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml).toMatchObject({ status: 415, body: { errorCodeStr: 'UNSUPPORTED_MEDIA_TYPE' } });
    const big = await call(t.app, {
      method: 'POST',
      url: '/v1/user/mail/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big).toMatchObject({ status: 413, body: { errorCodeStr: 'PAYLOAD_TOO_LARGE' } });
  });

  it('describes validation failures by field', async () => {
    const res = failed(await api(t, { apiKey: key }).call(routes.stats.get, { query: { days: 0 } }));
    expect(res.errorCodeStr).toBe('VALIDATION_ERROR');
    expect(res.errorMessage).toMatch(/days/);
  });

  it('publishes OpenAPI 3.1 built from the contract, with every route and the error shape', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/openapi.json' });
    expect(res.body.openapi).toBe('3.1.0');
    const paths = Object.keys(res.body.paths as object);
    for (const p of [
      '/v1/user/mail/register',
      '/v1/user/mail/signin',
      '/v1/user/token/signin',
      '/v1/user',
      '/v1/user/key/add',
      '/v1/user/key/update',
      '/v1/user/key/delete',
      '/v1/user/stats',
      '/v1/shop/list',
      '/v1/shop/add',
      '/v1/shop/update',
      '/v1/user/billing',
    ]) {
      expect(paths).toContain(p);
    }
    const schemas = (res.body.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['Error', 'Profile', 'KeyEntry', 'Shop', 'Stats']),
    );
    const stats = (res.body.paths as Record<string, { get: { parameters: { name: string }[] } }>)[
      '/v1/user/stats'
    ];
    expect(stats?.get.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['days']));
    // "Try it out" calls the address the docs were opened at, which need not be PUBLIC_URL.
    expect((res.body.servers as { url: string }[]).map((s) => s.url)).toEqual(['/', 'http://tryon.test']);
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/public/config' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('echoes only allowed origins in CORS', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/v1/user',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'tokenapi',
        },
      });
    const own = await preflight('http://tryon.test');
    expect(own.headers['access-control-allow-origin']).toBe('http://tryon.test');
    expect(String(own.headers['access-control-allow-headers'])).toContain('tokenapi');
    const simple = await t.app.inject({
      method: 'GET',
      url: '/v1/public/config',
      headers: { origin: 'http://tryon.test' },
    });
    expect(String(simple.headers['access-control-expose-headers'])).toContain('retry-after');
    const partner = await preflight('https://dashboard.partner.com');
    expect(partner.headers['access-control-allow-origin']).toBe('https://dashboard.partner.com');

    // Every new shop has a public key allowing "*": restrict them all, then only listed domains pass.
    const owner = api(t, { apiKey: key });
    const pub = ok(await owner.call(routes.keys.account, {})).activeApiKeys.public[0]?.apiKey ?? '';
    await owner.call(routes.keys.update, { query: { key: pub, allowed_domains: 'shop.example' } });
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight('https://shop.example')).headers['access-control-allow-origin']).toBe(
      'https://shop.example',
    );
  });
});
