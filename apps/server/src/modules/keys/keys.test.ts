import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, api, failed, ok } from '../../../test/api.ts';
import { call, createTestApp, signIn, type TestApp, withKey } from '../../../test/harness.ts';

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

  const by = (apiKey: string) => api(t, { apiKey });
  const update = (key: string, change: { active?: number; allowed_domains?: string }) =>
    by(owner).call(routes.keys.update, { query: { key, ...change } });
  const remove = (key: string) => by(owner).call(routes.keys.remove, { query: { key } });
  const account = async (key: string) => ok(await by(key).call(routes.keys.account, {}));
  const profileStatus = async (key: string) => (await by(key).call(routes.user.profile, {})).status;
  const addKey = async (kind: 'public' | 'private', allowedDomains?: string) =>
    ok(
      await by(owner).call(routes.keys.add, {
        query: { kind, ...(allowedDomains === undefined ? {} : { allowed_domains: allowedDomains }) },
      }),
      201,
    );
  const shopperCall = (key: string, headers: Record<string, string> = {}) =>
    api(t, { apiKey: key, clientUuid: 'client-0001' }).call(routes.shops.publicInfo, {}, { headers });

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
    expect(await profileStatus(priv.apiKey)).toBe(200);
    const off = await update(priv.apiKey, { active: 0 });
    expect(off.data).toMatchObject({ status: -1 });
    const refused = await by(priv.apiKey).call(routes.user.profile, {});
    expect(failed(refused, 401).errorCodeStr).toBe('API_KEY_INACTIVE');
    await update(priv.apiKey, { active: 1 });
    expect(await profileStatus(priv.apiKey)).toBe(200);
  });

  it('deletes a key: it fails at once with 401 and leaves the account list', async () => {
    const priv = await addKey('private');
    const del = await remove(priv.apiKey);
    expect(del).toMatchObject({ status: 200, data: { ok: true } });
    const refused = await by(priv.apiKey).call(routes.user.profile, {});
    expect(failed(refused, 401).errorCodeStr).toBe('API_KEY_INVALID');
    const listed = await account(owner);
    expect(listed.activeApiKeys.private.map((k) => k.apiKey)).not.toContain(priv.apiKey);
    expect(failed(await remove(priv.apiKey)).errorCodeStr).toBe('KEY_NOT_FOUND');
  });

  it('refuses calls without a key, with an unknown key, and with a forged one', async () => {
    const none = await api(t).call(routes.user.profile, {});
    expect(failed(none, 401).errorCodeStr).toBe('API_KEY_MISSING');
    for (const key of ['sk_nope', `${owner}x`, 'x'.repeat(500)]) {
      const res = await by(key).call(routes.user.profile, {});
      expect(failed(res, 401).errorCodeStr).toBe('API_KEY_INVALID');
    }
  });

  it('validates updates: exactly one field, known domains syntax, domains only on public keys', async () => {
    const pub = await addKey('public');
    const both = await update(pub.apiKey, { active: 1, allowed_domains: '*' });
    expect(failed(both, 400).errorCodeStr).toBe('VALIDATION_ERROR');
    const neither = await update(pub.apiKey, {});
    expect(neither.status).toBe(400);
    const bad = await update(pub.apiKey, { allowed_domains: 'shop.com, <script>' });
    expect(failed(bad, 400).errorCodeStr).toBe('INVALID_ALLOWED_DOMAINS');
    const priv = await addKey('private');
    const privDomains = await update(priv.apiKey, { allowed_domains: 'a.com' });
    expect(privDomains.status).toBe(400);
    const good = await update(pub.apiKey, {
      allowed_domains: 'https://Shop.com/products\n*.shop.com, shop.com',
    });
    expect(good.data?.allowedDomains).toBe('shop.com,*.shop.com');
    const status = await update(pub.apiKey, { active: 2 });
    expect(status.status).toBe(400);
  });

  describe('public key scope', () => {
    it('allows shopper calls and refuses every private call with PRIVATE_KEY_REQUIRED', async () => {
      const pub = await addKey('public');
      expect((await shopperCall(pub.apiKey)).status).toBe(200);
      const shopper = api(t, { apiKey: pub.apiKey });
      const headers = { clientuuid: 'client-0001' };
      const privateCalls: [string, () => Promise<Answer<unknown>>][] = [
        ['user', () => shopper.call(routes.user.profile, {}, { headers })],
        ['account', () => shopper.call(routes.keys.account, {}, { headers })],
        ['stats', () => shopper.call(routes.stats.get, { query: {} }, { headers })],
        ['billing', () => shopper.call(routes.billing.get, {}, { headers })],
        ['key add', () => shopper.call(routes.keys.add, { query: { kind: 'private' } }, { headers })],
        [
          'key update',
          () =>
            shopper.call(
              routes.keys.update,
              { query: { key: pub.apiKey, allowed_domains: '*' } },
              { headers },
            ),
        ],
        ['key delete', () => shopper.call(routes.keys.remove, { query: { key: pub.apiKey } }, { headers })],
        ['shop update', () => shopper.call(routes.shops.update, { query: { name: 'Hacked' } }, { headers })],
        ['logout', () => shopper.call(routes.auth.logout, {}, { headers })],
      ];
      for (const [name, send] of privateCalls) {
        const res = await send();
        expect(res.status, name).toBe(403);
        expect(failed(res).errorCodeStr, name).toBe('PRIVATE_KEY_REQUIRED');
      }
      const admin = await shopper.call(routes.shops.list, { query: {} });
      expect(admin.status).toBe(403);
    });

    it('needs a clientuuid on shopper calls', async () => {
      const pub = await addKey('public');
      const res = await by(pub.apiKey).call(routes.shops.publicInfo, {});
      expect(failed(res, 400).errorCodeStr).toBe('CLIENT_UUID_REQUIRED');
    });

    it('checks the calling site against allowed domains: Origin, then hostreferer, then Referer', async () => {
      const pub = await addKey('public', 'shop.com,*.shop.com');
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
        expect(failed(res, 403).errorCodeStr).toBe('DOMAIN_NOT_ALLOWED');
      }
    });

    it('tells our own pages by full origin, wherever the product is opened', async () => {
      const pub = await addKey('public', 'shop.com');
      // The product opened at another address than PUBLIC_URL (http://tryon.test): its own pages still work.
      const here = { host: '127.0.0.1:8080' };
      const own: Record<string, string>[] = [
        { ...here, origin: 'http://127.0.0.1:8080' },
        { ...here, origin: 'http://127.0.0.1:8080', hostreferer: 'http://127.0.0.1:8080/w/tryon?g=x' },
        { ...here, origin: 'http://127.0.0.1:8080', hostreferer: 'https://shop.com/p/1' },
      ];
      for (const headers of own)
        expect((await shopperCall(pub.apiKey, headers)).status, JSON.stringify(headers)).toBe(200);
      // Another port or scheme of our host is another site; so is a page that names another port as its host.
      const others: Record<string, string>[] = [
        { origin: 'http://tryon.test:8081' },
        { origin: 'https://tryon.test' },
        { ...here, origin: 'http://127.0.0.1:9999' },
        { ...here, origin: 'http://127.0.0.1:8080', hostreferer: 'http://127.0.0.1:3000/shop' },
        { ...here, origin: 'http://127.0.0.1:8080', hostreferer: 'https://evil.com/p' },
      ];
      for (const headers of others) {
        const res = await shopperCall(pub.apiKey, headers);
        expect(failed(res, 403).errorCodeStr, JSON.stringify(headers)).toBe('DOMAIN_NOT_ALLOWED');
      }
    });

    it('refuses an empty allowed-domains list, which would stop the key on every site without a word', async () => {
      const refusedAdd = await by(owner).call(routes.keys.add, {
        query: { kind: 'public', allowed_domains: '' },
      });
      expect(failed(refusedAdd, 400).errorCodeStr).toBe('INVALID_ALLOWED_DOMAINS');
      expect(failed(refusedAdd, 400).errorMessage).toContain('at least one site');
      const pub = await addKey('public', 'shop.com');
      for (const empty of ['', ' , \n ']) {
        const refused = await update(pub.apiKey, { allowed_domains: empty });
        expect(failed(refused, 400).errorCodeStr).toBe('INVALID_ALLOWED_DOMAINS');
      }
      expect((await shopperCall(pub.apiKey, { origin: 'https://shop.com' })).status).toBe(200);
    });

    it('an inactive public key fails at once', async () => {
      const pub = await addKey('public');
      await update(pub.apiKey, { active: 0 });
      const res = await shopperCall(pub.apiKey);
      expect(failed(res, 401).errorCodeStr).toBe('API_KEY_INACTIVE');
    });
  });

  describe('tenant isolation', () => {
    it("cannot see, change or delete another shop's keys", async () => {
      const victim = (await account(other)).activeApiKeys.private[0];
      expect(victim).toBeDefined();
      const key = victim?.apiKey ?? '';
      const mine = (await account(owner)).activeApiKeys;
      expect(JSON.stringify(mine)).not.toContain(key);
      const updated = await update(key, { active: 0 });
      expect(failed(updated, 404).errorCodeStr).toBe('KEY_NOT_FOUND');
      const del = await remove(key);
      expect(del.status).toBe(404);
      expect(await profileStatus(key)).toBe(200);
    });

    it('cannot delete or deactivate a session key through the key routes', async () => {
      const res = await update(other, { active: 0 });
      expect(res.status).toBe(404);
      const own = await remove(owner);
      expect(own.status).toBe(404);
    });
  });
});
