import { routes } from '@tryon/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, profileOf } from '../../../test/api.ts';
import { call, createTestApp, signIn, type TestApp, withKey } from '../../../test/harness.ts';

const DAY = 86_400_000;

describe('plan rules', () => {
  let t: TestApp;
  let suid: string;
  let ownerKey: string;
  let adminKey: string;
  beforeEach(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com' });
    adminKey = await signIn(t, 'admin@example.com');
    ownerKey = await signIn(t, 'shop@example.com');
    suid = (await profileOf(t, ownerKey)).suid;
  });
  afterEach(() => t.close());

  const plans = () => t.runtime.services.plans;
  const consume = (count = 1, ref: string | null = null) =>
    t.runtime.db.db.transaction().execute((trx) => plans().consume(trx, suid, count, ref));
  const reasons = async () =>
    (await t.runtime.services.ledger.history(suid)).map((l) => [l.reason, l.delta, l.balance_after]);

  it('starts a new shop on Free Demo with 50 try-ons for 30 days', async () => {
    const billing = await plans().billing(suid);
    expect(billing).toMatchObject({ tariff: 'free', balance: 50 });
    expect(Date.parse(billing.periodEnd) - Date.parse(billing.periodStart)).toBe(30 * DAY);
    expect(billing.tariffs.map((x) => [x.name, x.tryons, x.pricePerTryonUsd, x.priceUsd])).toEqual([
      ['Free Demo 50', 50, 0, 0],
      ['Starter 300', 300, 0.1, 29],
      ['Business 3K', 3000, 0.06, 179],
      ['Enterprise 30K', 30000, 0.04, 1199],
    ]);
  });

  it('Free Demo neither renews nor re-activates: at 0 the shop gets NO_BALANCE', async () => {
    t.clock.advance(31 * DAY);
    expect((await plans().billing(suid)).balance).toBe(50);
    await consume(50);
    await expect(consume(1)).rejects.toMatchObject({ code: 'NO_BALANCE' });
    expect((await plans().billing(suid)).balance).toBe(0);
  });

  it('a plan change keeps unused try-ons, adds the new ones and starts a new 30-day period', async () => {
    await consume(20);
    t.clock.advance(5 * DAY);
    const after = await plans().changePlan(suid, 'starter', { uid: null, via: 'cli' });
    expect(after).toMatchObject({ tariff: 'starter', balance: 30 + 300 });
    expect(Date.parse(after.periodStart)).toBe(t.clock.now());
    expect(Date.parse(after.periodEnd)).toBe(t.clock.now() + 30 * DAY);
  });

  it('renews a paid plan automatically every 30 days, once per period, keeping unused try-ons', async () => {
    await plans().changePlan(suid, 'starter', { uid: null, via: 'cli' });
    const start = t.clock.now();
    t.clock.advance(30 * DAY - 1);
    expect((await plans().billing(suid)).balance).toBe(350);
    t.clock.advance(1);
    const renewed = await plans().billing(suid);
    expect(renewed.balance).toBe(650);
    expect(Date.parse(renewed.periodStart)).toBe(start + 30 * DAY);
    expect((await plans().billing(suid)).balance).toBe(650);
    // Two whole periods later: two renewals, each for its own period.
    t.clock.advance(60 * DAY);
    const later = await plans().billing(suid);
    expect(later.balance).toBe(1250);
    expect(Date.parse(later.periodEnd)).toBe(start + 120 * DAY);
  });

  it('renews once when many requests see the due renewal at the same moment', async () => {
    await plans().changePlan(suid, 'starter', { uid: null, via: 'cli' });
    t.clock.advance(30 * DAY);
    await Promise.all(Array.from({ length: 10 }, () => plans().billing(suid)));
    expect((await plans().billing(suid)).balance).toBe(650);
  });

  it('activates a paid plan again when its try-ons run out', async () => {
    await plans().changePlan(suid, 'starter', { uid: null, via: 'cli' });
    t.clock.advance(3 * DAY);
    expect(await consume(349)).toBe(1);
    expect(await consume(1)).toBe(300);
    const billing = await plans().billing(suid);
    expect(billing.balance).toBe(300);
    expect(Date.parse(billing.periodStart)).toBe(t.clock.now());
    expect((await reasons()).slice(-2)).toEqual([
      ['tryon_charge', -1, 0],
      ['plan_reactivation', 300, 300],
    ]);
  });

  it('never lets the balance go below zero under concurrent charges, and records each one', async () => {
    const results = await Promise.allSettled(Array.from({ length: 80 }, (_, i) => consume(1, `tryon-${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(30);
    expect((await plans().billing(suid)).balance).toBe(0);
    const charges = (await t.runtime.services.ledger.history(suid)).filter(
      (l) => l.reason === 'tryon_charge',
    );
    expect(charges).toHaveLength(50);
    expect(charges.map((c) => c.balance_after).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
  });

  it('refunds go back to the balance through the ledger', async () => {
    await consume(1, 'tryon-x');
    await t.runtime.db.db.transaction().execute((trx) => plans().refund(trx, suid, 1, 'tryon-x'));
    expect((await plans().billing(suid)).balance).toBe(50);
    expect((await reasons()).slice(-1)).toEqual([['tryon_refund', 1, 50]]);
  });

  it('serves the billing screen and lets admins (only) change a plan over HTTP', async () => {
    const owner = api(t, { apiKey: ownerKey });
    const admin = api(t, { apiKey: adminKey });
    const billing = await owner.call(routes.billing.get, {});
    expect(billing.data).toMatchObject({ suid, tariff: 'free', balance: 50 });
    const byOwner = await owner.call(routes.billing.changePlan, {
      query: { shop_uid: suid, tariff: 'business' },
    });
    expect(byOwner.status).toBe(403);
    const byAdmin = await admin.call(routes.billing.changePlan, {
      query: { shop_uid: suid, tariff: 'business' },
    });
    expect(byAdmin.data).toMatchObject({ tariff: 'business', balance: 3050 });
    // A tariff the contract does not know: sent raw, as the typed client would not let it through.
    const unknown = await call(t.app, {
      method: 'POST',
      url: `/v1/shop/plan?shop_uid=${suid}&tariff=platinum`,
      headers: withKey(adminKey),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorCodeStr).toBe('UNKNOWN_TARIFF');
    const noShop = await admin.call(routes.billing.changePlan, {
      query: { shop_uid: 's_none', tariff: 'business' },
    });
    expect(noShop.status).toBe(404);
  });

  it('charges at the same moment that empty a renewing plan re-activate it once', async () => {
    await plans().changePlan(suid, 'starter', { uid: null, via: 'cli' });
    await t.runtime.db.db.transaction().execute((trx) => plans().setBalance(trx, suid, 0, 'admin')); // an administrator emptied it
    const results = await Promise.allSettled(Array.from({ length: 24 }, (_, i) => consume(1, `r${i}`)));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const reactivations = (await reasons()).filter(([reason]) => reason === 'plan_reactivation');
    expect(reactivations).toHaveLength(1);
    expect((await plans().billing(suid)).balance).toBe(300 - 24);
  });
});
