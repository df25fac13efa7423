import { type StatsKind, statsKinds } from '@tryon/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DAY_MS, utcDay } from '../../lib/clock.ts';

export interface DayCount {
  kind: string;
  day: string;
  user_count: number;
  action_count: number;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Usage events, and their daily roll-up (migration 014): days before `stats_rollup.next_day` are read from
 * `stats_days` and `stats_clients`, later days from the events themselves, so answers are the same as from the
 * events alone while a page reads a few rows per day.
 */
export class StatsRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insert(
    shopSuid: string,
    kind: StatsKind,
    clientId: string | null,
    day: string,
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('events')
      .values({ shop_suid: shopSuid, kind, client_id: clientId, day, created_at: now })
      .execute();
  }

  /** The first day not rolled up yet. */
  private async nextDay(db: Kysely<Database> = this.db): Promise<string> {
    const row = await db.selectFrom('stats_rollup').select('next_day').where('id', '=', 1).executeTakeFirst();
    return row?.next_day ?? '0000-00-00';
  }

  /**
   * Rolls up every day with events before `untilDay` not rolled up yet, one day (of every shop) per transaction. Run by one
   * process at a time (the retention sweep's lease); the conditional update of `next_day` keeps two from
   * counting a day twice all the same. Answers the days rolled up.
   */
  async rollUp(untilDay: string): Promise<number> {
    let days = 0;
    for (;;) {
      // The first day with events from where the roll-up stands: days without any need no rows, and a
      // quiet database keeps its mark where it is.
      const first = await this.db
        .selectFrom('events')
        .select((eb) => eb.fn.min('day').as('day'))
        .where('day', '>=', await this.nextDay())
        .where('day', '<', untilDay)
        .executeTakeFirst();
      const day = first?.day;
      if (!day) return days;
      const next = utcDay(Date.parse(day) + DAY_MS);
      const rolled = await this.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('stats_rollup')
          .set({ next_day: next })
          .where('id', '=', 1)
          .where('next_day', '<=', day)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await sql`insert into stats_days (shop_suid, kind, day, user_count, action_count)
          select shop_suid, kind, day, count(distinct client_id), count(*) from events where day = ${day}
          group by shop_suid, kind, day`.execute(trx);
        await sql`insert into stats_clients (shop_suid, kind, client_id, last_day)
          select shop_suid, kind, client_id, max(day) from events where day = ${day} and client_id is not null
          group by shop_suid, kind, client_id
          on conflict (shop_suid, kind, client_id) do update set last_day = excluded.last_day
          where excluded.last_day > stats_clients.last_day`.execute(trx);
        return true;
      });
      if (!rolled) return days;
      days++;
    }
  }

  async daily(shopSuid: string, fromDay: string): Promise<DayCount[]> {
    const next = await this.nextDay();
    const rolled =
      fromDay < next
        ? await this.db
            .selectFrom('stats_days')
            .select(['kind', 'day', 'user_count', 'action_count'])
            .where('shop_suid', '=', shopSuid)
            .where('day', '>=', fromDay)
            .where('day', '<', next)
            .execute()
        : [];
    const raw = await this.db
      .selectFrom('events')
      .select((eb) => [
        'kind',
        'day',
        eb.fn.count<number>('client_id').distinct().as('user_count'),
        eb.fn.countAll<number>().as('action_count'),
      ])
      .where('shop_suid', '=', shopSuid)
      .where('kind', 'in', statsKinds)
      .where('day', '>=', later(fromDay, next))
      .groupBy(['kind', 'day'])
      .execute();
    return [...rolled, ...raw].map((r) => ({
      ...r,
      user_count: Number(r.user_count),
      action_count: Number(r.action_count),
    }));
  }

  /**
   * Each shop's try-ons and distinct shoppers (of any kind of event) since it began, for the admin's shop
   * list: the rolled-up days' rows and the events since, so a list of shops reads no old event.
   */
  async shopTotals(suids: readonly string[]): Promise<Map<string, { tryons: number; clients: number }>> {
    const totals = new Map(suids.map((suid) => [suid, { tryons: 0, clients: 0 }]));
    if (suids.length === 0) return totals;
    const next = await this.nextDay();
    const tryons = await this.db
      .selectFrom(
        this.db
          .selectFrom('stats_days')
          .select((eb) => ['shop_suid', eb.fn.sum<number>('action_count').as('n')])
          .where('shop_suid', 'in', suids)
          .where('kind', '=', 'tryon')
          .where('day', '<', next)
          .groupBy('shop_suid')
          .unionAll(
            this.db
              .selectFrom('events')
              .select((eb) => ['shop_suid', eb.fn.countAll<number>().as('n')])
              .where('shop_suid', 'in', suids)
              .where('kind', '=', 'tryon')
              .where('day', '>=', next)
              .groupBy('shop_suid'),
          )
          .as('parts'),
      )
      .select((eb) => ['shop_suid', eb.fn.sum<number>('n').as('n')])
      .groupBy('shop_suid')
      .execute();
    // A shopper seen on rolled-up days and again since (or under several kinds) counts once: the union
    // drops the repeats.
    const clients = await this.db
      .selectFrom(
        this.db
          .selectFrom('stats_clients')
          .select(['shop_suid', 'client_id'])
          .where('shop_suid', 'in', suids)
          .union(
            this.db
              .selectFrom('events')
              .select((eb) => ['shop_suid', eb.ref('client_id').$notNull().as('client_id')])
              .where('shop_suid', 'in', suids)
              .where('day', '>=', next)
              .where('client_id', 'is not', null),
          )
          .as('seen'),
      )
      .select((eb) => ['shop_suid', eb.fn.countAll<number>().as('n')])
      .groupBy('shop_suid')
      .execute();
    for (const row of tryons) {
      const shop = totals.get(row.shop_suid);
      if (shop) shop.tryons = Number(row.n);
    }
    for (const row of clients) {
      const shop = totals.get(row.shop_suid);
      if (shop) shop.clients = Number(row.n);
    }
    return totals;
  }

  /** Distinct clients and events of one kind since a day, over the whole period. */
  async periodTotals(shopSuid: string, kind: StatsKind, fromDay: string) {
    const next = await this.nextDay();
    const rawFrom = later(fromDay, next);
    const actions = await this.db
      .selectFrom('stats_days')
      .select((eb) => eb.fn.sum<number>('action_count').as('n'))
      .where('shop_suid', '=', shopSuid)
      .where('kind', '=', kind)
      .where('day', '>=', fromDay)
      .where('day', '<', next)
      .executeTakeFirst();
    const raw = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_suid', '=', shopSuid)
      .where('kind', '=', kind)
      .where('day', '>=', rawFrom)
      .executeTakeFirstOrThrow();
    // A shopper seen on rolled-up days and again since counts once: the union drops the repeat.
    const users = await this.db
      .selectFrom(
        this.db
          .selectFrom('stats_clients')
          .select('client_id')
          .where('shop_suid', '=', shopSuid)
          .where('kind', '=', kind)
          .where('last_day', '>=', fromDay)
          .union(
            this.db
              .selectFrom('events')
              .select((eb) => eb.ref('client_id').$notNull().as('client_id'))
              .where('shop_suid', '=', shopSuid)
              .where('kind', '=', kind)
              .where('day', '>=', rawFrom)
              .where('client_id', 'is not', null),
          )
          .as('seen'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      user_count: Number(users.n),
      action_count: Number(actions?.n ?? 0) + Number(raw.n),
    };
  }
}
