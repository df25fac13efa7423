import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../../db/schema.ts';

/** Idempotency-Key records of billable calls, per shop. */
export class IdempotencyRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  find(shopSuid: string, key: string): Promise<IdempotencyKeysTable | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('shop_suid', '=', shopSuid)
      .where('idem_key', '=', key)
      .executeTakeFirst();
  }

  /** In the transaction that creates the render; a concurrent twin fails on the primary key. */
  async insert(trx: Kysely<Database>, row: IdempotencyKeysTable): Promise<void> {
    await trx.insertInto('idempotency_keys').values(row).execute();
  }

  async deleteBefore(time: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('created_at', '<', time).execute();
  }
}
