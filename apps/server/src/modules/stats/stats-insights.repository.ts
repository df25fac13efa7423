import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface Ranked {
  id: string;
  count: number;
}

/** The queries behind the statistics' comparison, top items and failed renders. */
export class StatsInsightsRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Events by kind between two days (inclusive), and distinct shoppers with an action. */
  async eventTotals(shopSuid: string, fromDay: string, toDay: string) {
    const [byKind, shoppers] = await Promise.all([
      this.db
        .selectFrom('events')
        .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
        .where('shop_suid', '=', shopSuid)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy('kind')
        .execute(),
      this.db
        .selectFrom('events')
        .select((eb) => eb.fn.count<number>('client_id').distinct().as('n'))
        .where('shop_suid', '=', shopSuid)
        .where('kind', '=', 'client')
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      byKind: new Map(byKind.map((r) => [r.kind, Number(r.n)])),
      shoppers: Number(shoppers.n),
    };
  }

  async failedCount(shopSuid: string, from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom('renders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_suid', '=', shopSuid)
      .where('status', '=', 'failed')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  failedLatest(shopSuid: string, from: number, limit: number) {
    return this.db
      .selectFrom('renders')
      .select(['id', 'kind', 'error_code', 'created_at'])
      .where('shop_suid', '=', shopSuid)
      .where('status', '=', 'failed')
      .where('created_at', '>=', from)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Garments (try-ons) or models (try-ons and looks) by renders finished in the period, most first. */
  async topByRenders(shopSuid: string, column: 'garment_id' | 'model_id', from: number, limit: number) {
    const rows = await this.db
      .selectFrom('renders')
      .select((eb) => [eb.ref(column).as('id'), eb.fn.countAll<number>().as('n')])
      .where('shop_suid', '=', shopSuid)
      .where('status', '=', 'done')
      .where(column, 'is not', null)
      .where('created_at', '>=', from)
      .groupBy(column)
      .orderBy('n', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r): Ranked => ({ id: String(r.id), count: Number(r.n) }));
  }

  /** Items of a kind by likes given in the period, most first. */
  async topByLikes(shopSuid: string, kind: 'garment' | 'model', from: number, limit: number) {
    const rows = await this.db
      .selectFrom('client_activity')
      .select((eb) => ['item_id', eb.fn.countAll<number>().as('n')])
      .where('shop_suid', '=', shopSuid)
      .where('kind', '=', kind)
      .where('liked_at', '>=', from)
      .groupBy('item_id')
      .orderBy('n', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r): Ranked => ({ id: r.item_id, count: Number(r.n) }));
  }

  /** The shop's own catalogue items among some ids. */
  items(shopSuid: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('catalog_items')
      .select(['id', 'code', 'name'])
      .where('shop_suid', '=', shopSuid)
      .where('id', 'in', ids)
      .execute();
  }
}
