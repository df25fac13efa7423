import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type Json, signIn, type TestApp, withKey } from '../../../test/harness.ts';

describe('shops', () => {
  let t: TestApp;
  let admin: string;
  let owner: string;
  let otherOwner: string;
  let ownerSuid: string;
  let otherSuid: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com' });
    admin = await signIn(t, 'admin@example.com');
    owner = await signIn(t, 'owner@example.com');
    otherOwner = await signIn(t, 'other@example.com');
    ownerSuid = (await profile(owner)).suid as string;
    otherSuid = (await profile(otherOwner)).suid as string;
  });
  afterAll(() => t.close());

  async function profile(key: string): Promise<Json> {
    return (await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(key) })).body;
  }
  const update = (key: string, query: Record<string, string | number>) =>
    call(t.app, {
      method: 'POST',
      url: '/v1/shop/update',
      query: query as Record<string, string>,
      headers: withKey(key),
    });

  it('lets an owner change their name and limits, and the profile shows it', async () => {
    expect((await update(owner, { name: 'Blue Jeans Ltd' })).body.name).toBe('Blue Jeans Ltd');
    expect((await update(owner, { limit_tryon_daily: 42 })).body.limit_tryon_daily).toBe(42);
    expect((await update(owner, { limit_tryon_daily_per_client: 7 })).body.limit_tryon_daily_per_client).toBe(
      7,
    );
    expect((await update(owner, { tryOnLimit: 43 })).body.limit_tryon_daily).toBe(43);
    const p = await profile(owner);
    expect(p).toMatchObject({ name: 'Blue Jeans Ltd', limitDailyTryon: 43, limitDailyPerClientTryon: 7 });
  });

  it('refuses owner changes to balance, status, e-mail and the garment limit', async () => {
    for (const field of ['tryon_balance', 'disabled', 'limit_garment_daily']) {
      const res = await update(owner, { [field]: 1 });
      expect(res.status, field).toBe(403);
      expect(res.body.errorCodeStr).toBe('FIELD_NOT_EDITABLE');
    }
    expect((await update(owner, { mail: 'me@evil.com' })).body.errorCodeStr).toBe('FIELD_NOT_EDITABLE');
    expect((await profile(owner)).tryonBalance).toBe(50);
  });

  it('validates: one field at a time, numeric limits, non-empty name', async () => {
    expect((await update(owner, {})).status).toBe(400);
    expect((await update(owner, { name: 'A', url: 'https://a.com' })).status).toBe(400);
    expect((await update(owner, { limit_tryon_daily: 'many' })).body.errorCodeStr).toBe('VALIDATION_ERROR');
    expect((await update(owner, { limit_tryon_daily: -1 })).status).toBe(400);
    expect((await update(owner, { name: '   ' })).status).toBe(400);
  });

  it('cannot change another shop (tenant isolation): it looks like no shop at all', async () => {
    const res = await update(owner, { shop_uid: otherSuid, name: 'Owned' });
    expect(res.status).toBe(404);
    expect(res.body.errorCodeStr).toBe('SHOP_NOT_FOUND');
    expect((await profile(otherOwner)).name).not.toBe('Owned');
    const stats = await call(t.app, {
      method: 'GET',
      url: `/v1/user/stats?shop_uid=${otherSuid}`,
      headers: withKey(owner),
    });
    expect(stats.status).toBe(403);
  });

  it('lets an admin change any shop, with the balance clamped at 0 and recorded in the ledger', async () => {
    expect((await update(admin, { shop_uid: ownerSuid, tryon_balance: 120 })).body.tryon_balance).toBe(120);
    expect((await update(admin, { shop_uid: ownerSuid, tryon_balance: -30 })).body.tryon_balance).toBe(0);
    const ledger = await t.runtime.services.ledger.history(ownerSuid);
    expect(ledger.map((l) => [l.reason, l.delta, l.balance_after])).toEqual([
      ['plan_activation', 50, 50],
      ['admin_adjustment', 70, 120],
      ['admin_adjustment', -120, 0],
    ]);
    expect(ledger[1]?.actor_uid).toBe((await profile(admin)).uid);
    expect(
      (await update(admin, { shop_uid: ownerSuid, limit_garment_daily: 5 })).body.limit_garment_daily,
    ).toBe(5);
    await update(admin, { shop_uid: ownerSuid, tryon_balance: 50 });
  });

  it("a disabled shop's keys stop working; enabling it again restores them", async () => {
    const account = await call(t.app, {
      method: 'GET',
      url: '/v1/user/account',
      headers: withKey(otherOwner),
    });
    const privateKey =
      (account.body.activeApiKeys as { private: { apiKey: string }[] }).private[0]?.apiKey ?? '';
    expect((await update(admin, { shop_uid: otherSuid, disabled: 1 })).body.disabled).toBe(true);
    for (const key of [otherOwner, privateKey]) {
      const res = await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(key) });
      expect(res.status).toBe(401);
      expect(res.body.errorCodeStr).toBe('SHOP_DISABLED');
    }
    await update(admin, { shop_uid: otherSuid, disabled: 0 });
    expect((await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(privateKey) })).status).toBe(
      200,
    );
  });

  it('lets an admin change the owner e-mail, refusing one that belongs to another account', async () => {
    const taken = await update(admin, { shop_uid: otherSuid, mail: 'owner@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body.errorCodeStr).toBe('EMAIL_TAKEN');
    expect((await update(admin, { shop_uid: otherSuid, mail: 'Renamed@Example.com' })).body.email).toBe(
      'renamed@example.com',
    );
    await update(admin, { shop_uid: otherSuid, mail: 'other@example.com' });
  });

  describe('admin routes', () => {
    const adminCalls = [
      { method: 'GET' as const, url: '/v1/shop/list' },
      { method: 'POST' as const, url: '/v1/shop/add?email=x@example.com&name=X' },
      { method: 'POST' as const, url: '/v1/shop/plan?shop_uid=s_x&tariff=starter' },
    ];

    it('refuse owners, their private keys and anonymous callers', async () => {
      const account = await call(t.app, { method: 'GET', url: '/v1/user/account', headers: withKey(owner) });
      const privateKey =
        (account.body.activeApiKeys as { private: { apiKey: string }[] }).private[0]?.apiKey ?? '';
      for (const c of adminCalls) {
        for (const key of [owner, privateKey]) {
          const res = await call(t.app, { ...c, headers: withKey(key) });
          expect(res.status, c.url).toBe(403);
          expect(res.body.errorCodeStr).toBe('ADMIN_ONLY');
        }
        expect((await call(t.app, c)).status).toBe(401);
      }
    });

    it("refuse even the admin's own shop private key: admin powers need a signed-in session", async () => {
      const account = await call(t.app, { method: 'GET', url: '/v1/user/account', headers: withKey(admin) });
      const privateKey =
        (account.body.activeApiKeys as { private: { apiKey: string }[] }).private[0]?.apiKey ?? '';
      const res = await call(t.app, { method: 'GET', url: '/v1/shop/list', headers: withKey(privateKey) });
      expect(res.status).toBe(403);
      expect((await profile(privateKey)).isAdmin).toBe(false);
      expect((await profile(admin)).isAdmin).toBe(true);
    });

    it('list shops with search and stable paging', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await call(t.app, {
          method: 'POST',
          url: '/v1/shop/add',
          query: { email: `page${i}@example.com`, name: `Paged Shop ${i}` },
          headers: withKey(admin),
        });
        expect(res.status).toBe(201);
        t.clock.advance(1000);
      }
      const found = await call(t.app, {
        method: 'GET',
        url: '/v1/shop/list?query=PAGED%20shop',
        headers: withKey(admin),
      });
      expect((found.body.items as Json[]).map((s) => s.name)).toEqual(
        [4, 3, 2, 1, 0].map((i) => `Paged Shop ${i}`),
      );
      const seen: string[] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        const page = await call(t.app, {
          method: 'GET',
          url: `/v1/shop/list?limit=2&offset=${offset}`,
          headers: withKey(admin),
        });
        seen.push(...(page.body.items as Json[]).map((s) => s.shop_uid as string));
        offset = page.body.nextOffset as number | null;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(3 + 5);
      const pct = await call(t.app, {
        method: 'GET',
        url: '/v1/shop/list?query=%25',
        headers: withKey(admin),
      });
      expect(pct.body.items).toEqual([]);
      const tooMany = await call(t.app, {
        method: 'GET',
        url: '/v1/shop/list?limit=2001',
        headers: withKey(admin),
      });
      expect(tooMany.status).toBe(400);
      const max = await call(t.app, {
        method: 'GET',
        url: '/v1/shop/list?limit=2000',
        headers: withKey(admin),
      });
      expect(max.status).toBe(200);
    });

    it('list entries carry the fields of the admin table', async () => {
      const res = await call(t.app, {
        method: 'GET',
        url: '/v1/shop/list?query=owner@example.com',
        headers: withKey(admin),
      });
      const entry = (res.body.items as Json[])[0];
      expect(entry).toMatchObject({
        shop_uid: ownerSuid,
        email: 'owner@example.com',
        tariff: 'free',
        disabled: false,
        garments_count: 0,
      });
      expect(entry?.access_key).toMatch(/^pk_/);
    });

    it('add a shop whose owner then signs in into it, with the given allowed domains', async () => {
      const added = await call(t.app, {
        method: 'POST',
        url: '/v1/shop/add',
        query: { email: 'later@example.com', name: 'Later Shop', allowed_domains: 'later.com' },
        headers: withKey(admin),
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ name: 'Later Shop', email: 'later@example.com', tryon_balance: 50 });
      const again = await call(t.app, {
        method: 'POST',
        url: '/v1/shop/add',
        query: { email: 'later@example.com', name: 'Again' },
        headers: withKey(admin),
      });
      expect(again.status).toBe(409);
      expect(again.body.errorCodeStr).toBe('SHOP_EXISTS');
      const key = await signIn(t, 'later@example.com');
      expect((await profile(key)).suid).toBe(added.body.shop_uid);
      const account = await call(t.app, { method: 'GET', url: '/v1/user/account', headers: withKey(key) });
      expect((account.body.activeApiKeys as { public: Json[] }).public[0]?.allowedDomains).toBe('later.com');
      const missing = await call(t.app, {
        method: 'POST',
        url: '/v1/shop/add',
        query: { name: 'No mail' },
        headers: withKey(admin),
      });
      expect(missing.status).toBe(400);
    });
  });
});
