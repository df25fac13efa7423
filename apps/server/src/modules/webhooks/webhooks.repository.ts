import type { Kysely } from 'kysely';
import type {
  Database,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from '../../db/schema.ts';

export type DeliveryRow = WebhookDeliveriesTable & { type: string };

/** Endpoints, events, deliveries (the job rows) and their attempts; every read a caller makes names its shop. */
export class WebhooksRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  endpoints(shopSuid: string, trx: Kysely<Database> = this.db): Promise<WebhookEndpointsTable[]> {
    return trx
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('shop_suid', '=', shopSuid)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  endpoint(shopSuid: string, id: string): Promise<WebhookEndpointsTable | undefined> {
    return this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('shop_suid', '=', shopSuid)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertEndpoint(row: WebhookEndpointsTable): Promise<void> {
    await this.db.insertInto('webhook_endpoints').values(row).execute();
  }

  async updateEndpoint(
    shopSuid: string,
    id: string,
    changes: Partial<Omit<WebhookEndpointsTable, 'id' | 'shop_suid'>>,
  ): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set(changes)
      .where('shop_suid', '=', shopSuid)
      .where('id', '=', id)
      .execute();
  }

  /** Deletes an endpoint with its deliveries and their attempts, in one transaction. */
  async deleteEndpoint(shopSuid: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const deliveries = trx
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', id)
        .where('shop_suid', '=', shopSuid);
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
      await trx
        .deleteFrom('webhook_deliveries')
        .where('endpoint_id', '=', id)
        .where('shop_suid', '=', shopSuid)
        .execute();
      await trx
        .deleteFrom('webhook_endpoints')
        .where('id', '=', id)
        .where('shop_suid', '=', shopSuid)
        .execute();
    });
  }

  /** Ends the deliveries of an endpoint that still wait: it no longer takes them. */
  async dropPending(endpointId: string, now: number): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', finished_at: now, lease_until: null })
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'pending')
      .execute();
  }

  shopSecret(shopSuid: string): Promise<string | undefined> {
    return this.db
      .selectFrom('webhook_shop_secrets')
      .select('secret_enc')
      .where('shop_suid', '=', shopSuid)
      .executeTakeFirst()
      .then((row) => row?.secret_enc);
  }

  /** Sets the one-off secret; with `onlyIfMissing`, a secret already there stays. */
  async putShopSecret(
    shopSuid: string,
    secretEnc: string,
    now: number,
    onlyIfMissing = false,
  ): Promise<void> {
    await this.db
      .insertInto('webhook_shop_secrets')
      .values({ shop_suid: shopSuid, secret_enc: secretEnc, created_at: now })
      .onConflict((oc) =>
        onlyIfMissing
          ? oc.column('shop_suid').doNothing()
          : oc.column('shop_suid').doUpdateSet({ secret_enc: secretEnc, created_at: now }),
      )
      .execute();
  }

  async insertEvent(trx: Kysely<Database>, row: WebhookEventsTable): Promise<void> {
    await trx.insertInto('webhook_events').values(row).execute();
  }

  event(id: string): Promise<WebhookEventsTable | undefined> {
    return this.db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertDeliveries(trx: Kysely<Database>, rows: WebhookDeliveriesTable[]): Promise<void> {
    if (rows.length > 0) await trx.insertInto('webhook_deliveries').values(rows).execute();
  }

  delivery(shopSuid: string, id: string): Promise<DeliveryRow | undefined> {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select('e.type')
      .where('d.shop_suid', '=', shopSuid)
      .where('d.id', '=', id)
      .executeTakeFirst();
  }

  /** An endpoint's deliveries, newest first, one more than `limit` to tell whether a next page exists. */
  deliveries(shopSuid: string, endpointId: string, offset: number, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select('e.type')
      .where('d.shop_suid', '=', shopSuid)
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .offset(offset)
      .limit(limit + 1)
      .execute();
  }

  attempts(deliveryIds: readonly string[]): Promise<WebhookAttemptsTable[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('attempt', 'asc')
      .execute();
  }

  /** Deliveries due to run: pending and due, or running under a lease that ran out. */
  async due(now: number, limit: number, overdueMs = 0): Promise<string[]> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('run_after', '<=', now - overdueMs)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('run_after', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Takes a delivery for one attempt, only if it is due, so no two workers send the same attempt. */
  claim(id: string, now: number, leaseMs: number): Promise<WebhookDeliveriesTable | undefined> {
    return this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), lease_until: now + leaseMs }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async insertAttempt(row: WebhookAttemptsTable): Promise<void> {
    await this.db.insertInto('webhook_attempts').values(row).execute();
  }

  /** Ends an attempt: done, failed for good, or pending again at `runAfter`; only while it is this attempt. */
  async settle(
    id: string,
    attempt: number,
    outcome: { status: 'succeeded' | 'failed'; now: number } | { status: 'pending'; runAfter: number },
  ): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set(
        outcome.status === 'pending'
          ? { status: 'pending', run_after: outcome.runAfter, lease_until: null }
          : { status: outcome.status, finished_at: outcome.now, lease_until: null },
      )
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .execute();
  }

  async markSucceeded(endpointId: string): Promise<void> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: null })
      .where('id', '=', endpointId)
      .execute();
  }

  /** Notes a failure; answers since when the endpoint has been failing. */
  async markFailing(endpointId: string, now: number): Promise<number> {
    await this.db
      .updateTable('webhook_endpoints')
      .set({ failing_since: now })
      .where('id', '=', endpointId)
      .where('failing_since', 'is', null)
      .execute();
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select('failing_since')
      .where('id', '=', endpointId)
      .executeTakeFirst();
    return row?.failing_since ?? now;
  }

  /** Turns a failing endpoint off; true only for the one call that did it (so the owner is mailed once). */
  async disableFailing(endpointId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: 'failing' })
      .where('id', '=', endpointId)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  endpointById(id: string): Promise<WebhookEndpointsTable | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Forgets deliveries that ended before `cutoff`, their attempts, and events no delivery refers to any more. */
  async purgeBefore(cutoff: number): Promise<void> {
    const old = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', 'in', ['succeeded', 'failed'])
      .where('finished_at', '<', cutoff);
    await this.db.deleteFrom('webhook_attempts').where('delivery_id', 'in', old).execute();
    await this.db
      .deleteFrom('webhook_deliveries')
      .where('status', 'in', ['succeeded', 'failed'])
      .where('finished_at', '<', cutoff)
      .execute();
    await this.db
      .deleteFrom('webhook_events')
      .where('created_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as d')
              .select('d.id')
              .whereRef('d.event_id', '=', 'webhook_events.id'),
          ),
        ),
      )
      .execute();
  }

  ownerEmail(shopSuid: string): Promise<string | undefined> {
    return this.db
      .selectFrom('shops as s')
      .innerJoin('users as u', 'u.uid', 's.owner_uid')
      .select('u.email')
      .where('s.suid', '=', shopSuid)
      .executeTakeFirst()
      .then((row) => row?.email);
  }
}
