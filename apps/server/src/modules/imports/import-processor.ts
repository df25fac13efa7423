import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  CatalogImportRowsTable,
  CatalogImportsTable,
  Database,
  ImportRowOutcome,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UrlImportOptions } from '../../lib/url-import/index.ts';
import type { Auth } from '../../plugins/authenticate.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { JobRunner, RunResult } from '../render-jobs/render-queue.ts';
import type { HostSlots } from './host-slots.ts';
import type { ImportRow } from './import-row.ts';
import { importRowsOf, readUrlSource } from './import-source.ts';
import type { ImportSourcesRepository, ImportsRepository } from './imports.repository.ts';

/** The shop's daily import allowance (DailyLimits): what is left, and one taken in the item's transaction. */
export interface ImportAllowance {
  left(shopSuid: string, now: number): Promise<number>;
  take(trx: Kysely<Database>, shopSuid: string, now: number): Promise<void>;
}

export interface ImportProcessorOptions {
  /** Rows (image fetches) at once within one import: a few, to be polite to the shop's image host. */
  rowConcurrency: number;
  leaseMs: number;
  maxRows: number;
  urlImport: Partial<UrlImportOptions>;
}

type RowResult = {
  outcome: ImportRowOutcome;
  error: string | null;
  /** The values the error names (AppError's details: IMAGE_TOO_SMALL's sizes). */
  details?: Record<string, number | string> | undefined;
  itemId: string | null;
};

/**
 * Runs an import: reads a URL source once into rows, then takes the rows without an outcome a few at a time.
 * Each row's outcome is written as it ends, so after a crash the next claim goes on where this one stopped,
 * and a row that was added but not yet written is found by its product key (no duplicate).
 */
export class ImportProcessor implements JobRunner {
  private readonly imports: ImportsRepository;
  private readonly items: CatalogRepository;
  private readonly sources: ImportSourcesRepository;
  private readonly catalog: CatalogService;
  private readonly allowance: ImportAllowance;
  private readonly hosts: HostSlots;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly options: ImportProcessorOptions;
  private stopping = false;

  constructor(
    repositories: { imports: ImportsRepository; items: CatalogRepository; sources: ImportSourcesRepository },
    catalog: CatalogService,
    allowance: ImportAllowance,
    hosts: HostSlots,
    clock: Clock,
    log: FastifyBaseLogger,
    options: ImportProcessorOptions,
  ) {
    this.imports = repositories.imports;
    this.items = repositories.items;
    this.sources = repositories.sources;
    this.catalog = catalog;
    this.allowance = allowance;
    this.hosts = hosts;
    this.clock = clock;
    this.log = log;
    this.options = options;
  }

  /** Shutting down: each running import stops after its rows in flight and is queued again at once. */
  stop(): void {
    this.stopping = true;
  }

  async run(id: string): Promise<RunResult> {
    const job = await this.imports.claim(id, this.clock.now(), this.options.leaseMs);
    if (!job) return { outcome: 'skipped' };
    const lease = this.holdLease(id);
    try {
      return await this.runClaimed(job);
    } finally {
      lease.stop();
    }
  }

  /**
   * Renews the claim while the import runs, also while nothing is written for longer than the lease: a store
   * read page by page, rows waiting for their image host's slots. Otherwise another process would take the
   * import up as abandoned and run it at the same time.
   */
  private holdLease(id: string): { stop(): void } {
    const timer = setInterval(() => {
      this.imports
        .renew(id, this.clock.now() + this.options.leaseMs)
        .catch((error: unknown) =>
          this.log.warn({ err: error, importId: id }, 'could not renew an import lease'),
        );
    }, this.options.leaseMs / 3);
    timer.unref();
    return { stop: () => clearInterval(timer) };
  }

  private async runClaimed(job: CatalogImportsTable): Promise<RunResult> {
    const id = job.id;
    if (job.source !== 'csv' && job.rows_total === 0) {
      try {
        const rows = await readUrlSource(
          job.source,
          job.source_url ?? '',
          this.options.maxRows,
          this.options.urlImport,
        );
        await this.imports.addRows(id, importRowsOf(id, rows, this.options.maxRows, this.clock.now()));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await this.imports.finish(id, 'failed', error.code, this.clock.now());
        return { outcome: 'failed' };
      }
    }
    const auth = importAuth(job);
    for (;;) {
      const current = await this.imports.refreshProgress(id, this.clock.now() + this.options.leaseMs);
      if (current?.status !== 'running') return { outcome: 'done' };
      if (this.stopping) {
        await this.imports.release(id, this.clock.now());
        return { outcome: 'skipped' };
      }
      const batch = await this.imports.pendingRows(id, this.options.rowConcurrency);
      if (batch.length === 0) break;
      let allowance = await this.allowance.left(job.shop_suid, this.clock.now());
      await Promise.all(
        batch.map(async (row) => {
          const result = await this.runRow(job, auth, row, () => allowance-- > 0);
          await this.imports.settleRow(id, row.position, { ...result, now: this.clock.now() });
        }),
      );
    }
    if (job.remove_missing === 1) await this.removeMissing(job, auth);
    // The counts first, then the status: whoever sees the import done sees its final counts (recounted after
    // it, a reader in between saw `done` with the removals not yet counted).
    await this.imports.refreshProgress(id, this.clock.now() + this.options.leaseMs);
    await this.imports.finish(id, 'done', null, this.clock.now());
    return { outcome: 'done' };
  }

