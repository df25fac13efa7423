import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface UsageKey {
  shopSuid: string;
  kind: string;
  /** '' for the whole shop, else a shopper's client id. */
  scope: string;
  day: string;
}

/** Daily counters. Both statements are single conditional writes, so limits hold however many run at once. */
export class DailyUsageRepository {
  /** Takes one use of a daily allowance of `limit`; false when all are used. */
  async take(trx: Kysely<Database>, key: UsageKey, limit: number): Promise<boolean> {
    if (limit < 1) return false;
    const row = await trx
      .insertInto('daily_usage')
      .values({ shop_suid: key.shopSuid, kind: key.kind, scope: key.scope, day: key.day, used: 1 })
      .onConflict((oc) =>
        oc
          .columns(['shop_suid', 'kind', 'scope', 'day'])
          .doUpdateSet({ used: sql`daily_usage.used + 1` })
          .where('daily_usage.used', '<', limit),
      )
      .returning('used')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives one use back (a render that failed); never below zero. */
  async giveBack(trx: Kysely<Database>, key: UsageKey): Promise<void> {
    await trx
      .updateTable('daily_usage')
      .set({ used: sql`used - 1` })
      .where('shop_suid', '=', key.shopSuid)
      .where('kind', '=', key.kind)
      .where('scope', '=', key.scope)
      .where('day', '=', key.day)
      .where('used', '>', 0)
      .execute();
  }

  async used(db: Kysely<Database>, key: UsageKey): Promise<number> {
    const row = await db
      .selectFrom('daily_usage')
      .select('used')
      .where('shop_suid', '=', key.shopSuid)
      .where('kind', '=', key.kind)
      .where('scope', '=', key.scope)
      .where('day', '=', key.day)
      .executeTakeFirst();
    return row?.used ?? 0;
  }

  /** Counters of days before `day` are of no further use. */
  async deleteBefore(db: Kysely<Database>, day: string): Promise<void> {
    await db.deleteFrom('daily_usage').where('day', '<', day).execute();
  }
}
