import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signIn, type TestApp, withKey } from '../../../test/harness.ts';

const DAY = 86_400_000;
type Item = { curdate: string; user_count: number; action_count: number };

describe('statistics', () => {
  let t: TestApp;
  let key: string;
  let suid: string;
  let otherSuid: string;
  beforeAll(async () => {
    t = await createTestApp();
    key = await signIn(t, 'stats@example.com');
    const other = await signIn(t, 'stats-other@example.com');
    suid = (await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(key) })).body.suid as string;
    otherSuid = (await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(other) })).body
      .suid as string;
  });
  afterAll(() => t.close());

  const get = async (query = '') => {
    const res = await call(t.app, { method: 'GET', url: `/v1/user/stats${query}`, headers: withKey(key) });
    return res as unknown as { status: number; body: Record<string, Item[]> & { totals?: unknown } };
  };

  it('returns the five series, one zero-filled item per day, oldest first, 30 days by default', async () => {
    const { body } = await get();
    expect(Object.keys(body).sort()).toEqual(['client', 'garment', 'person', 'search', 'totals', 'tryon']);
    const { totals, ...all } = body;
    expect(totals).toEqual({ user_count: 0, action_count: 0 });
    for (const series of Object.values(all)) {
      expect(series).toHaveLength(30);
      expect(series.every((i) => i.user_count === 0 && i.action_count === 0)).toBe(true);
    }
    const days = body.tryon?.map((i) => i.curdate) ?? [];
    expect(days.at(-1)).toBe(new Date(t.clock.now()).toISOString().slice(0, 10));
    expect(days[0]).toBe(new Date(t.clock.now() - 29 * DAY).toISOString().slice(0, 10));
    expect((await get('?days=7')).body.client).toHaveLength(7);
  });

  it('counts actions and distinct clients per day, per kind, for this shop only', async () => {
    const { stats } = t.runtime.services;
    await stats.record(suid, 'tryon', 'client-a');
    await stats.record(suid, 'tryon', 'client-a');
    await stats.record(suid, 'tryon', 'client-b');
    await stats.record(suid, 'search', null);
    await stats.record(otherSuid, 'tryon', 'client-z');
    t.clock.advance(-2 * DAY);
    await stats.record(suid, 'person', 'client-c');
    t.clock.advance(2 * DAY);
    t.clock.advance(-40 * DAY);
    await stats.record(suid, 'tryon', 'old-client');
    t.clock.advance(40 * DAY);

    const { body } = await get('?days=3');
    expect(body.tryon?.at(-1)).toMatchObject({ user_count: 2, action_count: 3 });
    expect(body.search?.at(-1)).toMatchObject({ user_count: 0, action_count: 1 });
    expect(body.person?.[0]).toMatchObject({ user_count: 1, action_count: 1 });
    const thirty = (await get()).body;
    expect(thirty.tryon?.reduce((n, i) => n + i.action_count, 0)).toBe(3);
  });

  it('totals the period: a shopper back on several days counts once', async () => {
    const own = await signIn(t, 'stats-totals@example.com');
    const ownSuid = (await call(t.app, { method: 'GET', url: '/v1/user', headers: withKey(own) })).body
      .suid as string;
    const { stats } = t.runtime.services;
    for (let day = 0; day < 3; day++) {
      await stats.record(ownSuid, 'client', 'client-loyal');
      t.clock.advance(DAY);
    }
    await stats.record(ownSuid, 'client', 'client-once');
    await stats.record(ownSuid, 'tryon', 'client-tryon-only');
    const res = await call(t.app, { method: 'GET', url: '/v1/user/stats?days=7', headers: withKey(own) });
    const client = res.body.client as Item[];
    expect(client.reduce((n, i) => n + i.user_count, 0)).toBe(4);
    expect(res.body.totals).toEqual({ user_count: 2, action_count: 4 });
  });

  it('validates days', async () => {
    expect((await get('?days=0')).status).toBe(400);
    expect((await get('?days=abc')).status).toBe(400);
    expect((await get('?days=366')).status).toBe(400);
    expect((await get('?days=90')).body.garment).toHaveLength(90);
  });
});