  /**
   * Removes the items earlier runs of this source created whose product the source no longer lists, with
   * their images; each is a `removed` row after the source's rows. Stops when the import is cancelled.
   */
  private async removeMissing(job: CatalogImportsTable, auth: Auth): Promise<void> {
    const current = await this.imports.find(null, job.id);
    if (!current) return;
    const listed = await this.sources.productKeys(job.id, current.rows_total);
    const done = await this.sources.removedItems(job.id);
    const gone = (await this.sources.createdItems(job)).filter(
      (item) => !listed.has(item.productKey) && !done.has(item.itemId),
    );
    for (const item of gone) {
      const status = (await this.imports.refreshProgress(job.id, this.clock.now() + this.options.leaseMs))
        ?.status;
      if (status !== 'running' || this.stopping) return;
      await this.catalog.removeIfExists(auth, job.kind, item.itemId, (trx) =>
        this.sources.addRemovedRow(trx, job.id, item, this.clock.now()),
      );
    }
  }

  private async runRow(
    job: CatalogImportsTable,
    auth: Auth,
    row: CatalogImportRowsTable,
    takeNewItem: () => boolean,
  ): Promise<RowResult> {
    const fields = JSON.parse(row.data) as ImportRow;
    try {
      const existing = await this.items.findByProductKey(job.shop_suid, job.kind, row.product_key);
      if (existing) {
        const changes = changesOf(job, existing, fields);
        // A new image URL at the source: the item gets the new image and keeps its id and code.
        if (existing.source_url !== null && existing.source_url !== fields.imageUrl) {
          await this.hosts.run(fields.imageUrl, () =>
            this.catalog.replaceImageFromUrl(existing, fields.imageUrl, changes),
          );
          return { outcome: 'updated', error: null, itemId: existing.id };
        }
        if (Object.keys(changes).length === 0)
          return { outcome: 'skipped', error: null, itemId: existing.id };
        await this.items.update(existing, changes);
        return { outcome: 'updated', error: null, itemId: existing.id };
      }
      if (!takeNewItem()) return { outcome: 'failed', error: 'DAILY_LIMIT_REACHED', itemId: null };
      const { row: item, created } = await this.hosts.run(fields.imageUrl, () =>
        this.catalog.getOrAddFromUrl(
          auth,
          job.kind,
          {
            name: fields.name,
            description: fields.description,
            url: fields.url,
            category: fields.category,
            price: fields.price,
            ...(fields.sku ? { sku: fields.sku } : {}),
          },
          fields.imageUrl,
          (trx) => this.allowance.take(trx, job.shop_suid, this.clock.now()),
        ),
      );
      return { outcome: created ? 'created' : 'skipped', error: null, itemId: item.id };
    } catch (error) {
      if (error instanceof AppError)
        return { outcome: 'failed', error: error.code, details: error.details, itemId: null };
      this.log.error({ err: error, importId: job.id, row: row.position }, 'import row failed');
      return { outcome: 'failed', error: 'INTERNAL_ERROR', itemId: null };
    }
  }
}

/** The fields of the item that the source changed. Models have no category or price. */
function changesOf(
  job: CatalogImportsTable,
  item: { name: string; description: string; url: string; category: string; price: string },
  fields: ImportRow,
): Partial<Record<'name' | 'description' | 'url' | 'category' | 'price', string>> {
  const next = {
    name: fields.name,
    description: fields.description,
    url: fields.url,
    ...(job.kind === 'garment' ? { category: fields.category.toLowerCase(), price: fields.price } : {}),
  };
  return Object.fromEntries(
    Object.entries(next).filter(([name, value]) => item[name as keyof typeof item] !== value),
  );
}

/** Items an import adds are the shop's own, as through its private key. */
const importAuth = (job: CatalogImportsTable): Auth => ({
  keyId: `import:${job.id}`,
  kind: 'private',
  apiKey: '',
  shopSuid: job.shop_suid,
  userUid: '',
  isAdmin: false,
  clientUuid: null,
});
