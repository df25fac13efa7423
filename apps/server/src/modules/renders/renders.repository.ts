import type { RenderListFilter } from '@tryon/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, RenderKind, RendersTable } from '../../db/schema.ts';

export type RenderRow = Selectable<RendersTable>;

/** Whose renders a call may see: the shop's (private keys) or one shopper's (public keys). */
export interface RenderScope {
  shopSuid: string;
  /** null: every render of the shop. */
  clientId: string | null;
}

/** What a read may see: a scope, or (administrators) every shop's renders when `shopSuid` is null. */
export interface RenderReadScope {
  shopSuid: string | null;
  clientId: string | null;
}

export type RenderOutcome =
  | { status: 'done'; imageKey: string; width: number; height: number }
  | { status: 'failed'; errorCode: string; errorMessage: string };

/** When a render is given up: attempts that failed, and attempts whose process vanished under them. */
export interface AttemptLimits {
  maxAttempts: number;
  maxAbandons: number;
}

/**
 * 1 for a render found running where a claim may take it (its lease ran out: its process vanished), else 0;
 * the attempt it was on is then an abandon, not a failure.
 */
const vanishing = sql<number>`(case when status = 'running' then 1 else 0 end)`;

export class RendersRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async insert(trx: Kysely<Database>, row: RendersTable): Promise<void> {
    await trx.insertInto('renders').values(row).execute();
  }

  find(scope: RenderReadScope, kind: RenderKind, id: string): Promise<RenderRow | undefined> {
    let q = this.db.selectFrom('renders').selectAll().where('kind', '=', kind).where('id', '=', id);
    if (scope.shopSuid !== null) q = q.where('shop_suid', '=', scope.shopSuid);
    if (scope.clientId !== null) q = q.where('client_id', '=', scope.clientId);
    return q.executeTakeFirst();
  }

  /** By id alone: for jobs and signed image links, which carry no key. */
  findById(id: string, trx: Kysely<Database> = this.db): Promise<RenderRow | undefined> {
    return trx.selectFrom('renders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByToken(kind: RenderKind, token: string): Promise<RenderRow | undefined> {
    return this.db
      .selectFrom('renders')
      .selectAll()
      .where('kind', '=', kind)
      .where('token', '=', token)
      .executeTakeFirst();
  }

  list(
    scope: RenderReadScope,
    kind: RenderKind,
    filter: RenderListFilter | undefined,
    offset: number,
    limit: number,
    item?: string,
  ): Promise<RenderRow[]> {
    let q = this.db.selectFrom('renders').selectAll().where('kind', '=', kind);
    if (item !== undefined)
      q = q.where((eb) => eb.or([eb('garment_id', '=', item), eb('model_id', '=', item)]));
    if (scope.shopSuid !== null) q = q.where('shop_suid', '=', scope.shopSuid);
    if (scope.clientId !== null) q = q.where('client_id', '=', scope.clientId);
    if (filter === 'stats' || filter === 'done') q = q.where('status', '=', 'done');
    if (filter === 'fav') q = q.where('liked_at', 'is not', null);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  }

  /** Renders made from a shopper's photo; deleted with it. */
  madeFromFace(trx: Kysely<Database>, faceId: string): Promise<RenderRow[]> {
    return trx.selectFrom('renders').selectAll().where('face_id', '=', faceId).execute();
  }

  /** Renders that carry a shopper's photo and are older than `time`: the retention sweep deletes them. */
  personalBefore(time: number, limit: number): Promise<RenderRow[]> {
    return this.db
      .selectFrom('renders')
      .selectAll()
      .where('personal', '=', 1)
      .where('created_at', '<', time)
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
  }

  async delete(trx: Kysely<Database>, id: string): Promise<void> {
    await trx.deleteFrom('renders').where('id', '=', id).execute();
  }

  /** Sets (a time) or clears (null) the like. */
  async setLiked(id: string, likedAt: number | null): Promise<void> {
    await this.db.updateTable('renders').set({ liked_at: likedAt }).where('id', '=', id).execute();
  }

  /**
   * Renders due to run: queued and due for `overdueMs` at least, or running with a lease that ran out (their
   * worker died).
   */
  async due(now: number, limit: number, overdueMs = 0): Promise<string[]> {
    const rows = await this.db
      .selectFrom('renders')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now - overdueMs)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('run_after', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Takes a render for one attempt: only if it is due and has attempts left, so two workers never run the same
   * attempt and an input that kills its worker is not taken forever. A running render taken here (its lease ran
   * out) was abandoned: its process vanished, which is counted in `abandons`, not against `maxAttempts`.
   * Answers the claimed row (its `attempts` names the attempt), or undefined.
   */
  async claim(
    id: string,
    now: number,
    leaseMs: number,
    limits: AttemptLimits,
  ): Promise<RenderRow | undefined> {
    return this.db
      .updateTable('renders')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        abandons: sql<number>`abandons + ${vanishing}`,
        lease_until: now + leaseMs,
        started_at: now,
      }))
      .where('id', '=', id)
      .where(sql<boolean>`attempts - outages - abandons - ${vanishing} < ${limits.maxAttempts}`)
      .where(sql<boolean>`abandons + ${vanishing} < ${limits.maxAbandons}`)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Extends the lease of a running attempt; false when the attempt is no longer this worker's. */
  async renew(id: string, attempt: number, leaseUntil: number): Promise<boolean> {
    const result = await this.db
      .updateTable('renders')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Fails a due render that used up its attempts (they failed, or their processes vanished under it, one after
   * another). Answers the row as it was, for the refund, only to the one call that failed it.
   */
  async abandon(
    trx: Kysely<Database>,
    id: string,
    now: number,
    limits: AttemptLimits,
    outcome: { errorCode: string; errorMessage: string },
  ): Promise<RenderRow | undefined> {
    const row = await trx
      .selectFrom('renders')
      .selectAll()
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          sql<boolean>`attempts - outages - abandons - ${vanishing} >= ${limits.maxAttempts}`,
          sql<boolean>`abandons + ${vanishing} >= ${limits.maxAbandons}`,
        ]),
      )
      .executeTakeFirst();
    if (!row) return undefined;
    const result = await trx
      .updateTable('renders')
      .set({
        status: 'failed',
        error_code: outcome.errorCode,
        error_message: outcome.errorMessage,
        lease_until: null,
        finished_at: now,
      })
      .where('id', '=', id)
      .where('attempts', '=', row.attempts)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? row : undefined;
  }

  /** Ends an attempt, if it is still this attempt's (a removed render or a newer attempt wins). */
  async finish(
    trx: Kysely<Database>,
    id: string,
    attempt: number,
    outcome: RenderOutcome,
    now: number,
  ): Promise<boolean> {
    const set =
      outcome.status === 'done'
        ? {
            status: 'done' as const,
            image_key: outcome.imageKey,
            image_width: outcome.width,
            image_height: outcome.height,
          }
        : { status: 'failed' as const, error_code: outcome.errorCode, error_message: outcome.errorMessage };
    const result = await trx
      .updateTable('renders')
      .set({ ...set, lease_until: null, finished_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Puts a failed attempt back in the queue, to run again after `runAfter`. */
  async retryLater(id: string, attempt: number, runAfter: number, errorCode: string): Promise<boolean> {
    const result = await this.db
      .updateTable('renders')
      .set({ status: 'queued', run_after: runAfter, lease_until: null, error_code: errorCode })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Puts an attempt that ended on an outage back in the queue, to run again after `runAfter`; the attempt does
   * not count against the maximum.
   */
  async retryAfterOutage(id: string, attempt: number, runAfter: number, errorCode: string): Promise<boolean> {
    const result = await this.db
      .updateTable('renders')
      .set((eb) => ({
        status: 'queued',
        run_after: runAfter,
        lease_until: null,
        error_code: errorCode,
        outages: eb('outages', '+', 1),
      }))
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Marks the charge of a render as given back; true only for the one call that did it. */
  async releaseCharge(trx: Kysely<Database>, id: string): Promise<boolean> {
    const result = await trx
      .updateTable('renders')
      .set({ charged: 0 })
      .where('id', '=', id)
      .where('charged', '=', 1)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
