import { type AuditEntry, routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, failed, ok, profileOf } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { sweepExpired } from '../retention/retention.ts';

describe('audit log', () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  let admin: string;
  let suid: string;
  let otherSuid: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'audit-admin@example.com' });
    owner = await signIn(t, 'audit-owner@example.com');
    other = await signIn(t, 'audit-other@example.com');
    admin = await signIn(t, 'audit-admin@example.com');
    suid = (await profileOf(t, owner)).suid;
    otherSuid = (await profileOf(t, other)).suid;
  });
  afterAll(() => t.close());

  const by = (apiKey: string) => api(t, { apiKey });
  const log = async (apiKey = owner, query: { shop_uid?: string; offset?: number; limit?: number } = {}) =>
    ok(await by(apiKey).call(routes.audit.list, { query }));
  const latest = async (apiKey = owner, shop_uid?: string): Promise<AuditEntry | undefined> =>
    (await log(apiKey, shop_uid ? { shop_uid, limit: 1 } : { limit: 1 })).items[0];

  it("records the admin grant of ADMIN_EMAILS at sign-in in the admin's shop", async () => {
    const adminSuid = (await profileOf(t, admin)).suid;
    expect(await latest(admin, adminSuid)).toMatchObject({
      action: 'admin.grant',
      via: 'signin',
      actor: null,
      target: 'audit-admin@example.com',
    });
  });

  it('records key changes by who made them, naming keys by a masked hint, never the secret', async () => {
    const key = ok(await by(owner).call(routes.keys.add, { query: { kind: 'private', name: 'ERP' } }), 201);
    expect(await latest()).toMatchObject({
      action: 'key.create',
      actor: 'audit-owner@example.com',
      to: 'ERP',
    });
    ok(await by(owner).call(routes.keys.update, { query: { key: key.apiKey, active: 0 } }));
    expect(await latest()).toMatchObject({ action: 'key.update', from: '1', to: '0' });
    ok(await by(owner).call(routes.keys.update, { query: { key: key.apiKey, active: 1 } }));
    const rolled = ok(
      await by(owner).call(routes.keys.roll, { query: { key: key.apiKey, grace_hours: 24 } }),
      201,
    );
    expect(await latest()).toMatchObject({ action: 'key.roll', from: '24 h' });
    ok(await by(owner).call(routes.keys.remove, { query: { key: rolled.apiKey } }));
    const entry = await latest();
    expect(entry).toMatchObject({ action: 'key.delete', shop_uid: suid, via: 'api' });
    expect(entry?.target).toBe(`sk_…${rolled.apiKey.slice(-4)}`);
    const all = JSON.stringify(await log(owner, { limit: 100 }));
    expect(all).not.toContain(key.apiKey);
    expect(all).not.toContain(rolled.apiKey);
  });

  it('records settings, limits, balance, disabling, e-mail and plan changes, with the values before and after', async () => {
    const update = async (query: Record<string, string | number>) =>
      ok(await by(admin).call(routes.shops.update, { query: { shop_uid: suid, ...query } }));
    ok(await by(owner).call(routes.shops.update, { query: { name: 'Audit shop' } }));
    expect(await latest()).toMatchObject({ action: 'shop.settings', target: 'name', to: 'Audit shop' });
    await update({ limit_garment_daily: 7 });
    expect(await latest()).toMatchObject({ action: 'shop.limit', target: 'limit_garment_daily', to: '7' });
    expect((await latest())?.actor).toBe('audit-admin@example.com');
    await update({ tryon_balance: -5 });
    expect(await latest()).toMatchObject({ action: 'shop.balance', to: '0' });
    await update({ disabled: 1 });
    expect(await latest(admin, suid)).toMatchObject({ action: 'shop.disable', from: '0', to: '1' });
    await update({ disabled: 0 });
    expect(await latest()).toMatchObject({ action: 'shop.enable' });
    await update({ mail: 'audit-owner2@example.com' });
    expect(await latest()).toMatchObject({
      action: 'shop.email',
      from: 'audit-owner@example.com',
      to: 'audit-owner2@example.com',
    });
    ok(await by(admin).call(routes.billing.changePlan, { query: { shop_uid: suid, tariff: 'starter' } }));
    expect(await latest()).toMatchObject({ action: 'plan.change', to: 'starter' });
  });

  it('writes nothing for a change that did not happen, in the same transaction as the change', async () => {
    const before = (await log(owner, { limit: 100 })).items.length;
    const taken = await by(admin).call(routes.shops.update, {
      query: { shop_uid: suid, mail: 'audit-other@example.com' },
    });
    expect(failed(taken, 409).errorCodeStr).toBe('EMAIL_TAKEN');
    ok(await by(owner).call(routes.shops.update, { query: { name: 'Audit shop' } })); // unchanged
    expect((await log(owner, { limit: 100 })).items).toHaveLength(before);
  });

  it("shows an owner their own shop's entries only", async () => {
    const own = await log(other, { limit: 100 });
    expect(own.items.every((e) => e.shop_uid === otherSuid)).toBe(true);
    const refused = await by(other).call(routes.audit.list, { query: { shop_uid: suid } });
    expect(failed(refused, 403).errorCodeStr).toBe('ADMIN_ONLY');
    const all = await by(other).call(routes.audit.list, { query: { shop_uid: '*' } });
    expect(failed(all, 403).errorCodeStr).toBe('ADMIN_ONLY');
  });

  it('lets admins list every shop or filter by one, paged newest first', async () => {
    const all = await log(admin, { shop_uid: '*', limit: 100 });
    expect(new Set(all.items.map((e) => e.shop_uid))).toContain(suid);
    const ids = all.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page1 = await log(admin, { shop_uid: suid, limit: 3 });
    const page2 = await log(admin, { shop_uid: suid, offset: page1.nextOffset ?? 0, limit: 3 });
    expect(page1.items).toHaveLength(3);
    expect(page1.nextOffset).toBe(3);
    expect(page2.items[0]?.id).toBeLessThan(page1.items[2]?.id ?? 0);
    expect(page1.items.every((e) => e.shop_uid === suid && e.shopName === 'Audit shop')).toBe(true);
    const missing = await by(admin).call(routes.audit.list, { query: { shop_uid: 's_missing' } });
    expect(failed(missing, 404).errorCodeStr).toBe('SHOP_NOT_FOUND');
  });

  it('records grants and revocations from the command line', async () => {
    const uid = (await profileOf(t, other)).uid;
    expect(await t.runtime.services.shops.setAdmin(uid, true, { uid: null, via: 'cli' })).toBe(true);
    expect(await t.runtime.services.shops.setAdmin(uid, true, { uid: null, via: 'cli' })).toBe(false);
    expect(await t.runtime.services.shops.setAdmin(uid, false, { uid: null, via: 'cli' })).toBe(true);
    const items = (await log(other, { limit: 2 })).items;
    expect(items.map((e) => [e.action, e.via])).toEqual([
      ['admin.revoke', 'cli'],
      ['admin.grant', 'cli'],
    ]);
  });

  it('deletes entries older than the retention period', async () => {
    const count = async () => (await log(admin, { shop_uid: '*', limit: 100 })).items.length;
    expect(await count()).toBeGreaterThan(0);
    const now = t.clock.now();
    await sweepExpired(t.runtime.services, t.runtime.db.db, 30 * DAY_MS, now, 2 * DAY_MS);
    expect(await count()).toBeGreaterThan(0);
    await sweepExpired(t.runtime.services, t.runtime.db.db, 30 * DAY_MS, now + 3 * DAY_MS, 2 * DAY_MS);
    expect(await count()).toBe(0);
  });
});
