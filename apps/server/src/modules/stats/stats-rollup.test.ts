import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routes, type StatsKind, statsKinds } from '@tryon/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ok, profileOf } from '../../../test/api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/harness.ts';
import { connectDatabase } from '../../db/connect.ts';
import { migrateToLatest, migrateUpTo } from '../../db/migrations/index.ts';
import type { Database } from '../../db/schema.ts';
import { utcDay } from '../../lib/clock.ts';
import { StatsRepository } from './stats.repository.ts';

const DAY = 86_400_000;
const usePostgres = process.env.TEST_DIALECT === 'postgres';

/** The statistics as they were computed before the roll-up: every event of the period, aggregated. */
async function fromEvents(db: Kysely<Database>, shopSuid: string, fromDay: string) {
  const daily = await db
    .selectFrom('events')
    .select((eb) => [
      'kind',
      'day',
      eb.fn.count<number>('client_id').distinct().as('user_count'),
      eb.fn.countAll<number>().as('action_count'),
    ])
    .where('shop_suid', '=', shopSuid)
    .where('day', '>=', fromDay)
    .groupBy(['kind', 'day'])
    .execute();
  const totals = await db
    .selectFrom('events')
    .select((eb) => [
      eb.fn.count<number>('client_id').distinct().as('user_count'),
      eb.fn.countAll<number>().as('action_count'),
    ])
    .where('shop_suid', '=', shopSuid)
    .where('kind', '=', 'client')
    .where('day', '>=', fromDay)
    .executeTakeFirstOrThrow();
  return {
    daily: sorted(daily),
    totals: { user_count: Number(totals.user_count), action_count: Number(totals.action_count) },
  };
}

const sorted = (rows: { kind: string; day: string; user_count: number; action_count: number }[]) =>
  rows
    .map((r) => ({ ...r, user_count: Number(r.user_count), action_count: Number(r.action_count) }))
    .sort((a, b) => `${a.kind}${a.day}`.localeCompare(`${b.kind}${b.day}`));

