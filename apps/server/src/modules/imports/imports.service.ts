import type { CatalogImport, ImportReportRow } from '@tryon/contract';
import type { CatalogImportsTable, CatalogKind, ImportSchedulesTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, DAY_MS } from '../../lib/clock.ts';
import { randomId } from '../../lib/secrets.ts';
import { parseImportUrl } from '../../lib/url-import/import-url.ts';
import { isPublicAddress } from '../../lib/url-import/index.ts';
import type { Auth } from '../../plugins/authenticate.ts';
import type { RenderQueue } from '../render-jobs/render-queue.ts';
import { parseCsv } from './csv-source.ts';
import { importRowsOf } from './import-source.ts';
import type { ImportSourcesRepository, ImportsRepository } from './imports.repository.ts';
import { storeUrlOf } from './shopify-products.ts';

/** Due re-syncs started per sweep at most (the rest at the next one). */
const SYNCS_PER_SWEEP = 100;

export interface ImportOptions {
  removeMissing: boolean;
}

export interface ImportsSettings {
  maxRows: number;
  allowPrivateNetworks: boolean;
}

/** Catalogue imports: started here, run by the import jobs (ImportProcessor). */
export class ImportsService {
  private readonly imports: ImportsRepository;
  private readonly sources: ImportSourcesRepository;
  private readonly queue: RenderQueue;
  private readonly clock: Clock;
  private readonly settings: ImportsSettings;

  constructor(
    imports: ImportsRepository,
    sources: ImportSourcesRepository,
    queue: RenderQueue,
    clock: Clock,
    settings: ImportsSettings,
  ) {
    this.imports = imports;
    this.sources = sources;
    this.queue = queue;
    this.clock = clock;
    this.settings = settings;
  }

  /** A CSV is parsed at once, so a file that cannot be read is refused in the answer. */
  async startCsv(
    auth: Auth,
    kind: CatalogKind,
    file: Buffer | undefined,
    options: ImportOptions,
  ): Promise<CatalogImportsTable> {
    if (!file || file.length === 0) throw new AppError('IMPORT_SOURCE_UNREADABLE', 'Send the CSV file.');
    const job = this.newImport(auth.shopSuid, kind, 'csv', null, options);
    const rows = importRowsOf(job.id, parseCsv(file), this.settings.maxRows, job.created_at);
    job.rows_total = rows.length;
    await this.imports.insert(job, rows);
    await this.queue.enqueue(job.id);
    return job;
  }

  /** A feed or store is read by the job; only the URL's form is checked here (the fetch checks addresses). */
  async startUrl(
    auth: Auth,
    kind: CatalogKind,
    source: 'merchant' | 'shopify',
    url: string,
    options: ImportOptions & { daily: boolean },
  ): Promise<CatalogImportsTable> {
    const allowed = this.settings.allowPrivateNetworks ? () => true : isPublicAddress;
    const parsed = parseImportUrl(url, allowed).href;
    const href = source === 'shopify' ? storeUrlOf(parsed) : parsed;
    const job = this.newImport(auth.shopSuid, kind, source, href, options);
    await this.imports.insert(job, []);
    if (options.daily) {
      await this.sources.schedule(
        { ...job, source_url: href },
        options.removeMissing,
        job.created_at,
        DAY_MS,
      );
    }
    await this.queue.enqueue(job.id);
    return job;
  }

  /** Turns the daily re-sync of the import's source on (the first a day from now) or off. */
  async setDaily(auth: Auth, id: string, on: boolean, options: ImportOptions): Promise<CatalogImportsTable> {
    const job = await this.get(auth, id);
    if (job.source === 'csv' || job.source_url === null) throw new AppError('IMPORT_NOT_SYNCABLE');
    const source = { ...job, source_url: job.source_url };
    if (on) await this.sources.schedule(source, options.removeMissing, this.clock.now(), DAY_MS);
    else await this.sources.unschedule(source);
    return job;
  }

  /**
   * Starts the re-syncs that are due (the import sweep, in one process at a time). Each schedule is claimed by
   * a conditional update first, so even two sweeps at once start a day's run once. A source whose last run is
   * still going is not started again: its next run is a day later.
   */
  async runDueSyncs(): Promise<number> {
    let started = 0;
    const now = this.clock.now();
    for (const schedule of await this.sources.due(now, SYNCS_PER_SWEEP)) {
      if (!(await this.sources.claim(schedule, nextRun(schedule.next_run_at, now)))) continue;
      if (await this.sources.hasActiveRun(schedule)) continue;
      const job = this.newImport(schedule.shop_suid, schedule.kind, schedule.source, schedule.source_url, {
        removeMissing: schedule.remove_missing === 1,
      });
      await this.imports.insert(job, []);
      await this.queue.enqueue(job.id);
      started++;
    }
    return started;
  }

