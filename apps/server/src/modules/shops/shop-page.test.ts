import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp, withKey } from '../../../test/harness.ts';

interface KeyEntry {
  apiKey: string;
}

describe('GET /v1/shop/page/:suid', () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let suid: string;
  let firstKey: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com' });
    admin = await signIn(t, 'admin@example.com');
    owner = await signIn(t, 'page-owner@example.com');
    await call(t.app, {
      method: 'POST',
      url: '/v1/shop/update',
      query: { name: 'Blue Jeans' },
      headers: withKey(owner),
    });
    const account = await call(t.app, { method: 'GET', url: '/v1/user/account', headers: withKey(owner) });
    suid = account.body.suid as string;
    firstKey = (account.body.activeApiKeys as { public: KeyEntry[] }).public[0]?.apiKey ?? '';
  });
  afterAll(() => t.close());

  const page = (id: string) => call(t.app, { method: 'GET', url: `/v1/shop/page/${id}` });
  const keyCall = (url: string, query: Record<string, string>) =>
    call(t.app, { method: 'POST', url, query, headers: withKey(owner) });

  it('answers the name, logo, site and oldest active public key without any key', async () => {
    const res = await page(suid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ suid, name: 'Blue Jeans', logo: '', url: '', key: firstKey });
    expect(firstKey).toMatch(/^pk_/);
  });

  it('hands out a key that works on our own pages even when its allowed domains exclude them', async () => {
    await keyCall('/v1/user/key/update', { key: firstKey, allowed_domains: 'shop.example' });
    const shopper = { tokenapi: firstKey, clientuuid: 'page-shopper-1' };
    const own = await call(t.app, {
      method: 'GET',
      url: '/v1/garment/list',
      headers: { ...shopper, hostreferer: `http://tryon.test/w/shop/${suid}/garments` },
    });
    expect(own.status).toBe(200);
    const foreign = await call(t.app, {
      method: 'GET',
      url: '/v1/garment/list',
      headers: { ...shopper, origin: 'https://elsewhere.example' },
    });
    expect(foreign.body.errorCodeStr).toBe('DOMAIN_NOT_ALLOWED');
  });

  it('moves on to the next active public key, and is 404 when none is left', async () => {
    const added = await keyCall('/v1/user/key/add', { kind: 'public' });
    const second = added.body.apiKey as string;
    await keyCall('/v1/user/key/update', { key: firstKey, active: '0' });
    expect((await page(suid)).body.key).toBe(second);
    await keyCall('/v1/user/key/delete', { key: second });
    const none = await page(suid);
    expect(none.status).toBe(404);
    expect(none.body.errorCodeStr).toBe('SHOP_NOT_FOUND');
    await keyCall('/v1/user/key/update', { key: firstKey, active: '1' });
    expect((await page(suid)).body.key).toBe(firstKey);
  });

  it('is 404 for a disabled shop and for an unknown id', async () => {
    const disable = (value: string) =>
      call(t.app, {
        method: 'POST',
        url: '/v1/shop/update',
        query: { shop_uid: suid, disabled: value },
        headers: withKey(admin),
      });
    expect((await disable('1')).status).toBe(200);
    const disabled = await page(suid);
    expect(disabled.status).toBe(404);
    expect(disabled.body.errorCodeStr).toBe('SHOP_NOT_FOUND');
    await disable('0');
    expect((await page(suid)).status).toBe(200);
    expect((await page('s_nosuchshop')).status).toBe(404);
  });
});
