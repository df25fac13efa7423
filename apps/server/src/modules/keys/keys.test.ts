import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Json, signIn, type TestApp, withKey } from '../../../test/harness.ts';

type KeyEntry = {
  apiKey: string;
  kind: string;
  status: number;
  allowedDomains: string | null;
  created: string;
};

describe('API keys', () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t, 'keys-owner@example.com');
    other = await signIn(t, 'keys-other@example.com');
  });
  afterAll(() => t.close());

  const post = (key: string, url: string, query: Json = {}, headers: Record<string, string> = {}) =>
    call(t.app, {
      method: 'POST',
      url,
      query: query as Record<string, string>,
      headers: withKey(key, headers),
    });
  const account = async (key: string) =>
    (await call(t.app, { method: 'GET', url: '/v1/user/account', headers: withKey(key) })).body as {
      activeApiKeys: { private: KeyEntry[]; public: KeyEntry[] };
    };
  const addKey = async (kind: 'public' | 'private', extra: Json = {}) => {
    const res = await post(owner, '/v1/user/key/add', { kind, ...extra });
    expect(res.status).toBe(201);
    return res.body as unknown as KeyEntry;
  };
  const shopperCall = (key: string, headers: Record<string, string> = {}) =>
    call(t.app, {
      method: 'GET',
      url: '/v1/shop/public',
      headers: withKey(key, { clientuuid: 'client-0001', ...headers }),
    });

  it('creates public keys with allowed domains "*" and private keys with none', async () => {
    const pub = await addKey('public');
    const priv = await addKey('private');
    expect(pub).toMatchObject({ kind: 'public', status: 0, allowedDomains: '*' });
    expect(pub.apiKey).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    expect(priv).toMatchObject({ kind: 'private', status: 0, allowedDomains: null });
    expect(priv.apiKey).toMatch(/^sk_[A-Za-z0-9_-]{32}$/);
    const listed = await account(owner);
    expect(listed.activeApiKeys.public.map((k) => k.apiKey)).toContain(pub.apiKey);
    expect(listed.activeApiKeys.private.map((k) => k.apiKey)).toContain(priv.apiKey);
  });

  it('accepts a JSON body or a form body as well as the query string', async () => {
    const json = await call(t.app, {
      method: 'POST',
      url: '/v1/user/key/add',
      headers: withKey(owner),
      payload: { kind: 'public', allowed_domains: 'json.example' },
    });
    expect(json.status).toBe(201);
    expect(json.body.allowedDomains).toBe('json.example');
    const form = await call(t.app, {
      method: 'POST',
      url: '/v1/user/key/add',
      headers: withKey(owner, { 'content-type': 'application/x-www-form-urlencoded' }),
      payload: 'kind=public&allowed_domains=form.example',
    });
    expect(form.status).toBe(201);
    expect(form.body.allowedDomains).toBe('form.example');
  });

  it('stores keys only as a digest and a sealed copy, never in clear', async () => {
    const key = await addKey('private');
    const rows = await t.runtime.db.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.apiKey);
    expect(JSON.stringify(rows)).not.toContain(owner);
  });

  it('deactivates and reactivates a key: an inactive key fails at once with 401', async () => {
    const priv = await addKey('private');
    expect(
      (await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(priv.apiKey) })).status,
    ).toBe(200);
    const off = await post(owner, '/v1/user/key/update', { key: priv.apiKey, active: 0 });
    expect(off.body).toMatchObject({ status: -1 });
    const refused = await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(priv.apiKey) });
    expect(refused.status).toBe(401);
    expect(refused.body.errorCodeStr).toBe('API_KEY_INACTIVE');
    await post(owner, '/v1/user/key/update', { key: priv.apiKey, active: 1 });
    expect(
      (await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(priv.apiKey) })).status,
    ).toBe(200);
  });

  it('deletes a key: it fails at once with 401 and leaves the account list', async () => {
    const priv = await addKey('private');
    const del = await post(owner, '/v1/user/key/delete', { key: priv.apiKey });
    expect(del).toMatchObject({ status: 200, body: { ok: true } });
    const refused = await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(priv.apiKey) });
    expect(refused.status).toBe(401);
    expect(refused.body.errorCodeStr).toBe('API_KEY_INVALID');
    const listed = await account(owner);
    expect(listed.activeApiKeys.private.map((k) => k.apiKey)).not.toContain(priv.apiKey);
    expect((await post(owner, '/v1/user/key/delete', { key: priv.apiKey })).body.errorCodeStr).toBe(
      'KEY_NOT_FOUND',
    );
  });

  it('refuses calls without a key, with an unknown key, and with a forged one', async () => {
    const none = await call(t.app, { method: 'GET', url: '/v1/user' });
    expect(none.status).toBe(401);
    expect(none.body.errorCodeStr).toBe('API_KEY_MISSING');
    for (const key of ['sk_nope', `${owner}x`, 'x'.repeat(500)]) {
      const res = await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(key) });
      expect(res.status).toBe(401);
      expect(res.body.errorCodeStr).toBe('API_KEY_INVALID');
    }
  });

  it('validates updates: exactly one field, known domains syntax, domains only on public keys', async () => {
    const pub = await addKey('public');
    const both = await post(owner, '/v1/user/key/update', {
      key: pub.apiKey,
      active: 1,
      allowed_domains: '*',
    });
    expect(both.status).toBe(400);
    expect(both.body.errorCodeStr).toBe('VALIDATION_ERROR');
    const neither = await post(owner, '/v1/user/key/update', { key: pub.apiKey });
    expect(neither.status).toBe(400);
    const bad = await post(owner, '/v1/user/key/update', {
      key: pub.apiKey,
      allowed_domains: 'shop.com, <script>',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCodeStr).toBe('INVALID_ALLOWED_DOMAINS');
    const priv = await addKey('private');
    const privDomains = await post(owner, '/v1/user/key/update', {
      key: priv.apiKey,
      allowed_domains: 'a.com',
    });
    expect(privDomains.status).toBe(400);
    const good = await post(owner, '/v1/user/key/update', {
      key: pub.apiKey,
      allowed_domains: 'https://Shop.com/products\n*.shop.com, shop.com',
    });
    expect(good.body.allowedDomains).toBe('shop.com,*.shop.com');
    const status = await post(owner, '/v1/user/key/update', { key: pub.apiKey, active: 2 });
    expect(status.status).toBe(400);
  });

  describe('public key scope', () => {
    it('allows shopper calls and refuses every private call with PRIVATE_KEY_REQUIRED', async () => {
      const pub = await addKey('public');
      expect((await shopperCall(pub.apiKey)).status).toBe(200);
      const privateCalls = [
        { method: 'GET' as const, url: '/v1/user' },
        { method: 'GET' as const, url: '/v1/user/account' },
        { method: 'GET' as const, url: '/v1/user/stats' },
        { method: 'GET' as const, url: '/v1/user/billing' },
        { method: 'POST' as const, url: '/v1/user/key/add?kind=private' },
        { method: 'POST' as const, url: `/v1/user/key/update?key=${pub.apiKey}&allowed_domains=*` },
        { method: 'POST' as const, url: `/v1/user/key/delete?key=${pub.apiKey}` },
        { method: 'POST' as const, url: '/v1/shop/update?name=Hacked' },
        { method: 'POST' as const, url: '/v1/user/logout' },
      ];
      for (const c of privateCalls) {
        const res = await call(t.app, { ...c, headers: withKey(pub.apiKey, { clientuuid: 'client-0001' }) });
        expect(res.status, c.url).toBe(403);
        expect(res.body.errorCodeStr, c.url).toBe('PRIVATE_KEY_REQUIRED');
      }
      const admin = await call(t.app, { method: 'GET', url: '/v1/shop/list', headers: withKey(pub.apiKey) });
      expect(admin.status).toBe(403);
    });

    it('needs a clientuuid on shopper calls', async () => {
      const pub = await addKey('public');
      const res = await call(t.app, { method: 'GET', url: '/v1/shop/public', headers: withKey(pub.apiKey) });
      expect(res.status).toBe(400);
      expect(res.body.errorCodeStr).toBe('CLIENT_UUID_REQUIRED');
    });

    it('checks the calling site against allowed domains: Origin, then hostreferer, then Referer', async () => {
      const pub = await addKey('public', { allowed_domains: 'shop.com,*.shop.com' });
      const allowed: Record<string, string>[] = [
        { origin: 'https://shop.com' },
        { origin: 'https://www.shop.com:8443' },
        { origin: 'https://a.b.shop.com' },
        { hostreferer: 'https://shop.com/product/1' },
        { hostreferer: 'shop.com' },
        { referer: 'https://www.shop.com/p?x=1' },
        // Our own pages, embedded by the shop: the browser sets our Origin, the page names the shop.
        { origin: 'http://tryon.test', hostreferer: 'https://shop.com/p' },
        // Our own hosted pages (shareable links) are always allowed.
        { origin: 'http://tryon.test' },
      ];
      for (const headers of allowed)
        expect((await shopperCall(pub.apiKey, headers)).status, JSON.stringify(headers)).toBe(200);
      const refused: Record<string, string>[] = [
        {},
        { origin: 'https://evil.com' },
        { origin: 'https://shop.com.evil.com' },
        { origin: 'https://evilshop.com' },
        { origin: 'https://evil.com', hostreferer: 'https://shop.com' },
        { hostreferer: 'https://notshop.com' },
        { referer: 'https://shop.co/' },
        { origin: 'null' },
      ];
      for (const headers of refused) {
        const res = await shopperCall(pub.apiKey, headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body.errorCodeStr).toBe('DOMAIN_NOT_ALLOWED');
      }
    });

    it('treats an empty allowed-domains list as no site at all', async () => {
      const pub = await addKey('public', { allowed_domains: '' });
      expect((await shopperCall(pub.apiKey, { origin: 'https://shop.com' })).status).toBe(403);
    });

    it('an inactive public key fails at once', async () => {
      const pub = await addKey('public');
      await post(owner, '/v1/user/key/update', { key: pub.apiKey, active: 0 });
      const res = await shopperCall(pub.apiKey);
      expect(res.status).toBe(401);
      expect(res.body.errorCodeStr).toBe('API_KEY_INACTIVE');
    });
  });

  describe('tenant isolation', () => {
    it("cannot see, change or delete another shop's keys", async () => {
      const victim = (await account(other)).activeApiKeys.private[0];
      expect(victim).toBeDefined();
      const key = victim?.apiKey ?? '';
      const mine = (await account(owner)).activeApiKeys;
      expect(JSON.stringify(mine)).not.toContain(key);
      const update = await post(owner, '/v1/user/key/update', { key, active: 0 });
      expect(update.status).toBe(404);
      expect(update.body.errorCodeStr).toBe('KEY_NOT_FOUND');
      const del = await post(owner, '/v1/user/key/delete', { key });
      expect(del.status).toBe(404);
      expect((await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(key) })).status).toBe(200);
    });

    it('cannot delete or deactivate a session key through the key routes', async () => {
      const res = await post(owner, '/v1/user/key/update', { key: other, active: 0 });
      expect(res.status).toBe(404);
      const own = await post(owner, '/v1/user/key/delete', { key: owner });
      expect(own.status).toBe(404);
    });
  });
});
