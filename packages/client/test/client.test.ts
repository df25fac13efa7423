import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/harness.ts';
import { readCodeFromOutbox } from '../../../apps/server/test/read-code-from-outbox.ts';
import { createClient, errorCodeOf, errorMessageOf } from '../src/index.ts';

/** A tiny server of our own for transport failures the real API never produces. */
async function startOddServer(handler: Parameters<typeof createServer>[1]) {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe('typed client against the real server', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('signs in, reads the profile, manages keys and reads statistics with typed results', async () => {
    const anonymous = createClient({ baseUrl });
    const sent = await anonymous.call(routes.auth.mailRegister, { query: { email: 'client@example.com' } });
    expect(sent.data).toEqual({ ok: true, resendAfterSeconds: 90 });
    const code = readCodeFromOutbox(t.dataDir, 'client@example.com');
    const signin = await anonymous.call(routes.auth.mailSignin, {
      query: { email: 'client@example.com', code },
    });
    const apiKey = signin.data?.apiKey;
    expect(apiKey).toMatch(/^ss_/);

    let current: string | null = apiKey ?? null;
    const client = createClient({ baseUrl, apiKey: () => current });
    const profile = await client.call(routes.user.profile, {});
    expect(profile.data?.mail).toBe('client@example.com');
    expect(profile.data?.tryonBalance).toBe(50);

    const added = await client.call(routes.keys.add, { query: { kind: 'public', allowed_domains: null } });
    expect(added.data?.allowedDomains).toBe('*');
    const updated = await client.call(routes.keys.update, {
      query: { key: added.data?.apiKey ?? '', active: 0 },
    });
    expect(updated.data?.status).toBe(-1);

    const stats = await client.call(routes.stats.get, { query: { days: 7 } });
    expect(stats.data?.tryon).toHaveLength(7);

    current = null;
    const refused = await client.call(routes.user.profile, {});
    expect(refused.error).toEqual({
      status: 401,
      data: {
        errorCodeStr: 'API_KEY_MISSING',
        errorMessage: 'An API key is required in the tokenapi header.',
        requestId: expect.any(String),
      },
    });
    expect(refused.error && errorCodeOf(refused.error)).toBe('API_KEY_MISSING');
  });

  it('sends clientuuid and hostreferer on shopper calls', async () => {
    const anonymous = createClient({ baseUrl });
    await anonymous.call(routes.auth.mailRegister, { query: { email: 'shopper-host@example.com' } });
    const code = readCodeFromOutbox(t.dataDir, 'shopper-host@example.com');
    const session = (
      await anonymous.call(routes.auth.mailSignin, { query: { email: 'shopper-host@example.com', code } })
    ).data;
    const owner = createClient({ baseUrl, apiKey: session?.apiKey });
    const pub = await owner.call(routes.keys.add, {
      query: { kind: 'public', allowed_domains: 'shop.example' },
    });

    const shopper = (hostReferer: string) =>
      createClient({ baseUrl, apiKey: pub.data?.apiKey, clientUuid: 'shopper-0001', hostReferer });
    const allowed = await shopper('https://shop.example/product').call(routes.shops.publicInfo, {});
    expect(allowed.data?.suid).toBeTruthy();
    const refused = await shopper('https://elsewhere.example/').call(routes.shops.publicInfo, {});
    expect(refused.error && errorCodeOf(refused.error)).toBe('DOMAIN_NOT_ALLOWED');
    expect(shopper('x').headersFor(routes.user.profile)).not.toHaveProperty('clientuuid');
  });

  it('reports a server that is not there as FETCH_ERROR', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
    const res = await client.call(routes.auth.publicConfig, {});
    expect(res.error?.status).toBe('FETCH_ERROR');
  });

  it('reports a slow server as TIMEOUT_ERROR', async () => {
    const slow = await startOddServer(() => {
      /* never answers */
    });
    try {
      const res = await createClient({ baseUrl: slow.url, timeoutMs: 200 }).call(
        routes.auth.publicConfig,
        {},
      );
      expect(res.error?.status).toBe('TIMEOUT_ERROR');
    } finally {
      slow.close();
    }
  });

  it('reports a non-JSON answer as PARSING_ERROR with its status and raw text', async () => {
    const html = await startOddServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    try {
      const res = await createClient({ baseUrl: html.url }).call(routes.auth.publicConfig, {});
      expect(res.error).toMatchObject({
        status: 'PARSING_ERROR',
        originalStatus: 502,
        data: '<h1>Bad gateway</h1>',
      });
      expect(res.error && errorMessageOf(res.error)).toMatch(/JSON/);
    } finally {
      html.close();
    }
  });

  it('builds URLs with encoded path and query parameters, leaving out null and undefined', () => {
    const client = createClient({ baseUrl: 'https://api.example/' });
    expect(client.url(routes.shops.list, { query: { query: 'a&b c', offset: 0, limit: undefined } })).toBe(
      'https://api.example/v1/shop/list?query=a%26b+c&offset=0',
    );
  });
});
