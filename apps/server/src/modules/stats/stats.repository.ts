import type { StatsKind } from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface DayCount {
  kind: string;
  day: string;
  user_count: number;
  action_count: number;
}

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

  async daily(shopSuid: string, fromDay: string): Promise<DayCount[]> {
    const rows = await this.db
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
    return rows.map((r) => ({
      ...r,
      user_count: Number(r.user_count),
      action_count: Number(r.action_count),
    }));
  }

  /** Distinct clients and events of one kind since a day, over the whole period. */
  async periodTotals(shopSuid: string, kind: StatsKind, fromDay: string) {
    const row = await this.db
      .selectFrom('events')
      .select((eb) => [
        eb.fn.count<number>('client_id').distinct().as('user_count'),
        eb.fn.countAll<number>().as('action_count'),
      ])
      .where('shop_suid', '=', shopSuid)
      .where('kind', '=', kind)
      .where('day', '>=', fromDay)
      .executeTakeFirstOrThrow();
    return { user_count: Number(row.user_count), action_count: Number(row.action_count) };
  }
}