async function fromRollUp(repo: StatsRepository, shopSuid: string, fromDay: string) {
  return {
    daily: sorted(await repo.daily(shopSuid, fromDay)),
    totals: await repo.periodTotals(shopSuid, 'client', fromDay),
  };
}

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('statistics rolled up per day', () => {
  let t: TestApp;
  let key: string;
  let shops: string[];
  let repo: StatsRepository;
  const start = Date.UTC(2026, 0, 1, 9, 0, 0);
  const days = 12;

  beforeAll(async () => {
    t = await createTestApp({}, undefined);
    key = await signIn(t, 'rollup@example.com');
    shops = [
      (await profileOf(t, key)).suid,
      (await profileOf(t, await signIn(t, 'rollup-2@example.com'))).suid,
    ];
    repo = new StatsRepository(t.runtime.db.db);
    // Twelve days of events in two shops: shoppers back on several days, several kinds, some without a client.
    const next = random(16);
    const rows = [];
    for (let day = 0; day < days; day++) {
      for (let i = 0; i < 40; i++) {
        const kind = statsKinds[Math.floor(next() * statsKinds.length)] as StatsKind;
        const client = next() < 0.1 ? null : `client-${Math.floor(next() * 15)}`;
        const at = start + day * DAY + Math.floor(next() * 10 * 3_600_000);
        rows.push({
          shop_suid: shops[next() < 0.7 ? 0 : 1] ?? '',
          kind,
          client_id: client,
          day: utcDay(at),
          created_at: at,
        });
      }
    }
    await t.runtime.db.db.insertInto('events').values(rows).execute();
  });
  afterAll(() => t.close());

  const fromDays = () => [-3, 0, 1, 4, 7, 11, 12, 20].map((d) => utcDay(start + d * DAY));

  /** Each shop's all-time try-ons and distinct shoppers of any kind, from the events (the admin's shop list). */
  async function shopTotalsFromEvents() {
    const totals = new Map<string, { tryons: number; clients: number }>();
    for (const shop of shops) {
      const row = await t.runtime.db.db
        .selectFrom('events')
        .select((eb) => [
          eb.fn.count<number>(eb.case().when('kind', '=', 'tryon').then(1).end()).as('tryons'),
          eb.fn.count<number>('client_id').distinct().as('clients'),
        ])
        .where('shop_suid', '=', shop)
        .executeTakeFirstOrThrow();
      totals.set(shop, { tryons: Number(row.tryons), clients: Number(row.clients) });
    }
    return totals;
  }

  async function expectSame() {
    expect(await repo.shopTotals(shops)).toEqual(await shopTotalsFromEvents());
    for (const shop of shops) {
      for (const from of fromDays()) {
        expect(await fromRollUp(repo, shop, from), `${shop} from ${from}`).toEqual(
          await fromEvents(t.runtime.db.db, shop, from),
        );
      }
    }
  }

  it('answers as the events do before, during and after the roll-up', async () => {
    await expectSame();
    expect(await repo.rollUp(utcDay(start + 5 * DAY))).toBe(5);
    const rolled = await t.runtime.db.db.selectFrom('stats_days').select('day').execute();
    expect(new Set(rolled.map((r) => r.day)).size).toBe(5);
    await expectSame();
    // Up to today: today's events stay raw.
    expect(await repo.rollUp(utcDay(start + (days - 1) * DAY))).toBe(days - 6);
    await expectSame();
    // Again: nothing left to do, nothing counted twice.
    expect(await repo.rollUp(utcDay(start + (days - 1) * DAY))).toBe(0);
    await expectSame();
  });

  it('counts new events of today with the rolled-up days, a returning shopper once', async () => {
    const today = utcDay(start + (days - 1) * DAY);
    const before = await repo.periodTotals(shops[0] ?? '', 'client', utcDay(start));
    await t.runtime.db.db
      .insertInto('events')
      .values([
        { shop_suid: shops[0] ?? '', kind: 'client', client_id: 'client-1', day: today, created_at: 0 },
        { shop_suid: shops[0] ?? '', kind: 'client', client_id: 'brand-new', day: today, created_at: 0 },
      ])
      .execute();
    const after = await repo.periodTotals(shops[0] ?? '', 'client', utcDay(start));
    expect(after.action_count).toBe(before.action_count + 2);
    expect(after.user_count).toBe(before.user_count + 1);
    await expectSame();
  });

  it("the sweep's roll-up leaves the statistics route's answer as it was", async () => {
    t.clock.advance(start + (days - 1) * DAY - t.clock.now());
    const read = async () =>
      ok(await api(t, { apiKey: key }).call(routes.stats.get, { query: { days: 30 } }));
    const before = await read();
    t.clock.advance(2 * DAY);
    await t.runtime.services.stats.rollUp();
    t.clock.advance(-2 * DAY);
    expect(await read()).toEqual(before);
    expect(before.totals.action_count).toBeGreaterThan(0);
  });
});

describe('migration 014-stats-rollup', () => {
  it("rolls up the events recorded before it, except the last hour's day", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-014-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const url = process.env.TEST_DATABASE_URL ?? '';
    const database = await connectDatabase(usePostgres ? { dataDir, databaseUrl: url, schema } : { dataDir });
    try {
      await migrateUpTo(database, '009-search');
      const db = database.db;
      const now = Date.now();
      const event = (shop: string, kind: string, client: string | null, at: number) => ({
        shop_suid: shop,
        kind,
        client_id: client,
        day: utcDay(at),
        created_at: at,
      });
      await db
        .insertInto('events')
        .values([
          event('s1', 'client', 'a', now - 3 * DAY),
          event('s1', 'client', 'a', now - 2 * DAY),
          event('s1', 'client', 'b', now - 2 * DAY),
          event('s1', 'tryon', null, now - 2 * DAY),
          event('s2', 'client', 'a', now - 2 * DAY),
          event('s1', 'client', 'c', now + 2 * 3_600_000),
        ])
        .execute();
      await migrateToLatest(database);
      const days = await db
        .selectFrom('stats_days')
        .selectAll()
        .orderBy('day')
        .orderBy('shop_suid')
        .execute();
      expect(days.map((d) => [d.shop_suid, d.kind, Number(d.user_count), Number(d.action_count)])).toEqual([
        ['s1', 'client', 1, 1],
        ['s1', 'client', 2, 2],
        ['s1', 'tryon', 0, 1],
        ['s2', 'client', 1, 1],
      ]);
      const repo = new StatsRepository(db);
      for (const shop of ['s1', 's2']) {
        for (const from of [utcDay(now - 5 * DAY), utcDay(now - 2 * DAY), utcDay(now)]) {
          expect(await fromRollUp(repo, shop, from)).toEqual(await fromEvents(db, shop, from));
        }
      }
    } finally {
      await database.db.destroy();
      if (usePostgres) {
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
