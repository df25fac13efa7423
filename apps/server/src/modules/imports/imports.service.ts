import type { CatalogImport, ImportReportRow } from '@tryon/contract';
import type { CatalogImportsTable, CatalogKind } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomId } from '../../lib/secrets.ts';
import { parseImportUrl } from '../../lib/url-import/import-url.ts';
import { isPublicAddress } from '../../lib/url-import/index.ts';
import type { Auth } from '../../plugins/authenticate.ts';
import type { RenderQueue } from '../render-jobs/render-queue.ts';
import { parseCsv } from './csv-source.ts';
import { importRowsOf } from './import-source.ts';
import type { ImportsRepository } from './imports.repository.ts';

export interface ImportsSettings {
  maxRows: number;
  allowPrivateNetworks: boolean;
}

/** Catalogue imports: started here, run by the import jobs (ImportProcessor). */
export class ImportsService {
  private readonly imports: ImportsRepository;
  private readonly queue: RenderQueue;
  private readonly clock: Clock;
  private readonly settings: ImportsSettings;

  constructor(imports: ImportsRepository, queue: RenderQueue, clock: Clock, settings: ImportsSettings) {
    this.imports = imports;
    this.queue = queue;
    this.clock = clock;
    this.settings = settings;
  }

  /** A CSV is parsed at once, so a file that cannot be read is refused in the answer. */
  async startCsv(auth: Auth, kind: CatalogKind, file: Buffer | undefined): Promise<CatalogImportsTable> {
    if (!file || file.length === 0) throw new AppError('IMPORT_SOURCE_UNREADABLE', 'Send the CSV file.');
    const job = this.newImport(auth, kind, 'csv', null);
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
  ): Promise<CatalogImportsTable> {
    const allowed = this.settings.allowPrivateNetworks ? () => true : isPublicAddress;
    const job = this.newImport(auth, kind, source, parseImportUrl(url, allowed).href);
    await this.imports.insert(job, []);
    await this.queue.enqueue(job.id);
    return job;
  }

  async get(auth: Auth, id: string): Promise<CatalogImportsTable> {
    const job = await this.imports.find(auth.shopSuid, id);
    if (!job) throw new AppError('NOT_FOUND');
    return job;
  }

  list(auth: Auth, page: { offset: number; limit: number }, everyShop = false) {
    return this.imports.list(everyShop ? null : auth.shopSuid, page.offset, page.limit);
  }

  async cancel(auth: Auth, id: string): Promise<CatalogImportsTable> {
    await this.get(auth, id);
    if (!(await this.imports.cancel(auth.shopSuid, id, this.clock.now())))
      throw new AppError('IMPORT_FINISHED');
    return this.get(auth, id);
  }

  async report(auth: Auth, id: string, failedOnly: boolean): Promise<ImportReportRow[]> {
    await this.get(auth, id);
    const rows = await this.imports.rows(id, failedOnly);
    return rows.map((row) => ({
      row: row.position,
      key: row.product_key,
      outcome: row.outcome ?? 'pending',
      error: row.error,
      item: row.item_id,
    }));
  }

  present(job: CatalogImportsTable): CatalogImport {
    return {
      id: job.id,
      shop: job.shop_suid,
      kind: job.kind,
      source: job.source,
      sourceUrl: job.source_url,
      status: job.status,
      error: job.error,
      rows: {
        total: job.rows_total,
        done: job.rows_done,
        created: job.created,
        updated: job.updated,
        skipped: job.skipped,
        failed: job.failed,
      },
      created: new Date(job.created_at).toISOString(),
      finished: job.finished_at === null ? null : new Date(job.finished_at).toISOString(),
    };
  }

  private newImport(
    auth: Auth,
    kind: CatalogKind,
    source: CatalogImportsTable['source'],
    sourceUrl: string | null,
  ): CatalogImportsTable {
    const now = this.clock.now();
    return {
      id: randomId('imp'),
      shop_suid: auth.shopSuid,
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
      attempts: 0,
      run_after: now,
      lease_until: null,
      created_at: now,
      finished_at: null,
    };
  }
}
