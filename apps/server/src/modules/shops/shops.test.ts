import { type RouteQuery, routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, api, failed, ok } from '../../../test/api.ts';
import { call, createTestApp, signIn, type TestApp, withKey } from '../../../test/harness.ts';

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
    ownerSuid = (await profile(owner)).suid;
    otherSuid = (await profile(otherOwner)).suid;
  });
  afterAll(() => t.close());

  const by = (apiKey?: string) => api(t, apiKey === undefined ? {} : { apiKey });
  async function profile(key: string) {
    return ok(await by(key).call(routes.user.profile, {}));
  }
  const update = (key: string, query: RouteQuery<typeof routes.shops.update>) =>
    by(key).call(routes.shops.update, { query });
  const firstPrivateKey = async (key: string) =>
    ok(await by(key).call(routes.keys.account, {})).activeApiKeys.private[0]?.apiKey ?? '';

  it('lets an owner change their name and limits, and the profile shows it', async () => {
    expect((await update(owner, { name: 'Blue Jeans Ltd' })).data?.name).toBe('Blue Jeans Ltd');
    expect((await update(owner, { limit_tryon_daily: 42 })).data?.limit_tryon_daily).toBe(42);
    expect(
      (await update(owner, { limit_tryon_daily_per_client: 7 })).data?.limit_tryon_daily_per_client,
    ).toBe(7);
    expect((await update(owner, { tryOnLimit: 43 })).data?.limit_tryon_daily).toBe(43);
    const p = await profile(owner);
    expect(p).toMatchObject({ name: 'Blue Jeans Ltd', limitDailyTryon: 43, limitDailyPerClientTryon: 7 });
  });

  it("sets the currency of the shop's prices, which the shopper pages read", async () => {
    expect((await update(owner, { currency: 'eur' })).data?.currency).toBe('EUR');
    const bad = await update(owner, { currency: 'EURO' });
    expect(failed(bad).errorCodeStr).toBe('VALIDATION_ERROR');
    expect(failed(bad).errorMessage).toContain('ISO 4217');
    const pub = ok(await by(owner).call(routes.keys.account, {})).activeApiKeys.public[0]?.apiKey ?? '';
    const shopper = api(t, { apiKey: pub, clientUuid: 'currency-shopper' });
    expect(ok(await shopper.call(routes.shops.publicInfo, {})).currency).toBe('EUR');
    expect((await update(owner, { currency: '' })).data?.currency).toBe('');
  });

  it('tells the shopper pages how long photos are kept (RETENTION_DAYS), which the photo wording names', async () => {
    const retention = await createTestApp({ RETENTION_DAYS: '14' });
    try {
      const session = await signIn(retention, 'retention-owner@example.com');
      const account = ok(await api(retention, { apiKey: session }).call(routes.keys.account, {}));
      const shopper = api(retention, {
        apiKey: account.activeApiKeys.public[0]?.apiKey ?? '',
        clientUuid: 'retention-shopper',
      });
      expect(ok(await shopper.call(routes.shops.publicInfo, {})).retention_days).toBe(14);
    } finally {
      await retention.close();
    }
  });

  it('refuses owner changes to balance, status, e-mail and the garment limit', async () => {
    for (const field of ['tryon_balance', 'disabled', 'limit_garment_daily'] as const) {
      const res = await update(owner, { [field]: 1 });
      expect(res.status, field).toBe(403);
      expect(failed(res).errorCodeStr).toBe('FIELD_NOT_EDITABLE');
    }
    expect(failed(await update(owner, { mail: 'me@evil.com' })).errorCodeStr).toBe('FIELD_NOT_EDITABLE');
    expect((await profile(owner)).tryonBalance).toBe(50);
  });

  it('validates: one field at a time, numeric limits, non-empty name', async () => {
    expect((await update(owner, {})).status).toBe(400);
    expect((await update(owner, { name: 'A', url: 'https://a.com' })).status).toBe(400);
    expect(failed(await update(owner, { limit_tryon_daily: 'many' })).errorCodeStr).toBe('VALIDATION_ERROR');
    expect((await update(owner, { limit_tryon_daily: -1 })).status).toBe(400);
    expect((await update(owner, { name: '   ' })).status).toBe(400);
  });

  it('sets the logo and site to http(s) addresses only, and clears them with an empty value', async () => {
    const logo = 'https://cdn.example.com/logo.png';
    expect((await update(owner, { logo })).data?.logo).toBe(logo);
    expect((await update(owner, { url: 'https://shop.example.com' })).data?.url).toBe(
      'https://shop.example.com',
    );
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'shop.example.com',
      'https://a b.com',
    ]) {
      expect(failed(await update(owner, { logo: bad })).errorCodeStr, bad).toBe('VALIDATION_ERROR');
      expect(failed(await update(owner, { url: bad })).errorCodeStr, bad).toBe('VALIDATION_ERROR');
    }
    expect(await profile(owner)).toMatchObject({ logo, url: 'https://shop.example.com' });
    expect((await update(owner, { url: '' })).data?.url).toBe('');
  });

  it('cannot change another shop (tenant isolation): it looks like no shop at all', async () => {
    const res = await update(owner, { shop_uid: otherSuid, name: 'Owned' });
    expect(failed(res, 404).errorCodeStr).toBe('SHOP_NOT_FOUND');
    expect((await profile(otherOwner)).name).not.toBe('Owned');
    const stats = await by(owner).call(routes.stats.get, { query: { shop_uid: otherSuid } });
    expect(stats.status).toBe(403);
  });

  it('lets an admin change any shop, with the balance clamped at 0 and recorded in the ledger', async () => {
    expect((await update(admin, { shop_uid: ownerSuid, tryon_balance: 120 })).data?.tryon_balance).toBe(120);
    expect((await update(admin, { shop_uid: ownerSuid, tryon_balance: -30 })).data?.tryon_balance).toBe(0);
    const ledger = await t.runtime.services.ledger.history(ownerSuid);
    expect(ledger.map((l) => [l.reason, l.delta, l.balance_after])).toEqual([
      ['plan_activation', 50, 50],
      ['admin_adjustment', 70, 120],
      ['admin_adjustment', -120, 0],
    ]);
    expect(ledger[1]?.actor_uid).toBe((await profile(admin)).uid);
    expect(
      (await update(admin, { shop_uid: ownerSuid, limit_garment_daily: 5 })).data?.limit_garment_daily,
    ).toBe(5);
    await update(admin, { shop_uid: ownerSuid, tryon_balance: 50 });
  });

  it("a disabled shop's keys stop working; enabling it again restores them", async () => {
    const privateKey = await firstPrivateKey(otherOwner);
    expect((await update(admin, { shop_uid: otherSuid, disabled: 1 })).data?.disabled).toBe(true);
    for (const key of [otherOwner, privateKey]) {
      const res = await by(key).call(routes.user.profile, {});
      expect(failed(res, 401).errorCodeStr).toBe('SHOP_DISABLED');
    }
    await update(admin, { shop_uid: otherSuid, disabled: 0 });
    expect((await by(privateKey).call(routes.user.profile, {})).status).toBe(200);
  });

  it('lets an admin change the owner e-mail, refusing one that belongs to another account', async () => {
    const taken = await update(admin, { shop_uid: otherSuid, mail: 'owner@example.com' });
    expect(failed(taken, 409).errorCodeStr).toBe('EMAIL_TAKEN');
    expect((await update(admin, { shop_uid: otherSuid, mail: 'Renamed@Example.com' })).data?.email).toBe(
      'renamed@example.com',
    );
    await update(admin, { shop_uid: otherSuid, mail: 'other@example.com' });
  });

  describe('admin routes', () => {
    const adminCalls: [string, (key?: string) => Promise<Answer<unknown>>][] = [
      ['list', (key) => by(key).call(routes.shops.list, { query: {} })],
      ['add', (key) => by(key).call(routes.shops.add, { query: { email: 'x@example.com', name: 'X' } })],
      [
        'plan',
        (key) => by(key).call(routes.billing.changePlan, { query: { shop_uid: 's_x', tariff: 'starter' } }),
      ],
    ];

    it('refuse owners, their private keys and anonymous callers', async () => {
      const privateKey = await firstPrivateKey(owner);
      for (const [name, send] of adminCalls) {
        for (const key of [owner, privateKey]) {
          const res = await send(key);
          expect(res.status, name).toBe(403);
          expect(failed(res).errorCodeStr).toBe('ADMIN_ONLY');
        }
        expect((await send()).status).toBe(401);
      }
    });

    it("refuse even the admin's own shop private key: admin powers need a signed-in session", async () => {
      const privateKey = await firstPrivateKey(admin);
      const res = await by(privateKey).call(routes.shops.list, { query: {} });
      expect(res.status).toBe(403);
      expect((await profile(privateKey)).isAdmin).toBe(false);
      expect((await profile(admin)).isAdmin).toBe(true);
    });

    it('list shops with search and stable paging', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await by(admin).call(routes.shops.add, {
          query: { email: `page${i}@example.com`, name: `Paged Shop ${i}` },
        });
        expect(res.status).toBe(201);
        t.clock.advance(1000);
      }
      const found = ok(await by(admin).call(routes.shops.list, { query: { query: 'PAGED shop' } }));
      expect(found.items.map((s) => s.name)).toEqual([4, 3, 2, 1, 0].map((i) => `Paged Shop ${i}`));
      const listPage = async (offset: number) =>
        ok(await by(admin).call(routes.shops.list, { query: { limit: 2, offset } }));
      const seen: string[] = [];
      let offset: number | null = 0;
      while (offset !== null) {
        const page = await listPage(offset);
        seen.push(...page.items.map((s) => s.shop_uid));
        offset = page.nextOffset;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.length).toBe(3 + 5);
      const pct = await by(admin).call(routes.shops.list, { query: { query: '%' } });
      expect(pct.data?.items).toEqual([]);
      const tooMany = await by(admin).call(routes.shops.list, { query: { limit: 2001 } });
      expect(tooMany.status).toBe(400);
      const max = await by(admin).call(routes.shops.list, { query: { limit: 2000 } });
      expect(max.status).toBe(200);
    });

    it('list entries carry the fields of the admin table', async () => {
      const res = await by(admin).call(routes.shops.list, { query: { query: 'owner@example.com' } });
      const entry = res.data?.items[0];
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
      const added = await by(admin).call(routes.shops.add, {
        query: { email: 'later@example.com', name: 'Later Shop', allowed_domains: 'later.com' },
      });
      expect(added.status).toBe(201);
      expect(added.data).toMatchObject({ name: 'Later Shop', email: 'later@example.com', tryon_balance: 50 });
      const again = await by(admin).call(routes.shops.add, {
        query: { email: 'later@example.com', name: 'Again' },
      });
      expect(failed(again, 409).errorCodeStr).toBe('SHOP_EXISTS');
      const key = await signIn(t, 'later@example.com');
      expect((await profile(key)).suid).toBe(added.data?.shop_uid);
      const account = ok(await by(key).call(routes.keys.account, {}));
      expect(account.activeApiKeys.public[0]?.allowedDomains).toBe('later.com');
      const missing = await call(t.app, {
        method: 'POST',
        url: '/v1/shop/add',
        query: { name: 'No mail' },
        headers: withKey(admin),
      });
      expect(missing.status).toBe(400);
    });
  });

  it('follows `admin grant` and `revoke` at once, in a session signed in before (no new sign-in)', async () => {
    const session = await signIn(t, 'promoted@example.com');
    expect((await by(session).call(routes.shops.list, { query: {} })).status).toBe(403);
    const { users } = t.runtime.services;
    const user = await users.findByEmail('promoted@example.com');
    if (!user) throw new Error('no user');
    // What `npm run admin -- grant` does (src/cli.ts).
    await users.update(user.uid, { is_admin: 1 });
    expect((await by(session).call(routes.shops.list, { query: {} })).status).toBe(200);
    await users.update(user.uid, { is_admin: 0 });
    expect((await by(session).call(routes.shops.list, { query: {} })).status).toBe(403);
  });
});
