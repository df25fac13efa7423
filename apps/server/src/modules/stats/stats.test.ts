import { routes } from '@tryon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok, profileOf } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';

const DAY = 86_400_000;

describe('statistics', () => {
  let t: TestApp;
  let key: string;
  let suid: string;
  let otherSuid: string;
  beforeAll(async () => {
    t = await createTestApp();
    key = await signIn(t, 'stats@example.com');
    const other = await signIn(t, 'stats-other@example.com');
    suid = (await profileOf(t, key)).suid;
    otherSuid = (await profileOf(t, other)).suid;
  });
  afterAll(() => t.close());

  const get = (days?: number | string, apiKey = key) =>
    api(t, { apiKey }).call(routes.stats.get, { query: { days } });
  const body = async (days?: number) => ok(await get(days));

  it('returns the five series, one zero-filled item per day, oldest first, 30 days by default', async () => {
    const stats = await body();
    expect(Object.keys(stats).sort()).toEqual([
      'client',
      'garment',
      'person',
      'search',
      'totals',
      'tryon',
      'view',
    ]);
    const { totals, ...all } = stats;
    expect(totals).toEqual({ user_count: 0, action_count: 0 });
    for (const series of Object.values(all)) {
      expect(series).toHaveLength(30);
      expect(series.every((i) => i.user_count === 0 && i.action_count === 0)).toBe(true);
    }
    const days = stats.tryon.map((i) => i.curdate);
    expect(days.at(-1)).toBe(new Date(t.clock.now()).toISOString().slice(0, 10));
    expect(days[0]).toBe(new Date(t.clock.now() - 29 * DAY).toISOString().slice(0, 10));
    expect((await body(7)).client).toHaveLength(7);
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

    const three = await body(3);
    expect(three.tryon.at(-1)).toMatchObject({ user_count: 2, action_count: 3 });
    expect(three.search.at(-1)).toMatchObject({ user_count: 0, action_count: 1 });
    expect(three.person[0]).toMatchObject({ user_count: 1, action_count: 1 });
    const thirty = await body();
    expect(thirty.tryon.reduce((n, i) => n + i.action_count, 0)).toBe(3);
  });

  it('totals the period: a shopper back on several days counts once', async () => {
    const own = await signIn(t, 'stats-totals@example.com');
    const ownSuid = (await profileOf(t, own)).suid;
    const { stats } = t.runtime.services;
    for (let day = 0; day < 3; day++) {
      await stats.record(ownSuid, 'client', 'client-loyal');
      t.clock.advance(DAY);
    }
    await stats.record(ownSuid, 'client', 'client-once');
    await stats.record(ownSuid, 'tryon', 'client-tryon-only');
    const res = await get(7, own);
    const client = res.data?.client ?? [];
    expect(client.reduce((n, i) => n + i.user_count, 0)).toBe(4);
    expect(res.data?.totals).toEqual({ user_count: 2, action_count: 4 });
  });

  it('validates days', async () => {
    expect((await get(0)).status).toBe(400);
    expect((await get('abc')).status).toBe(400);
    expect((await get(366)).status).toBe(400);
    expect((await get(90)).data?.garment).toHaveLength(90);
  });
});
