import { type Billing, PLAN_DURATION_DAYS, type TariffId, tariffs } from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, DAY_MS } from '../../lib/clock.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { LedgerReason, LedgerRepository } from './ledger.repository.ts';

const PERIOD_MS = PLAN_DURATION_DAYS * DAY_MS;
/** A shop untouched for longer than this many periods is renewed for these only (10 years). */
const MAX_CATCH_UP_PERIODS = 120;

export const findTariff = (id: string) => {
  const tariff = tariffs.find((t) => t.id === id);
  if (!tariff) throw new AppError('UNKNOWN_TARIFF');
  return tariff;
};

/**
 * The plan rules of spec §4: a plan runs 30 days from activation and renews automatically; a plan change
 * keeps unused try-ons and adds the new plan's; when try-ons run out the plan is activated again. The Free
 * Demo is granted once: it neither renews nor re-activates. Every balance change goes through the ledger.
 */
export class PlanService {
  private readonly db: Kysely<Database>;
  private readonly ledger: LedgerRepository;
  private readonly audit: AuditService;
  private readonly clock: Clock;

  constructor(db: Kysely<Database>, ledger: LedgerRepository, audit: AuditService, clock: Clock) {
    this.db = db;
    this.ledger = ledger;
    this.audit = audit;
    this.clock = clock;
  }

  /** Starts a plan now, in the caller's transaction: a new period, and the plan's try-ons added. */
  async activate(
    trx: Kysely<Database>,
    suid: string,
    tariffId: TariffId,
    reason: LedgerReason,
    actorUid: string | null,
  ): Promise<void> {
    const tariff = findTariff(tariffId);
    const now = this.clock.now();
    await trx
      .updateTable('shops')
      .set({ tariff: tariff.id, period_start: now, period_end: now + PERIOD_MS })
      .where('suid', '=', suid)
      .execute();
    await this.ledger.apply(trx, {
      shopSuid: suid,
      delta: tariff.tryons,
      reason,
      actorUid,
      ref: tariff.id,
      now,
    });
  }

  async changePlan(suid: string, tariffId: TariffId, actor: AuditActor): Promise<Billing> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.requireShop(trx, suid);
      await this.renewDue(trx, suid);
      await this.activate(trx, suid, tariffId, 'plan_change', actor.uid);
      await this.audit.record(trx, actor, {
        shopSuid: suid,
        action: 'plan.change',
        target: 'tariff',
        from: before.tariff,
        to: tariffId,
      });
    });
    return this.billing(suid);
  }

  /** Applies the renewals that fell due, then reports the plan. */
  async billing(suid: string): Promise<Billing> {
    await this.db.transaction().execute((trx) => this.renewDue(trx, suid));
    const shop = await this.requireShop(this.db, suid);
    return {
      suid,
      tariffs: tariffs.map((t) => ({ ...t })),
      tariff: findTariff(shop.tariff).id,
      balance: shop.tryon_balance,
      periodStart: new Date(shop.period_start).toISOString(),
      periodEnd: new Date(shop.period_end).toISOString(),
    };
  }

  /**
   * Takes `count` try-ons in the caller's transaction, never below zero. A renewing plan whose try-ons run out
   * is activated again. Throws NO_BALANCE when the shop cannot pay.
   */
  async consume(trx: Kysely<Database>, suid: string, count: number, ref: string | null): Promise<number> {
    await this.renewDue(trx, suid);
    const charge = { shopSuid: suid, delta: -count, reason: 'tryon_charge' as const, actorUid: null, ref };
    let balance = await this.ledger.apply(trx, { ...charge, now: this.clock.now() });
    if (balance === null) {
      // Whoever re-activates (this call or one at the same moment), the charge is tried again on the result.
      await this.reactivateIfRenewing(trx, suid, count);
      balance = await this.ledger.apply(trx, { ...charge, now: this.clock.now() });
    }
    if (balance === null) throw new AppError('NO_BALANCE');
    if (balance === 0) return (await this.reactivateIfRenewing(trx, suid, 1)) ?? 0;
    return balance;
  }

  async refund(trx: Kysely<Database>, suid: string, count: number, ref: string | null): Promise<void> {
    const now = this.clock.now();
    await this.ledger.apply(trx, {
      shopSuid: suid,
      delta: count,
      reason: 'tryon_refund',
      actorUid: null,
      ref,
      now,
    });
  }

  /** An administrator sets a balance, in the caller's transaction; below zero is saved as zero. */
  async setBalance(trx: Kysely<Database>, suid: string, target: number, actorUid: string): Promise<number> {
    const wanted = Math.max(0, Math.trunc(target));
    const shop = await this.requireShop(trx, suid);
    const delta = wanted - shop.tryon_balance;
    if (delta === 0) return wanted;
    const now = this.clock.now();
    const balance = await this.ledger.apply(trx, {
      shopSuid: suid,
      delta,
      reason: 'admin_adjustment',
      actorUid,
      ref: null,
      now,
    });
    return balance ?? shop.tryon_balance;
  }

  /** Renews each period that ended, once, even when several requests try at the same moment. */
  private async renewDue(trx: Kysely<Database>, suid: string): Promise<void> {
    const now = this.clock.now();
    for (let i = 0; i < MAX_CATCH_UP_PERIODS; i++) {
      const shop = await this.requireShop(trx, suid);
      const tariff = findTariff(shop.tariff);
      if (!tariff.renews || shop.period_end > now) return;
      const claimed = await trx
        .updateTable('shops')
        .set({ period_start: shop.period_end, period_end: shop.period_end + PERIOD_MS })
        .where('suid', '=', suid)
        .where('period_end', '=', shop.period_end)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) continue;
      await this.ledger.apply(trx, {
        shopSuid: suid,
        delta: tariff.tryons,
        reason: 'plan_renewal',
        actorUid: null,
        ref: tariff.id,
        now,
      });
    }
  }

  /**
   * Activates a renewing plan again when the balance is below `below`, as one conditional statement: of
   * several calls at the same moment only the first finds the balance low, so the plan's try-ons are added
   * once. Answers the new balance, or null when nothing was done (Free Demo, or another call did it).
   */
  private async reactivateIfRenewing(
    trx: Kysely<Database>,
    suid: string,
    below: number,
  ): Promise<number | null> {
    const shop = await this.requireShop(trx, suid);
    const tariff = findTariff(shop.tariff);
    if (!tariff.renews) return null;
    const now = this.clock.now();
    const updated = await trx
      .updateTable('shops')
      .set((eb) => ({
        period_start: now,
        period_end: now + PERIOD_MS,
        tryon_balance: eb('tryon_balance', '+', tariff.tryons),
      }))
      .where('suid', '=', suid)
      .where('tariff', '=', tariff.id)
      .where('tryon_balance', '<', below)
      .returning('tryon_balance')
      .executeTakeFirst();
    if (!updated) return null;
    await this.ledger.record(trx, {
      shopSuid: suid,
      delta: tariff.tryons,
      reason: 'plan_reactivation',
      actorUid: null,
      ref: tariff.id,
      now,
      balanceAfter: updated.tryon_balance,
    });
    return updated.tryon_balance;
  }

  private async requireShop(trx: Kysely<Database>, suid: string) {
    const shop = await trx
      .selectFrom('shops')
      .select(['tryon_balance', 'tariff', 'period_start', 'period_end'])
      .where('suid', '=', suid)
      .executeTakeFirst();
    if (!shop) throw new AppError('SHOP_NOT_FOUND');
    return shop;
  }
}
