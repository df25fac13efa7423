import { errorCodeOf } from '@tryon/client';
import { routes } from '@tryon/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, failed, ok } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { readCodeFromOutbox } from '../../../test/read-code-from-outbox.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { sweepExpired } from '../retention/retention.ts';

const register = (t: TestApp, email: string, ip = '10.0.0.1') =>
  api(t, { remoteAddress: ip }).call(routes.auth.mailRegister, { query: { email } });
const submit = (t: TestApp, email: string, code: string) =>
  api(t).call(routes.auth.mailSignin, { query: { email, code } });
const profileOf = (t: TestApp, key: string) => api(t, { apiKey: key }).call(routes.user.profile, {});
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');

describe('sign-in by e-mail code', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('creates the user, a Free Demo shop with 50 try-ons and one key of each kind on first sign-in', async () => {
    const key = await signIn(t, 'new.owner@example.com');
    expect(key).toMatch(/^ss_[A-Za-z0-9_-]{32}$/);

    const profile = await profileOf(t, key);
    expect(profile.status).toBe(200);
    expect(profile.data).toMatchObject({
      mail: 'new.owner@example.com',
      name: 'new.owner',
      tryonBalance: 50,
      tariff: 'free',
      isAdmin: false,
      apiKey: key,
    });
    const account = ok(await api(t, { apiKey: key }).call(routes.keys.account, {}));
    const { private: priv, public: pub } = account.activeApiKeys;
    expect(priv).toHaveLength(1);
    expect(pub).toHaveLength(1);
    expect(priv[0]).toMatchObject({ status: 0, allowedDomains: null, kind: 'private' });
    expect(pub[0]).toMatchObject({ status: 0, allowedDomains: '*', kind: 'public' });
    expect(account.suid).toBe(profile.data?.suid);
  });

  it('signs the same address into the same shop again, with a new session key', async () => {
    const first = await signIn(t, 'owner@example.com');
    const second = await signIn(t, 'OWNER@example.com ');
    expect(second).not.toBe(first);
    const a = await profileOf(t, first);
    const b = await profileOf(t, second);
    expect(b.data?.suid).toBe(a.data?.suid);
  });

  it('refuses a malformed address with WRONG_EMAIL', async () => {
    for (const email of ['', 'not-an-email', 'a@', '@b.com', 'x@y']) {
      const res = await register(t, email);
      expect(res.status, email).toBe(400);
      expect(failed(res).errorCodeStr, email).toBe('WRONG_EMAIL');
      expect(failed(res).errorMessage).toBe('Wrong email. Please enter different mail address.');
    }
  });

  it('allows a new code only after 90 seconds (TOO_MANY_CODES)', async () => {
    expect((await register(t, 'a@example.com')).status).toBe(200);
    t.clock.advance(89_000);
    const again = await register(t, 'a@example.com');
    expect(again.status).toBe(429);
    expect(failed(again)).toMatchObject({
      errorCodeStr: 'TOO_MANY_CODES',
      errorMessage: 'You requested too many verification codes. Please wait 90 seconds before trying again.',
    });
    t.clock.advance(2_000);
    expect((await register(t, 'a@example.com')).status).toBe(200);
  });

  it('caps the codes an address can get in a day', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await register(t, 'busy@example.com')).status).toBe(200);
      t.clock.advance(91_000);
    }
    const capped = await register(t, 'busy@example.com');
    expect(capped.status).toBe(429);
    expect(failed(capped).errorCodeStr).toBe('DAILY_CODE_LIMIT');
    t.clock.advance(24 * 3600_000);
    expect((await register(t, 'busy@example.com')).status).toBe(200);
  });

  it('answers WRONG_CODE for a wrong code and still accepts the right one', async () => {
    await register(t, 'b@example.com');
    const code = readCodeFromOutbox(t.dataDir, 'b@example.com');
    const wrong = await submit(t, 'b@example.com', wrongCodeFor(code));
    expect(wrong.status).toBe(400);
    expect(failed(wrong)).toMatchObject({
      errorCodeStr: 'WRONG_CODE',
      errorMessage: 'Wrong verification code. Please try again.',
    });
    expect((await submit(t, 'b@example.com', code)).status).toBe(200);
  });

  it('answers WRONG_CODE for malformed codes and for an address that asked for none', async () => {
    await register(t, 'c@example.com');
    for (const code of ['12', '12345', 'abcd', '']) {
      expect(failed(await submit(t, 'c@example.com', code)).errorCodeStr, code).toBe('WRONG_CODE');
    }
    expect(failed(await submit(t, 'never@example.com', '1234')).errorCodeStr).toBe('WRONG_CODE');
  });

  it('kills a code after 5 tries (TOO_MANY_ATTEMPTS), even for the right code, until a new one is sent', async () => {
    await register(t, 'd@example.com');
    const code = readCodeFromOutbox(t.dataDir, 'd@example.com');
    const wrong = wrongCodeFor(code);
    for (let i = 0; i < 4; i++)
      expect(failed(await submit(t, 'd@example.com', wrong)).errorCodeStr).toBe('WRONG_CODE');
    const fifth = await submit(t, 'd@example.com', wrong);
    expect(fifth.status).toBe(429);
    expect(failed(fifth)).toMatchObject({
      errorCodeStr: 'TOO_MANY_ATTEMPTS',
      errorMessage: 'Too many attempts to enter the code. Please start the registration process again.',
    });
    expect(failed(await submit(t, 'd@example.com', code)).errorCodeStr).toBe('TOO_MANY_ATTEMPTS');

    t.clock.advance(91_000);
    await register(t, 'd@example.com');
    const fresh = readCodeFromOutbox(t.dataDir, 'd@example.com');
    expect((await submit(t, 'd@example.com', fresh)).status).toBe(200);
  });

  it('holds the 5-try limit when guesses arrive in parallel', async () => {
    await register(t, 'e@example.com');
    const code = readCodeFromOutbox(t.dataDir, 'e@example.com');
    const guesses = Array.from({ length: 40 }, (_, i) =>
      String((Number(code) + 1 + i) % 10000).padStart(4, '0'),
    );
    const results = await Promise.all(guesses.map((g) => submit(t, 'e@example.com', g)));
    const wrongOnes = results.filter((r) => r.error && errorCodeOf(r.error) === 'WRONG_CODE').length;
    expect(wrongOnes).toBeLessThanOrEqual(4);
    expect(results.every((r) => r.status !== 200)).toBe(true);
    expect(failed(await submit(t, 'e@example.com', code)).errorCodeStr).toBe('TOO_MANY_ATTEMPTS');
  });

  it('expires a code after 10 minutes', async () => {
    await register(t, 'f@example.com');
    const code = readCodeFromOutbox(t.dataDir, 'f@example.com');
    t.clock.advance(10 * 60_000);
    const res = await submit(t, 'f@example.com', code);
    expect(res.status).toBe(400);
    expect(failed(res).errorCodeStr).toBe('CODE_EXPIRED');
  });

  it('accepts a code once only', async () => {
    await register(t, 'g@example.com');
    const code = readCodeFromOutbox(t.dataDir, 'g@example.com');
    expect((await submit(t, 'g@example.com', code)).status).toBe(200);
    const reuse = await submit(t, 'g@example.com', code);
    expect(reuse.status).toBe(400);
    expect(failed(reuse).errorCodeStr).toBe('CODE_EXPIRED');
  });

  it('voids the older code when a new one is sent', async () => {
    await register(t, 'h@example.com');
    const old = readCodeFromOutbox(t.dataDir, 'h@example.com');
    t.clock.advance(91_000);
    await register(t, 'h@example.com');
    const fresh = readCodeFromOutbox(t.dataDir, 'h@example.com');
    if (fresh !== old) expect(failed(await submit(t, 'h@example.com', old)).errorCodeStr).toBe('WRONG_CODE');
    expect((await submit(t, 'h@example.com', fresh)).status).toBe(200);
  });

  it('stores codes only as digests', async () => {
    await register(t, 'i@example.com');
    const code = readCodeFromOutbox(t.dataDir, 'i@example.com');
    const rows = await t.runtime.db.db.selectFrom('signin_codes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
    expect(rows[0]?.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('purges sign-in codes older than a day with the retention sweep, and keeps younger ones', async () => {
    await register(t, 'old.code@example.com');
    t.clock.advance(DAY_MS - 60_000);
    await register(t, 'young.code@example.com');
    t.clock.advance(2 * 60_000);
    await sweepExpired(t.runtime.services, t.runtime.db.db, 30 * DAY_MS, t.clock.now());
    const rows = await t.runtime.db.db.selectFrom('signin_codes').select('email').execute();
    expect(rows.map((r) => r.email)).toEqual(['young.code@example.com']);
  });

  it('logs out: the session key stops working at once, other sessions go on', async () => {
    const a = await signIn(t, 'j@example.com');
    const b = await signIn(t, 'j@example.com');
    const out = await api(t, { apiKey: a }).call(routes.auth.logout, {});
    expect(out).toMatchObject({ status: 200, data: { ok: true } });
    const after = await profileOf(t, a);
    expect(after.status).toBe(401);
    expect(failed(after).errorCodeStr).toBe('API_KEY_INVALID');
    expect((await profileOf(t, b)).status).toBe(200);
  });

  it('expires session keys after SESSION_TTL_DAYS', async () => {
    const key = await signIn(t, 'k@example.com');
    t.clock.advance(30 * 86_400_000);
    const res = await profileOf(t, key);
    expect(res.status).toBe(401);
    expect(failed(res).errorCodeStr).toBe('API_KEY_INVALID');
  });

  it('makes ADMIN_EMAILS administrators on sign-in', async () => {
    const admins = await createTestApp({ ADMIN_EMAILS: 'Boss@Example.com, other@example.com' });
    try {
      const key = await signIn(admins, 'boss@example.com');
      const profile = await profileOf(admins, key);
      expect(profile.data?.isAdmin).toBe(true);
    } finally {
      await admins.close();
    }
  });
});

describe('sign-in rate limit per client address', () => {
  it('refuses the 11th code request a minute from one address with RATE_LIMITED', async () => {
    const t = await createTestApp({ RATE_LIMIT_SIGNIN_PER_MINUTE: '10' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await register(t, `user${i}@example.com`, '10.9.9.9')).status);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      const limited = await register(t, 'user-x@example.com', '10.9.9.9');
      expect(limited.status).toBe(429);
      expect(failed(limited).errorCodeStr).toBe('RATE_LIMITED');
      expect((await register(t, 'user-y@example.com', '10.9.9.10')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
