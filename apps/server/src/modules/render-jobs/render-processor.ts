import type { ErrorCode } from '@tryon/contract';
import { errorCatalog } from '@tryon/contract';
import { EngineError, type RenderEngine, type RenderResult } from '@tryon/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newVersion } from '../../lib/storage/atomic-media.ts';
import type { MediaStorage } from '../../lib/storage/index.ts';
import type { CatalogRepository } from '../catalog/catalog.repository.ts';
import type { RenderCharge } from '../renders/render-charge.ts';
import type { RenderEvents } from '../renders/render-events.ts';
import { renderPrefix } from '../renders/render-paths.ts';
import type { RenderRow, RendersRepository } from '../renders/renders.repository.ts';
import type { RenderWebhooks } from '../webhooks/render-webhooks.ts';
import type { JobRunner, RunResult } from './render-queue.ts';

export interface ProcessorOptions {
  /** Longest one render may take before it fails with RENDER_TIMEOUT. */
  timeoutMs: number;
  /** Attempts in all for failures that may pass (timeouts, an unreachable engine, a crash). */
  maxAttempts: number;
  /**
   * Attempts whose process vanished under them (a kill, a deploy, a lost machine) before the render is given
   * up; they do not count against `maxAttempts`.
   */
  maxAbandons: number;
  /** Wait before attempt 2, 3...; the last one repeats. */
  retryDelaysMs: readonly number[];
  /**
   * How long a claim holds without news from its worker; renewed every third of it while the render runs, so
   * the render of a worker that died is taken again soon after.
   */
  leaseMs: number;
  /** How long after it was made a render stops waiting out a storage outage and fails (refunded). */
  outageGiveUpMs: number;
}

export type { RunResult } from './render-queue.ts';

const OUTAGE_FIRST_WAIT_MS = 2_000;
const OUTAGE_MAX_WAIT_MS = 60_000;

/** q90 keeps the render's detail; results are viewed full size and downloaded. */
const RESULT_WEBP_QUALITY = 90;

/**
 * Runs one attempt of a render: claims the row (so no two workers run the same attempt), renders with the
 * engine, stores the image and marks it done; or fails it with the engine's error code and gives the charge
 * back; or, for failures that may pass, puts it back in the queue with a delay.
 */
export class RenderProcessor implements JobRunner {
  private readonly db: Kysely<Database>;
  private readonly renders: RendersRepository;
  private readonly catalogItems: CatalogRepository;
  private readonly charge: RenderCharge;
  private readonly storage: MediaStorage;
  private readonly engine: RenderEngine;
  private readonly events: RenderEvents;
  private readonly webhooks: RenderWebhooks;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly options: ProcessorOptions;
  private readonly isolated: RenderEngine | undefined;

  /** `isolated`: the engine that renders in a process of its own (none: every attempt runs on `engine`). */
  constructor(
    db: Kysely<Database>,
    renders: RendersRepository,
    catalogItems: CatalogRepository,
    charge: RenderCharge,
    storage: MediaStorage,
    engine: RenderEngine,
    events: RenderEvents,
    webhooks: RenderWebhooks,
    clock: Clock,
    log: FastifyBaseLogger,
    options: ProcessorOptions,
    isolated?: RenderEngine,
  ) {
    this.db = db;
    this.renders = renders;
    this.catalogItems = catalogItems;
    this.charge = charge;
    this.storage = storage;
    this.engine = engine;
    this.events = events;
    this.webhooks = webhooks;
    this.clock = clock;
    this.log = log;
    this.options = options;
    this.isolated = isolated;
  }

