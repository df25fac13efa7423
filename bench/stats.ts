import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { median, p95, timeRuns, withBenchRuntime } from './lib.ts';

/**
 * The statistics page (`GET /v1/stats` through the service: five daily series and the period's totals) of a shop
 * with EVENTS usage events (default 900,000, over the last 90 days, 20,000 shoppers; 100,000 more in another
 * shop), read from the events alone (as before the daily roll-up) and after the sweep rolled them up, 30 and 90
 * days. SQLite (a file under /tmp) and PostgreSQL (BENCH_DATABASE_URL, a schema of its own, dropped at the end).
 * Answers compared first. DIALECTS=sqlite,postgres narrows; RUNS (10) sets the repetitions.
 */
const EVENTS = Number(process.env.EVENTS ?? 900_000);
const RUNS = Number(process.env.RUNS ?? 10);
const DIALECTS = (process.env.DIALECTS ?? 'sqlite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DAY_S = 86_400;

async function run(dialect: string) {
  return withBenchRuntime('stats', dialect, PG_URL, async (runtime) => {
    const db = runtime.db.db;
    const total = Math.round(EVENTS / 0.9);
    const today = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S;
    const started = performance.now();
    // Nine in ten events in the measured shop; six kinds; one in 17 without a shopper; the last 90 days.
    if (dialect === 'postgres') {
      await sql`insert into events (shop_suid, kind, client_id, day, created_at)
        select case when i % 10 = 9 then 'other' else 'shop' end,
          (array['tryon','client','garment','person','search','view'])[1 + i % 6],
          case when i % 17 = 0 then null else 'c' || ((i * 7919) % 20000) end,
          to_char(to_timestamp(${today}::bigint - (i % 90) * ${DAY_S}) at time zone 'UTC', 'YYYY-MM-DD'),
          (${today}::bigint - (i % 90) * ${DAY_S}) * 1000
        from generate_series(0::bigint, ${total - 1}::bigint) as i`.execute(db);
    } else {
      await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${total - 1})
        insert into events (shop_suid, kind, client_id, day, created_at)
        select case when i % 10 = 9 then 'other' else 'shop' end,
          case i % 6 when 0 then 'tryon' when 1 then 'client' when 2 then 'garment' when 3 then 'person'
            when 4 then 'search' else 'view' end,
          case when i % 17 = 0 then null else 'c' || ((i * 7919) % 20000) end,
          date(${today} - (i % 90) * ${DAY_S}, 'unixepoch'),
          (${today} - (i % 90) * ${DAY_S}) * 1000
        from n`.execute(db);
    }
    console.log(
      `${dialect}: ${total} events written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const stats = runtime.services.stats;
    const measure = async () => {
      const out: Record<string, number[]> = {};
      for (const days of [30, 90]) out[days] = await timeRuns(RUNS, () => stats.series('shop', days));
      return out;
    };
    const answersBefore = [await stats.series('shop', 30), await stats.series('shop', 90)];
    const before = await measure();
    const rollStart = performance.now();
    const rolled = await stats.rollUp();
    const rollMs = performance.now() - rollStart;
    const answersAfter = [await stats.series('shop', 30), await stats.series('shop', 90)];
    if (JSON.stringify(answersBefore) !== JSON.stringify(answersAfter))
      throw new Error(`${dialect}: the rolled-up statistics differ from the events'`);
    const after = await measure();
    console.log(
      `\n${dialect}: statistics page of a shop with ${EVENTS} events (load ${loadavg()[0]?.toFixed(1)})`,
    );
    console.log(
      `roll-up of ${rolled} days: ${(rollMs / 1000).toFixed(1)} s (once; then a day at a time, hourly)`,
    );
    console.log('| days | from events p50 ms | p95 | rolled up p50 ms | p95 | ratio |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const days of ['30', '90']) {
      const [b, a] = [before[days] ?? [], after[days] ?? []];
      console.log(
        `| ${days} | ${median(b).toFixed(1)} | ${p95(b).toFixed(1)} | ${median(a).toFixed(1)} | ${p95(a).toFixed(1)} | ${(median(b) / median(a)).toFixed(0)}x |`,
      );
    }
  });
}

for (const dialect of DIALECTS) await run(dialect);
