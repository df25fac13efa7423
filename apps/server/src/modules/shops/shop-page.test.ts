import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, failed, ok } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';

describe('GET /v1/shop/page/:suid', () => {
  let t: TestApp;
  let admin: string;
  let suid: string;
  let firstKey: string;
  let owner: Api;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com' });
    admin = await signIn(t, 'admin@example.com');
    owner = api(t, { apiKey: await signIn(t, 'page-owner@example.com') });
    await owner.call(routes.shops.update, { query: { name: 'Blue Jeans' } });
    const account = ok(await owner.call(routes.keys.account, {}));
    suid = account.suid;
    firstKey = account.activeApiKeys.public[0]?.apiKey ?? '';
  });
  afterAll(() => t.close());

  const page = (id: string) => api(t).call(routes.shops.page, { params: { suid: id } });

  it('answers the name, logo, site and oldest active public key without any key', async () => {
    const res = await page(suid);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      suid,
      name: 'Blue Jeans',
      logo: '',
      url: '',
      currency: '',
      retention_days: t.runtime.config.RETENTION_DAYS,
      key: firstKey,
    });
    expect(firstKey).toMatch(/^pk_/);
  });

  it('hands out a key that works on our own pages even when its allowed domains exclude them', async () => {
    await owner.call(routes.keys.update, { query: { key: firstKey, allowed_domains: 'shop.example' } });
    const shopper = { apiKey: firstKey, clientUuid: 'page-shopper-1' };
    const own = await api(t, { ...shopper, hostReferer: `http://tryon.test/w/shop/${suid}/garments` }).call(
      routes.garments.list,
      { query: {} },
    );
    expect(own.status).toBe(200);
    const foreign = await api(t, { ...shopper, headers: { origin: 'https://elsewhere.example' } }).call(
      routes.garments.list,
      { query: {} },
    );
    expect(failed(foreign).errorCodeStr).toBe('DOMAIN_NOT_ALLOWED');
  });

  it('moves on to the next active public key, and is 404 when none is left', async () => {
    const added = await owner.call(routes.keys.add, { query: { kind: 'public' } });
    const second = added.data?.apiKey;
    await owner.call(routes.keys.update, { query: { key: firstKey, active: '0' } });
    expect((await page(suid)).data?.key).toBe(second);
    await owner.call(routes.keys.remove, { query: { key: second ?? '' } });
    const none = await page(suid);
    expect(failed(none, 404).errorCodeStr).toBe('SHOP_NOT_FOUND');
    await owner.call(routes.keys.update, { query: { key: firstKey, active: '1' } });
    expect((await page(suid)).data?.key).toBe(firstKey);
  });

  it('is 404 for a disabled shop and for an unknown id', async () => {
    const disable = (value: string) =>
      api(t, { apiKey: admin }).call(routes.shops.update, { query: { shop_uid: suid, disabled: value } });
    expect((await disable('1')).status).toBe(200);
    const disabled = await page(suid);
    expect(failed(disabled, 404).errorCodeStr).toBe('SHOP_NOT_FOUND');
    await disable('0');
    expect((await page(suid)).status).toBe(200);
    expect((await page('s_nosuchshop')).status).toBe(404);
  });
});