  async run(id: string): Promise<RunResult> {
    const { leaseMs, maxAttempts, maxAbandons } = this.options;
    const row = await this.renders.claim(id, this.clock.now(), leaseMs, { maxAttempts, maxAbandons });
    if (!row) return (await this.abandon(id)) ? { outcome: 'failed' } : { outcome: 'skipped' };
    const lease = this.holdLease(row);
    const engine = this.engineFor(row);
    try {
      const image = await this.render(row, engine, lease.signal);
      await this.complete(row, image);
      return { outcome: 'done' };
    } catch (error) {
      // Another worker took the render over (this one stalled past its lease): the attempt is theirs now.
      if (lease.signal.aborted) return { outcome: 'skipped' };
      const outage = await this.retryAfterOutage(row, error);
      if (outage) return outage;
      const failure = asEngineError(error);
      // A failure in a process of its own is worth a line whatever it is: it may be the crash looked for.
      if (!failure.retryable || engine !== this.engine) {
        this.log.warn({ err: error, renderId: id, isolated: engine !== this.engine }, 'render failed');
      }
      // Attempts that met an outage, or whose process vanished, do not count.
      const counted = row.attempts - row.outages - row.abandons;
      if (failure.retryable && counted < this.options.maxAttempts) {
        const delays = this.options.retryDelaysMs;
        const runAfter = this.clock.now() + (delays[counted - 1] ?? delays.at(-1) ?? 0);
        if (await this.renders.retryLater(id, row.attempts, runAfter, failure.code)) {
          return { outcome: 'retry', runAfter };
        }
        return { outcome: 'skipped' };
      }
      await this.fail(row, failure);
      return { outcome: 'failed' };
    } finally {
      lease.stop();
      this.events.finished(id);
    }
  }

  /**
   * Renews the claim while the render runs. The signal aborts when the attempt is found to be another
   * worker's; a database that does not answer for a moment is no reason to stop rendering.
   */
  private holdLease(row: RenderRow): { signal: AbortSignal; stop(): void } {
    const lost = new AbortController();
    const timer = setInterval(() => {
      this.renders.renew(row.id, row.attempts, this.clock.now() + this.options.leaseMs).then(
        (held) => {
          if (!held) lost.abort();
        },
        (error: unknown) => this.log.warn({ err: error, renderId: row.id }, 'could not renew a render lease'),
      );
    }, this.options.leaseMs / 3);
    timer.unref();
    return { signal: lost.signal, stop: () => clearInterval(timer) };
  }

  /**
   * Storage that cannot be reached fails every render alike, through no fault of theirs: the attempt goes
   * back in the queue with a growing wait (2 s doubling to 60 s) and does not count, until the render has
   * waited `outageGiveUpMs` since it was made. Answers undefined for other errors, and once that time is up.
   */
  private async retryAfterOutage(row: RenderRow, error: unknown): Promise<RunResult | undefined> {
    if (!(error instanceof AppError && error.code === 'STORAGE_UNAVAILABLE')) return undefined;
    const now = this.clock.now();
    if (now - row.created_at >= this.options.outageGiveUpMs) return undefined;
    const runAfter = now + Math.min(OUTAGE_MAX_WAIT_MS, OUTAGE_FIRST_WAIT_MS * 2 ** row.outages);
    this.log.warn({ err: error, renderId: row.id, runAfter }, 'render waits for storage to be back');
    if (await this.renders.retryAfterOutage(row.id, row.attempts, runAfter, error.code)) {
      return { outcome: 'retry', runAfter };
    }
    return { outcome: 'skipped' };
  }

  /**
   * The engine for this attempt. A process that vanished while it rendered may have been killed from outside,
   * or crashed by this render's input (a native crash, memory run out): after that, the render runs in a
   * process of its own, so a crash is seen, counted as a failed attempt, and takes no other render with it.
   */
  private engineFor(row: RenderRow): RenderEngine {
    if (row.abandons === 0 || !this.isolated) return this.engine;
    this.log.warn(
      { renderId: row.id, attempt: row.attempts, abandons: row.abandons },
      'render runs in a process of its own: a process stopped while it rendered it',
    );
    return this.isolated;
  }

