import { type Kysely, sql } from 'kysely';
import type { Database, ShopsTable } from '../../db/schema.ts';
import type { StatsRepository } from '../stats/stats.repository.ts';

export type ShopWithOwner = ShopsTable & { email: string };

export interface ShopCounts {
  garments_count: number;
  tryon_count: number;
  clients_count: number;
}

export class ShopsRepository {
  private readonly db: Kysely<Database>;
  /** The statistics, for each shop's try-ons and shoppers in the admin's list. */
  private readonly stats: StatsRepository;

  constructor(db: Kysely<Database>, stats: StatsRepository) {
    this.db = db;
    this.stats = stats;
  }

  async insert(row: ShopsTable, trx: Kysely<Database> = this.db): Promise<void> {
    await trx.insertInto('shops').values(row).execute();
  }

  find(suid: string, trx: Kysely<Database> = this.db): Promise<ShopWithOwner | undefined> {
    return trx
      .selectFrom('shops as s')
      .innerJoin('users as u', 'u.uid', 's.owner_uid')
      .selectAll('s')
      .select('u.email')
      .where('s.suid', '=', suid)
      .executeTakeFirst();
  }

  findByOwner(uid: string, trx: Kysely<Database> = this.db): Promise<ShopsTable | undefined> {
    return trx.selectFrom('shops').selectAll().where('owner_uid', '=', uid).executeTakeFirst();
  }

  async update(
    suid: string,
    changes: Partial<Omit<ShopsTable, 'suid' | 'owner_uid'>>,
    trx: Kysely<Database> = this.db,
  ): Promise<void> {
    await trx.updateTable('shops').set(changes).where('suid', '=', suid).execute();
  }

  /** Newest first, then by id, so pages never overlap. */
  list(query: string | undefined, offset: number, limit: number): Promise<ShopWithOwner[]> {
    let q = this.db
      .selectFrom('shops as s')
      .innerJoin('users as u', 'u.uid', 's.owner_uid')
      .selectAll('s')
      .select('u.email');
    if (query) {
      const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(u.email)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(s.name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(s.suid)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return q.orderBy('s.created_at', 'desc').orderBy('s.suid', 'desc').offset(offset).limit(limit).execute();
  }

  /** What the admin detail view counts of one shop: keys, catalogue items and renders kept. */
  async detailCounts(suid: string, now: number) {
    const keys = await this.db
      .selectFrom('api_keys')
      .select((eb) => [
        eb.fn.count<number>(eb.case().when('kind', '=', 'public').then(1).end()).as('public'),
        eb.fn.count<number>(eb.case().when('kind', '=', 'private').then(1).end()).as('private'),
        eb.fn
          .count<number>(
            eb
              .case()
              .when(
                eb.and([
                  eb('active', '=', 1),
                  eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]),
                ]),
              )
              .then(1)
              .end(),
          )
          .as('active'),
      ])
      .where('shop_suid', '=', suid)
      .where('kind', '!=', 'session')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const items = await this.db
      .selectFrom('catalog_items')
      .select((eb) => [
        eb.fn.count<number>(eb.case().when('kind', '=', 'garment').then(1).end()).as('garments'),
        eb.fn.count<number>(eb.case().when('kind', '=', 'model').then(1).end()).as('models'),
      ])
      .where('shop_suid', '=', suid)
      .executeTakeFirstOrThrow();
    const renders = await this.db
      .selectFrom('renders')
      .select((eb) => [
        eb.fn.count<number>(eb.case().when('kind', '=', 'tryon').then(1).end()).as('tryons'),
        eb.fn.count<number>(eb.case().when('kind', '=', 'look').then(1).end()).as('looks'),
        eb.fn.count<number>(eb.case().when('status', '=', 'failed').then(1).end()).as('failed'),
      ])
      .where('shop_suid', '=', suid)
      .executeTakeFirstOrThrow();
    const n = (value: number | string | bigint) => Number(value);
    return {
      keys: { public: n(keys.public), private: n(keys.private), active: n(keys.active) },
      catalog: { garments: n(items.garments), models: n(items.models) },
      renders: { tryons: n(renders.tryons), looks: n(renders.looks), failed: n(renders.failed) },
    };
  }

  /**
   * Garments in the catalogue; try-ons made and distinct shoppers seen, from the statistics (their daily
   * roll-up and the events since).
   */
  async counts(suids: string[]): Promise<Map<string, ShopCounts>> {
    const result = new Map<string, ShopCounts>(
      suids.map((suid) => [suid, { garments_count: 0, tryon_count: 0, clients_count: 0 }]),
    );
    if (suids.length === 0) return result;
    const garments = await this.db
      .selectFrom('catalog_items')
      .select((eb) => ['shop_suid', eb.fn.countAll<number>().as('n')])
      .where('shop_suid', 'in', suids)
      .where('kind', '=', 'garment')
      .groupBy('shop_suid')
      .execute();
    for (const row of garments) {
      const counts = result.get(row.shop_suid);
      if (counts) counts.garments_count = Number(row.n);
    }
    for (const [suid, totals] of await this.stats.shopTotals(suids)) {
      const counts = result.get(suid);
      if (counts) Object.assign(counts, { tryon_count: totals.tryons, clients_count: totals.clients });
    }
    return result;
  }
}
