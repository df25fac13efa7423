import { type Kysely, sql } from 'kysely';

const HOUR_MS = 3_600_000;

/**
 * Statistics rolled up per day, so a statistics page reads a few rows per day instead of every event
 * (modules/stats): `stats_days` holds each shop's distinct shoppers and actions per kind and UTC day,
 * `stats_clients` each shopper's last day per shop and kind (distinct shoppers over a period: those whose last
 * day falls in it), and `stats_rollup` the first day not rolled up yet (events of that day and later are read
 * raw). The sweep rolls up a day once it has been over for an hour; this fills both for the days before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stats_days')
    .addColumn('shop_suid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('user_count', 'bigint', (c) => c.notNull())
    .addColumn('action_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_days_pk', ['shop_suid', 'kind', 'day'])
    .execute();
  await db.schema
    .createTable('stats_clients')
    .addColumn('shop_suid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('last_day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_clients_pk', ['shop_suid', 'kind', 'client_id'])
    .execute();
  await db.schema
    .createIndex('stats_clients_last_idx')
    .on('stats_clients')
    .columns(['shop_suid', 'kind', 'last_day'])
    .execute();
  await db.schema
    .createTable('stats_rollup')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('next_day', 'text', (c) => c.notNull())
    .execute();
  // The sweep rolls up one day of every shop at a time.
  await db.schema.createIndex('events_day_idx').on('events').columns(['day']).execute();

  // The days that have been over for an hour; with no events before then, nothing is rolled up yet.
  const until = new Date(Date.now() - HOUR_MS).toISOString().slice(0, 10);
  const { rows } = await sql<{ n: number }>`select count(*) as n from events where day < ${until}`.execute(
    db,
  );
  const nextDay = Number(rows[0]?.n ?? 0) > 0 ? until : '0000-00-00';
  await sql`insert into stats_days (shop_suid, kind, day, user_count, action_count)
    select shop_suid, kind, day, count(distinct client_id), count(*) from events where day < ${nextDay}
    group by shop_suid, kind, day`.execute(db);
  await sql`insert into stats_clients (shop_suid, kind, client_id, last_day)
    select shop_suid, kind, client_id, max(day) from events where day < ${nextDay} and client_id is not null
    group by shop_suid, kind, client_id`.execute(db);
  await sql`insert into stats_rollup (id, next_day) values (1, ${nextDay})`.execute(db);
}