  /** A render whose attempts are used up fails and is refunded, instead of another try. */
  private async abandon(id: string): Promise<boolean> {
    const failure = new EngineError('RENDER_FAILED', 'Rendering failed. Please try again.');
    const { maxAttempts, maxAbandons } = this.options;
    return this.db.transaction().execute(async (trx) => {
      const row = await this.renders.abandon(
        trx,
        id,
        this.clock.now(),
        { maxAttempts, maxAbandons },
        {
          errorCode: failure.code,
          errorMessage: messageOf(failure),
        },
      );
      if (!row) return false;
      this.log.error({ renderId: id, attempts: row.attempts }, 'render abandoned: its workers stopped on it');
      await this.charge.refund(trx, row);
      return true;
    });
  }

  private async render(row: RenderRow, engine: RenderEngine, lost: AbortSignal): Promise<RenderResult> {
    const signal = AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs), lost]);
    const result =
      row.kind === 'tryon'
        ? await engine.renderTryOn(
            {
              person: await this.input(row.person_key, 'person'),
              garment: await this.input(row.garment_key, 'garment'),
              ...(await this.garmentCategory(row)),
            },
            { signal },
          )
        : await engine.renderLook(
            {
              face: await this.input(row.face_key, 'photo'),
              model: await this.input(row.model_key, 'model'),
            },
            { signal },
          );
    return result;
  }

  /** The shop's category for the garment, which helps the engine tell what kind of garment it is. */
  private async garmentCategory(row: RenderRow): Promise<{ garmentCategory?: string }> {
    if (!row.garment_id) return {};
    const item = await this.catalogItems.find(row.shop_suid, 'garment', row.garment_id);
    return item?.category ? { garmentCategory: item.category } : {};
  }

  private async input(key: string | null, what: string): Promise<Buffer> {
    const stored = key === null ? null : await this.storage.get(key);
    if (!stored) throw new EngineError('RENDER_FAILED', `The ${what} photo was removed before rendering.`);
    return stored.bytes;
  }

  private async complete(row: RenderRow, result: RenderResult): Promise<void> {
    const { data, info } = await asWebp(result);
    const key = `${renderPrefix(row.shop_suid, row.kind, row.id)}original-${newVersion()}.webp`;
    await this.storage.put(key, data, 'image/webp');
    const finished = await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const ok = await this.renders.finish(
        trx,
        row.id,
        row.attempts,
        { status: 'done', imageKey: key, width: info.width, height: info.height },
        now,
      );
      if (ok) {
        await this.catalogItems.countTryOn(
          trx,
          [row.garment_id, row.model_id].filter((v): v is string => v !== null),
        );
        const done = { ...row, status: 'done' as const, image_key: key, finished_at: now, lease_until: null };
        await this.webhooks.finished(trx, { ...done, image_width: info.width, image_height: info.height });
      }
      return ok;
    });
    // Removed while rendering, or a newer attempt took over: this image belongs to nothing.
    if (!finished) await this.storage.delete([key]);
  }

  private async fail(row: RenderRow, failure: EngineError): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const outcome = {
        status: 'failed' as const,
        errorCode: failure.code,
        errorMessage: messageOf(failure),
      };
      const now = this.clock.now();
      if (await this.renders.finish(trx, row.id, row.attempts, outcome, now)) {
        await this.charge.refund(trx, row);
        await this.webhooks.finished(trx, {
          ...row,
          status: 'failed',
          error_code: outcome.errorCode,
          error_message: outcome.errorMessage,
          finished_at: now,
          lease_until: null,
        });
      }
    });
  }
}

/** Results are stored as WebP; an engine that answers another format is re-encoded (and checked) here. */
async function asWebp(
  result: RenderResult,
): Promise<{ data: Buffer; info: { width: number; height: number } }> {
  if (result.contentType === 'image/webp') {
    return { data: result.bytes, info: { width: result.width, height: result.height } };
  }
  return sharp(result.bytes).webp({ quality: RESULT_WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
}

/** Unexpected errors (a bug, a storage outage) count as failures that may pass on another attempt. */
function asEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  return new EngineError('RENDER_FAILED', 'Rendering failed. Please try again.', true, { cause: error });
}

/** Engines explain photo problems in their own words; the API answers with our catalogue's text. */
const messageOf = (failure: EngineError): string => errorCatalog[failure.code satisfies ErrorCode].message;
