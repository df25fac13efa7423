import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, failed, ok } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';

const HOUR = 3_600_000;

describe('API keys for developers: names, last used, rolling', () => {
  let t: TestApp;
  let owner: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t, 'roll-owner@example.com');
    other = await signIn(t, 'roll-other@example.com');
  });
  afterAll(() => t.close());

  const by = (apiKey: string) => api(t, { apiKey });
  const add = async (kind: 'public' | 'private', name?: string) =>
    ok(
      await by(owner).call(routes.keys.add, { query: { kind, ...(name === undefined ? {} : { name }) } }),
      201,
    );
  const listed = async (apiKey: string) => {
    const account = ok(await by(owner).call(routes.keys.account, {}));
    return [...account.activeApiKeys.private, ...account.activeApiKeys.public].find(
      (k) => k.apiKey === apiKey,
    );
  };
  const profileStatus = async (key: string) => (await by(key).call(routes.user.profile, {})).status;
  const roll = (key: string, grace_hours: number, as = owner) =>
    by(as).call(routes.keys.roll, { query: { key, grace_hours } });

  it('names a key at creation and renames it; an empty name clears it; names are trimmed and bounded', async () => {
    const key = await add('private', '  Shopify sync  ');
    expect(key.name).toBe('Shopify sync');
    const renamed = ok(
      await by(owner).call(routes.keys.update, { query: { key: key.apiKey, name: 'ERP import' } }),
    );
    expect(renamed.name).toBe('ERP import');
    expect((await listed(key.apiKey))?.name).toBe('ERP import');
    ok(await by(owner).call(routes.keys.update, { query: { key: key.apiKey, name: '' } }));
    expect((await listed(key.apiKey))?.name).toBe('');
    const tooLong = await by(owner).call(routes.keys.add, {
      query: { kind: 'public', name: 'x'.repeat(81) },
    });
    expect(failed(tooLong, 400).errorCodeStr).toBe('VALIDATION_ERROR');
    const twoAtOnce = await by(owner).call(routes.keys.update, {
      query: { key: key.apiKey, name: 'a', active: 1 },
    });
    expect(failed(twoAtOnce, 400).errorCodeStr).toBe('VALIDATION_ERROR');
  });

  it('records "last used" on use, at most once a minute per key', async () => {
    const key = await add('private', 'cron');
    expect((await listed(key.apiKey))?.lastUsed).toBeNull();
    const usage = t.runtime.services.keyUsage;
    const written = async () => {
      await usage.flush();
      const row = await t.runtime.db.db
        .selectFrom('api_keys')
        .select('last_used_at')
        .where('key_hash', '=', t.runtime.services.secrets.keyDigest(key.apiKey))
        .executeTakeFirstOrThrow();
      return row.last_used_at === null ? null : Number(row.last_used_at);
    };
    const first = t.clock.now();
    expect(await profileStatus(key.apiKey)).toBe(200);
    expect(await written()).toBe(first);
    t.clock.advance(30_000);
    expect(await profileStatus(key.apiKey)).toBe(200);
    expect(await written()).toBe(first); // within the minute: not written again
    t.clock.advance(31_000);
    // The in-memory throttle runs on real time; the write itself only moves the time on after a minute, so a
    // second process (or this one a minute later) writes it again.
    await t.runtime.services.keysRepository.touchLastUsed(
      (
        await t.runtime.db.db
          .selectFrom('api_keys')
          .select('id')
          .where('key_hash', '=', t.runtime.services.secrets.keyDigest(key.apiKey))
          .executeTakeFirstOrThrow()
      ).id,
      t.clock.now(),
      60_000,
    );
    expect(await written()).toBe(first + 61_000);
    expect((await listed(key.apiKey))?.lastUsed).toBe(new Date(first + 61_000).toISOString());
  });

  it('never writes "last used" more than once a minute per key, however many requests', async () => {
    const key = await add('private');
    let writes = 0;
    const repo = t.runtime.services.keysRepository;
    const original = repo.touchLastUsed.bind(repo);
    repo.touchLastUsed = (...args) => {
      writes++;
      return original(...args);
    };
    try {
      for (let i = 0; i < 20; i++) expect(await profileStatus(key.apiKey)).toBe(200);
    } finally {
      repo.touchLastUsed = original;
    }
    expect(writes).toBe(1);
  });

  it('rolls a key: the new one works, the old one until its grace period ends, then is refused', async () => {
    const old = await add('private', 'backend');
    const fresh = ok(await roll(old.apiKey, 24), 201);
    expect(fresh.apiKey).not.toBe(old.apiKey);
    expect(fresh.apiKey).toMatch(/^sk_/);
    expect(fresh).toMatchObject({ kind: 'private', name: 'backend', status: 0, expires: null });
    expect((await listed(old.apiKey))?.expires).toBe(new Date(t.clock.now() + 24 * HOUR).toISOString());
    expect(await profileStatus(fresh.apiKey)).toBe(200);
    expect(await profileStatus(old.apiKey)).toBe(200);
    t.clock.advance(24 * HOUR - 1000);
    expect(await profileStatus(old.apiKey)).toBe(200);
    t.clock.advance(1000);
    const refused = await by(old.apiKey).call(routes.user.profile, {});
    expect(failed(refused, 401).errorCodeStr).toBe('API_KEY_INVALID');
    expect(await profileStatus(fresh.apiKey)).toBe(200);
    expect(await listed(old.apiKey)).toBeUndefined();
  });

  it('rolls a public key with its allowed domains, and grace 0 stops the old one at once', async () => {
    const old = ok(
      await by(owner).call(routes.keys.add, { query: { kind: 'public', allowed_domains: 'shop.example' } }),
      201,
    );
    const fresh = ok(await roll(old.apiKey, 0), 201);
    expect(fresh).toMatchObject({ kind: 'public', allowedDomains: 'shop.example' });
    const refused = await by(old.apiKey).call(routes.shops.publicInfo, {});
    expect(failed(refused, 401).errorCodeStr).toBe('API_KEY_INVALID');
  });

  it('refuses to roll a key twice, and a grace period that is not offered', async () => {
    const old = await add('private');
    ok(await roll(old.apiKey, 1), 201);
    expect(failed(await roll(old.apiKey, 1), 409).errorCodeStr).toBe('KEY_ALREADY_ROLLED');
    const odd = await roll((await add('private')).apiKey, 5);
    expect(failed(odd, 400).errorCodeStr).toBe('VALIDATION_ERROR');
  });

  it('issues one replacement when the same key is rolled twice at once', async () => {
    const old = await add('private');
    const answers = await Promise.all([roll(old.apiKey, 24), roll(old.apiKey, 24)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const account = ok(await by(owner).call(routes.keys.account, {}));
    const fresh = answers.find((a) => a.status === 201)?.data?.apiKey;
    expect(account.activeApiKeys.private.filter((k) => k.apiKey === fresh)).toHaveLength(1);
  });

  it("does not let another shop roll, rename, switch off or delete a shop's key", async () => {
    const mine = await add('private', 'mine');
    expect(failed(await roll(mine.apiKey, 24, other), 404).errorCodeStr).toBe('KEY_NOT_FOUND');
    const rename = await by(other).call(routes.keys.update, { query: { key: mine.apiKey, name: 'theirs' } });
    expect(failed(rename, 404).errorCodeStr).toBe('KEY_NOT_FOUND');
    const off = await by(other).call(routes.keys.update, { query: { key: mine.apiKey, active: 0 } });
    expect(failed(off, 404).errorCodeStr).toBe('KEY_NOT_FOUND');
    const del = await by(other).call(routes.keys.remove, { query: { key: mine.apiKey } });
    expect(failed(del, 404).errorCodeStr).toBe('KEY_NOT_FOUND');
    expect((await listed(mine.apiKey))?.name).toBe('mine');
    expect(await profileStatus(mine.apiKey)).toBe(200);
  });

  it('does not let a public key roll any key', async () => {
    const pub = await add('public');
    const answer = await by(pub.apiKey).call(routes.keys.roll, {
      query: { key: pub.apiKey, grace_hours: 0 },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(await listed(pub.apiKey)).toBeDefined();
    expect((await listed(pub.apiKey))?.expires).toBeNull();
  });
});
