import type { Kysely, Selectable } from 'kysely';
import type { BalanceLedgerTable, Database } from '../../db/schema.ts';

export type LedgerReason =
  | 'plan_activation'
  | 'plan_renewal'
  | 'plan_reactivation'
  | 'plan_change'
  | 'admin_adjustment'
  | 'tryon_charge'
  | 'tryon_refund';

export interface BalanceChange {
  shopSuid: string;
  delta: number;
  reason: LedgerReason;
  actorUid: string | null;
  ref: string | null;
  now: number;
}

export class LedgerRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /**
   * Changes a balance and records it, in the caller's transaction. The update is conditional, so the balance
   * never goes below zero however many run at once; returns the new balance, or null when it would.
   */
  async apply(trx: Kysely<Database>, change: BalanceChange): Promise<number | null> {
    const updated = await trx
      .updateTable('shops')
      .set((eb) => ({ tryon_balance: eb('tryon_balance', '+', change.delta) }))
      .where('suid', '=', change.shopSuid)
      .where((eb) => eb(eb('tryon_balance', '+', change.delta), '>=', 0))
      .returning('tryon_balance')
      .executeTakeFirst();
    if (!updated) return null;
    await this.record(trx, { ...change, balanceAfter: updated.tryon_balance });
    return updated.tryon_balance;
  }

  /** Records a change the caller already made to the balance, in its transaction. */
  async record(trx: Kysely<Database>, change: BalanceChange & { balanceAfter: number }): Promise<void> {
    await trx
      .insertInto('balance_ledger')
      .values({
        shop_suid: change.shopSuid,
        delta: change.delta,
        balance_after: change.balanceAfter,
        reason: change.reason,
        actor_uid: change.actorUid,
        ref: change.ref,
        created_at: change.now,
      })
      .execute();
  }

  history(shopSuid: string): Promise<Selectable<BalanceLedgerTable>[]> {
    return this.db
      .selectFrom('balance_ledger')
      .selectAll()
      .where('shop_suid', '=', shopSuid)
      .orderBy('id', 'asc')
      .execute();
  }
}
