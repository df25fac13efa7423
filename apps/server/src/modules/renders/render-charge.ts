import { LOW_BALANCE } from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type Clock, utcDay } from '../../lib/clock.ts';
import type { PlanService } from '../billing/plan.service.ts';
import type { DailyLimits } from '../limits/daily-limits.ts';
import type { WebhookEmitter } from '../webhooks/webhook-emitter.ts';
import type { RenderRow, RendersRepository } from './renders.repository.ts';

/**
 * What a try-on or look costs: one use of the shop's and the shopper's daily try-on limits and one try-on of
 * the balance, taken in the transaction that creates it, so all hold or none does. A render that fails, or
 * is removed before it is done, gives all of it back, once.
 */
export class RenderCharge {
  private readonly limits: DailyLimits;
  private readonly plans: PlanService;
  private readonly renders: RendersRepository;
  private readonly webhooks: WebhookEmitter;
  private readonly clock: Clock;

  constructor(
    limits: DailyLimits,
    plans: PlanService,
    renders: RendersRepository,
    webhooks: WebhookEmitter,
    clock: Clock,
  ) {
    this.limits = limits;
    this.plans = plans;
    this.renders = renders;
    this.webhooks = webhooks;
    this.clock = clock;
  }

  async take(
    trx: Kysely<Database>,
    shopSuid: string,
    clientId: string | null,
    renderId: string,
  ): Promise<void> {
    await this.limits.take(trx, shopSuid, 'tryon', clientId, utcDay(this.clock.now()));
    const balance = await this.plans.consume(trx, shopSuid, 1, renderId);
    // Once, as the balance comes down to the low mark (the dashboard warns at the same mark).
    if (balance === LOW_BALANCE) {
      await this.webhooks.emit(trx, shopSuid, 'balance.low', { suid: shopSuid, balance, lowAt: LOW_BALANCE });
    }
  }

  async refund(trx: Kysely<Database>, row: RenderRow): Promise<void> {
    if (!(await this.renders.releaseCharge(trx, row.id))) return;
    await this.plans.refund(trx, row.shop_suid, 1, row.id);
    await this.limits.giveBack(trx, row.shop_suid, 'tryon', row.client_id, utcDay(row.created_at));
  }
}