  /** The caller's own import; any shop's with `everyShop` (admin routes only). */
  async get(auth: Auth, id: string, everyShop = false): Promise<CatalogImportsTable> {
    const job = await this.imports.find(everyShop ? null : auth.shopSuid, id);
    if (!job) throw new AppError('NOT_FOUND');
    return job;
  }

  list(
    auth: Auth,
    page: { offset: number; limit: number; kind?: CatalogKind | undefined; shop?: string | undefined },
    everyShop = false,
  ) {
    const shop = everyShop ? (page.shop ?? null) : auth.shopSuid;
    return this.imports.list(shop, page.kind ?? null, page.offset, page.limit);
  }

  /** Imports as the API shows them, each with whether its source is re-synced daily now. */
  async presentAll(jobs: readonly CatalogImportsTable[]): Promise<CatalogImport[]> {
    const shops = [...new Set(jobs.map((j) => j.shop_suid))];
    const schedules =
      shops.length === 1
        ? await this.sources.schedules(shops[0] ?? '')
        : shops.length > 1
          ? await this.sources.schedules(null)
          : [];
    const keyOf = (s: Pick<ImportSchedulesTable, 'shop_suid' | 'kind' | 'source_url'> & { source: string }) =>
      `${s.shop_suid} ${s.kind} ${s.source} ${s.source_url}`;
    const scheduled = new Set(schedules.map(keyOf));
    return jobs.map((job) =>
      this.present(
        job,
        job.source_url !== null && scheduled.has(keyOf({ ...job, source_url: job.source_url })),
      ),
    );
  }

  async presentOne(job: CatalogImportsTable): Promise<CatalogImport> {
    const [one] = await this.presentAll([job]);
    if (!one) throw new Error('present: no import');
    return one;
  }

  async cancel(auth: Auth, id: string): Promise<CatalogImportsTable> {
    await this.get(auth, id);
    if (!(await this.imports.cancel(auth.shopSuid, id, this.clock.now())))
      throw new AppError('IMPORT_FINISHED');
    return this.get(auth, id);
  }

  async report(auth: Auth, id: string, failedOnly: boolean, everyShop = false): Promise<ImportReportRow[]> {
    await this.get(auth, id, everyShop);
    const rows = await this.imports.rows(id, failedOnly);
    return rows.map((row) => ({
      row: row.position,
      key: row.product_key,
      outcome: row.outcome ?? 'pending',
      error: row.error,
      details:
        row.error_details === null
          ? null
          : (JSON.parse(row.error_details) as Record<string, number | string>),
      item: row.item_id,
    }));
  }

  private present(job: CatalogImportsTable, dailySync: boolean): CatalogImport {
    return {
      id: job.id,
      shop: job.shop_suid,
      kind: job.kind,
      source: job.source,
      sourceUrl: job.source_url,
      status: job.status,
      error: job.error,
      removeMissing: job.remove_missing === 1,
      dailySync,
      rows: {
        total: job.rows_total,
        done: job.rows_done,
        created: job.created,
        updated: job.updated,
        skipped: job.skipped,
        failed: job.failed,
        removed: job.removed,
      },
      created: new Date(job.created_at).toISOString(),
      finished: job.finished_at === null ? null : new Date(job.finished_at).toISOString(),
    };
  }

  private newImport(
    shopSuid: string,
    kind: CatalogKind,
    source: CatalogImportsTable['source'],
    sourceUrl: string | null,
    options: ImportOptions,
  ): CatalogImportsTable {
    const now = this.clock.now();
    return {
      id: randomId('imp'),
      shop_suid: shopSuid,
      kind,
      source,
      source_url: sourceUrl,
      status: 'queued',
      error: null,
      rows_total: 0,
      rows_done: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      failed: 0,
      remove_missing: options.removeMissing ? 1 : 0,
      removed: 0,
      attempts: 0,
      run_after: now,
      lease_until: null,
      created_at: now,
      finished_at: null,
    };
  }
}

/** The next run after a due one: a day on, and past `now` even when runs were missed (the process was down). */
function nextRun(due: number, now: number): number {
  let next = due + DAY_MS;
  while (next <= now) next += DAY_MS;
  return next;
}
