import type { Kysely } from 'kysely';
import type {
  CatalogImportRowsTable,
  CatalogImportsTable,
  CatalogKind,
  Database,
  ImportRowOutcome,
  ImportSchedulesTable,
} from '../../db/schema.ts';
import type { DueJobs } from '../render-jobs/render-queue.ts';

const COUNTED: readonly ImportRowOutcome[] = ['created', 'updated', 'skipped', 'failed'];

/** Imports and their rows; an import row is also its job (status, attempts, lease). */
export class ImportsRepository implements DueJobs {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** The import and its rows (a CSV's, parsed at once; a URL source's come later with `addRows`). */
  async insert(row: CatalogImportsTable, rows: CatalogImportRowsTable[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('catalog_imports').values(row).execute();
      await insertRows(trx, rows);
    });
  }

  /** Rows of a source read by the job; written once, with the total, so a restart does not read it again. */
  async addRows(id: string, rows: CatalogImportRowsTable[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('catalog_import_rows').where('import_id', '=', id).execute();
      await insertRows(trx, rows);
      await trx
        .updateTable('catalog_imports')
        .set({ rows_total: rows.length })
        .where('id', '=', id)
        .execute();
    });
  }

  find(shopSuid: string | null, id: string): Promise<CatalogImportsTable | undefined> {
    let query = this.db.selectFrom('catalog_imports').selectAll().where('id', '=', id);
    if (shopSuid !== null) query = query.where('shop_suid', '=', shopSuid);
    return query.executeTakeFirst();
  }

  /** Newest first; every shop's when `shopSuid` is null (admins), of one kind or both. */
  list(
    shopSuid: string | null,
    kind: CatalogKind | null,
    offset: number,
    limit: number,
  ): Promise<CatalogImportsTable[]> {
    let query = this.db.selectFrom('catalog_imports').selectAll();
    if (shopSuid !== null) query = query.where('shop_suid', '=', shopSuid);
    if (kind !== null) query = query.where('kind', '=', kind);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
  }

  rows(id: string, failedOnly: boolean): Promise<CatalogImportRowsTable[]> {
    let query = this.db.selectFrom('catalog_import_rows').selectAll().where('import_id', '=', id);
    if (failedOnly) query = query.where('outcome', '=', 'failed');
    return query.orderBy('position', 'asc').execute();
  }

  /** The next rows without an outcome, in source order. */
  pendingRows(id: string, limit: number): Promise<CatalogImportRowsTable[]> {
    return this.db
      .selectFrom('catalog_import_rows')
      .selectAll()
      .where('import_id', '=', id)
      .where('outcome', 'is', null)
      .orderBy('position', 'asc')
      .limit(limit)
      .execute();
  }

  async settleRow(
    id: string,
    position: number,
    outcome: {
      outcome: ImportRowOutcome;
      error: string | null;
      details?: Record<string, number | string> | undefined;
      itemId: string | null;
      now: number;
    },
  ): Promise<void> {
    await this.db
      .updateTable('catalog_import_rows')
      .set({
        outcome: outcome.outcome,
        error: outcome.error,
        error_details: outcome.details ? JSON.stringify(outcome.details) : null,
        item_id: outcome.itemId,
        done_at: outcome.now,
      })
      .where('import_id', '=', id)
      .where('position', '=', position)
      .execute();
  }

  /** Recounts the progress from the rows, and renews the lease while the import is still running. */
  async refreshProgress(id: string, leaseUntil: number): Promise<CatalogImportsTable | undefined> {
    const counts = await this.db
      .selectFrom('catalog_import_rows')
      .select(['outcome', (eb) => eb.fn.countAll<number>().as('n')])
      .where('import_id', '=', id)
      .where('outcome', 'is not', null)
      .groupBy('outcome')
      .execute();
    const of = (outcome: ImportRowOutcome) => Number(counts.find((c) => c.outcome === outcome)?.n ?? 0);
    const done = COUNTED.reduce((sum, outcome) => sum + of(outcome), 0);
    await this.db
      .updateTable('catalog_imports')
      .set({
        rows_done: done,
        created: of('created'),
        updated: of('updated'),
        skipped: of('skipped'),
        failed: of('failed'),
        removed: of('removed'),
      })
      .where('id', '=', id)
      .execute();
    await this.renew(id, leaseUntil);
    return this.find(null, id);
  }

  /** Renews the lease of a running import (one that was cancelled or ended keeps none). */
  async renew(id: string, leaseUntil: number): Promise<void> {
    await this.db
      .updateTable('catalog_imports')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** Imports due to run: queued and due, or running under a lease that ran out. */
  async due(now: number, limit: number, overdueMs = 0): Promise<string[]> {
    const rows = await this.db
      .selectFrom('catalog_imports')
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

  /** Takes an import to run, only if it is due, so no two workers run it at once. */
  claim(id: string, now: number, leaseMs: number): Promise<CatalogImportsTable | undefined> {
    return this.db
      .updateTable('catalog_imports')
      .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), lease_until: now + leaseMs }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Gives a running import back to the queue (this process is stopping); another takes it up at once. */
  async release(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('catalog_imports')
      .set({ status: 'queued', run_after: now, lease_until: null })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** Ends the import, unless it was cancelled meanwhile (a cancel wins). */
  async finish(id: string, status: 'done' | 'failed', error: string | null, now: number): Promise<void> {
    await this.db
      .updateTable('catalog_imports')
      .set({ status, error, finished_at: now, lease_until: null })
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  }

  /** Cancels a queued or running import; answers whether it did. */
  async cancel(shopSuid: string, id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('catalog_imports')
      .set({ status: 'cancelled', finished_at: now, lease_until: null })
      .where('id', '=', id)
      .where('shop_suid', '=', shopSuid)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

/** What names an import's source: a feed or store by its URL; every CSV import of a shop and kind is one source. */
export type SourceOf = Pick<CatalogImportsTable, 'shop_suid' | 'kind' | 'source' | 'source_url'>;

/** The source's earlier runs, the re-sync schedules, and the removal of items that left a source. */
export class ImportSourcesRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Items other runs of the source created, with the product key each was created for. */
  async createdItems(job: CatalogImportsTable): Promise<{ itemId: string; productKey: string }[]> {
    const rows = await this.db
      .selectFrom('catalog_import_rows as r')
      .innerJoin('catalog_imports as i', 'i.id', 'r.import_id')
      .select(['r.item_id', 'r.product_key'])
      .where('i.shop_suid', '=', job.shop_suid)
      .where('i.kind', '=', job.kind)
      .where('i.source', '=', job.source)
      .where((eb) =>
        job.source_url === null ? eb('i.source_url', 'is', null) : eb('i.source_url', '=', job.source_url),
      )
      .where('i.id', '!=', job.id)
      .where('r.outcome', '=', 'created')
      .where('r.item_id', 'is not', null)
      .execute();
    return rows.map((r) => ({ itemId: r.item_id ?? '', productKey: r.product_key }));
  }

  /** Every product key the run's source lists (failed rows too: a product whose image failed is still listed). */
  async productKeys(id: string, rowsTotal: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('catalog_import_rows')
      .select('product_key')
      .where('import_id', '=', id)
      .where('position', '<=', rowsTotal)
      .execute();
    return new Set(rows.map((r) => r.product_key));
  }

  /** Items this run already removed (a run taken up again after a restart does not remove twice). */
  async removedItems(id: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('catalog_import_rows')
      .select('item_id')
      .where('import_id', '=', id)
      .where('outcome', '=', 'removed')
      .execute();
    return new Set(rows.flatMap((r) => (r.item_id ? [r.item_id] : [])));
  }

  /** Records a removed item as a row after the source's rows, in the transaction that deletes the item. */
  async addRemovedRow(
    trx: Kysely<Database>,
    id: string,
    item: { itemId: string; productKey: string },
    now: number,
  ): Promise<void> {
    const last = await trx
      .selectFrom('catalog_import_rows')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('import_id', '=', id)
      .executeTakeFirst();
    await trx
      .insertInto('catalog_import_rows')
      .values({
        import_id: id,
        position: Number(last?.p ?? 0) + 1,
        product_key: item.productKey,
        data: '{}',
        outcome: 'removed',
        error: null,
        error_details: null,
        item_id: item.itemId,
        done_at: now,
      })
      .execute();
  }

  /** Turns a source's daily re-sync on (or changes it): the next run a day after `now`. */
  async schedule(
    source: SourceOf & { source_url: string },
    removeMissing: boolean,
    now: number,
    dayMs: number,
  ) {
    const row: ImportSchedulesTable = {
      shop_suid: source.shop_suid,
      kind: source.kind,
      source: source.source === 'shopify' ? 'shopify' : 'merchant',
      source_url: source.source_url,
      remove_missing: removeMissing ? 1 : 0,
      next_run_at: now + dayMs,
      created_at: now,
    };
    await this.db
      .insertInto('import_schedules')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['shop_suid', 'kind', 'source', 'source_url'])
          .doUpdateSet({ remove_missing: row.remove_missing, next_run_at: row.next_run_at }),
      )
      .execute();
  }

  async unschedule(source: SourceOf & { source_url: string }): Promise<void> {
    await this.db
      .deleteFrom('import_schedules')
      .where('shop_suid', '=', source.shop_suid)
      .where('kind', '=', source.kind)
      .where('source', '=', source.source === 'shopify' ? 'shopify' : 'merchant')
      .where('source_url', '=', source.source_url)
      .execute();
  }

  /** The shop's scheduled sources (few), or every shop's when null. */
  schedules(shopSuid: string | null): Promise<ImportSchedulesTable[]> {
    let query = this.db.selectFrom('import_schedules').selectAll();
    if (shopSuid !== null) query = query.where('shop_suid', '=', shopSuid);
    return query.execute();
  }

  due(now: number, limit: number): Promise<ImportSchedulesTable[]> {
    return this.db
      .selectFrom('import_schedules')
      .selectAll()
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at', 'asc')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a due schedule's run: moves its next run on only if no other process did since it was read, so
   * however many processes sweep at once, each day's run starts once.
   */
  async claim(row: ImportSchedulesTable, next: number): Promise<boolean> {
    const result = await this.db
      .updateTable('import_schedules')
      .set({ next_run_at: next })
      .where('shop_suid', '=', row.shop_suid)
      .where('kind', '=', row.kind)
      .where('source', '=', row.source)
      .where('source_url', '=', row.source_url)
      .where('next_run_at', '=', row.next_run_at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Whether a run of the source is still queued or running (a due sync then waits for the next day). */
  async hasActiveRun(source: SourceOf): Promise<boolean> {
    const row = await this.db
      .selectFrom('catalog_imports')
      .select('id')
      .where('shop_suid', '=', source.shop_suid)
      .where('kind', '=', source.kind)
      .where('source', '=', source.source)
      .where('source_url', '=', source.source_url)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** Inserts in chunks: SQLite binds at most a few thousand parameters a statement. */
async function insertRows(trx: Kysely<Database>, rows: CatalogImportRowsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) {
    await trx
      .insertInto('catalog_import_rows')
      .values(rows.slice(i, i + 100))
      .execute();
  }
}
