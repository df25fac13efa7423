import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DailyUsageRepository } from './daily-usage.repository.ts';

/** What the daily limits of spec §3 count: try-ons (and looks), and shopper photos. */
export type LimitedAction = 'tryon' | 'person';

const limitColumns = {
  tryon: { shop: 'limit_tryon_daily', client: 'limit_tryon_daily_per_client' },
  person: { shop: 'limit_person_daily', client: 'limit_person_daily_per_client' },
} as const;

/**
 * The shop's daily limit and each shopper's, taken in the caller's transaction so that a later failure in
 * it (no balance, say) gives them back. Days are UTC. The shop's counter is always taken before the
 * client's, in every transaction, so concurrent ones never wait on each other in a cycle.
 */
export class DailyLimits {
  private readonly usage: DailyUsageRepository;

  constructor(usage: DailyUsageRepository) {
    this.usage = usage;
  }

  async take(
    trx: Kysely<Database>,
    shopSuid: string,
    action: LimitedAction,
    clientId: string | null,
    day: string,
  ): Promise<void> {
    const columns = limitColumns[action];
    const shop = await trx
      .selectFrom('shops')
      .select([
        'limit_tryon_daily',
        'limit_tryon_daily_per_client',
        'limit_person_daily',
        'limit_person_daily_per_client',
      ])
      .where('suid', '=', shopSuid)
      .executeTakeFirst();
    if (!shop) throw new AppError('SHOP_NOT_FOUND');
    const key = { shopSuid, kind: action, day };
    if (!(await this.usage.take(trx, { ...key, scope: '' }, shop[columns.shop]))) {
      throw new AppError('DAILY_LIMIT_REACHED');
    }
    if (
      clientId !== null &&
      !(await this.usage.take(trx, { ...key, scope: clientId }, shop[columns.client]))
    ) {
      throw new AppError('CLIENT_DAILY_LIMIT_REACHED');
    }
  }

  /**
   * One of the shop's daily adds of catalogue items with a public key (`limit_garment_daily`), in the
   * transaction that inserts the item: a single conditional upsert, so concurrent adds never pass the limit.
   */
  async takeCatalogAdd(trx: Kysely<Database>, shopSuid: string, day: string): Promise<void> {
    const shop = await trx
      .selectFrom('shops')
      .select('limit_garment_daily')
      .where('suid', '=', shopSuid)
      .executeTakeFirst();
    if (!shop) throw new AppError('SHOP_NOT_FOUND');
    const key = { shopSuid, kind: 'catalog_public', scope: '', day };
    if (!(await this.usage.take(trx, key, shop.limit_garment_daily)))
      throw new AppError('DAILY_LIMIT_REACHED');
  }

  /**
   * One of the items the shop's imports may add today: `limit_import_daily` when an admin set it, else
   * `limit_garment_daily`. Taken in the transaction that inserts the item, so two imports of one shop at once
   * cannot pass it together.
   */
  async takeImportAdd(trx: Kysely<Database>, shopSuid: string, day: string): Promise<void> {
    const limit = await importLimit(trx, shopSuid);
    if (!(await this.usage.take(trx, importKey(shopSuid, day), limit)))
      throw new AppError('DAILY_LIMIT_REACHED');
  }

  /** How many more items the shop's imports may add today (an early refusal before an image is fetched). */
  async importAllowanceLeft(db: Kysely<Database>, shopSuid: string, day: string): Promise<number> {
    const limit = await importLimit(db, shopSuid);
    return limit - (await this.usage.used(db, importKey(shopSuid, day)));
  }

  async giveBack(
    trx: Kysely<Database>,
    shopSuid: string,
    action: LimitedAction,
    clientId: string | null,
    day: string,
  ): Promise<void> {
    const key = { shopSuid, kind: action, day };
    await this.usage.giveBack(trx, { ...key, scope: '' });
    if (clientId !== null) await this.usage.giveBack(trx, { ...key, scope: clientId });
  }
}

const importKey = (shopSuid: string, day: string) => ({ shopSuid, kind: 'catalog_import', scope: '', day });

async function importLimit(db: Kysely<Database>, shopSuid: string): Promise<number> {
  const shop = await db
    .selectFrom('shops')
    .select(['limit_garment_daily', 'limit_import_daily'])
    .where('suid', '=', shopSuid)
    .executeTakeFirst();
  if (!shop) throw new AppError('SHOP_NOT_FOUND');
  return shop.limit_import_daily ?? shop.limit_garment_daily;
}
