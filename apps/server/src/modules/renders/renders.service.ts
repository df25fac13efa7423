import { createHash, randomBytes } from 'node:crypto';
import type { RenderListFilter } from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { Database, FacesTable, RenderKind, RendersTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { ImageSource } from '../../lib/image-route.ts';
import { randomId } from '../../lib/secrets.ts';
import type { AtomicMedia, MediaFile } from '../../lib/storage/atomic-media.ts';
import type { Auth } from '../../plugins/authenticate.ts';
import type { CatalogRepository, CatalogRow } from '../catalog/catalog.repository.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { FacesRepository } from '../faces/faces.repository.ts';
import type { RenderQueue } from '../render-jobs/render-queue.ts';
import type { StatsService } from '../stats/stats.service.ts';
import type { IdempotencyRepository } from './idempotency.repository.ts';
import type { RenderCharge } from './render-charge.ts';
import type { RenderEvents } from './render-events.ts';
import { renderPrefix } from './render-paths.ts';
import type { RenderReadScope, RenderRow, RenderScope, RendersRepository } from './renders.repository.ts';

const idPrefix: Record<RenderKind, string> = { tryon: 'try', look: 'look' };
const WAIT_TICK_MS = 500;

/** A try-on or look to create from items the shop already has. */
export type CatalogRequest =
  | { kind: 'tryon'; guid: string; muid?: string | undefined; fuid?: string | undefined }
  | { kind: 'look'; fuid: string; muid: string };

/** A try-on or look to create from uploaded photos (the simple endpoints). */
export type UploadRequest =
  | { kind: 'tryon'; person: Buffer; garment: Buffer }
  | { kind: 'look'; face: Buffer; model: Buffer };

type Sources = Pick<
  RendersTable,
  'garment_id' | 'model_id' | 'face_id' | 'person_key' | 'garment_key' | 'face_key' | 'model_key' | 'personal'
>;

const noSources: Sources = {
  garment_id: null,
  model_id: null,
  face_id: null,
  person_key: null,
  garment_key: null,
  face_key: null,
  model_key: null,
  personal: 0,
};

/**
 * Try-ons and looks: created queued and charged in one transaction, rendered by a job, seen only by the
 * shopper who made them (public keys) or by the shop (private keys), removed with their files.
 */
export class RendersService {
  private readonly db: Kysely<Database>;
  private readonly renders: RendersRepository;
  private readonly faces: FacesRepository;
  private readonly catalog: CatalogService;
  private readonly catalogItems: CatalogRepository;
  private readonly idempotency: IdempotencyRepository;
  private readonly charge: RenderCharge;
  private readonly media: AtomicMedia;
  private readonly events: RenderEvents;
  private readonly stats: StatsService;
  private readonly queue: RenderQueue;
  private readonly clock: Clock;

  constructor(
    db: Kysely<Database>,
    renders: RendersRepository,
    faces: FacesRepository,
    catalog: CatalogService,
    catalogItems: CatalogRepository,
    idempotency: IdempotencyRepository,
    charge: RenderCharge,
    media: AtomicMedia,
    events: RenderEvents,
    stats: StatsService,
    queue: RenderQueue,
    clock: Clock,
  ) {
    this.db = db;
    this.renders = renders;
    this.faces = faces;
    this.catalog = catalog;
    this.catalogItems = catalogItems;
    this.idempotency = idempotency;
    this.charge = charge;
    this.media = media;
    this.events = events;
    this.stats = stats;
    this.queue = queue;
    this.clock = clock;
  }

  /** The shopper a call acts for: public-key calls only; the shop's own calls see and make the shop's. */
  scopeOf(auth: Auth): RenderScope {
    return { shopSuid: auth.shopSuid, clientId: auth.kind === 'public' ? auth.clientUuid : null };
  }

  /** `webhookUrl`: a one-off webhook for this render, already checked by the caller (private keys only). */
  async createFromCatalog(
    auth: Auth,
    request: CatalogRequest,
    idempotencyKey?: string,
    webhookUrl: string | null = null,
  ): Promise<RenderRow> {
    if (webhookUrl !== null && auth.kind === 'public') throw new AppError('PRIVATE_KEY_REQUIRED');
    const scope = this.scopeOf(auth);
    const sources = await this.resolve(auth, scope, request);
    const fingerprint = digest([
      request.kind,
      scope.clientId,
      sources.garment_id,
      sources.model_id,
      sources.face_id,
    ]);
    const row = await this.commitNew(
      scope,
      request.kind,
      sources,
      fingerprint,
      idempotencyKey,
      [],
      webhookUrl,
    );
    if (request.kind === 'tryon' && scope.clientId !== null && sources.garment_id !== null) {
      await this.catalogItems.markTried(scope.shopSuid, 'garment', scope.clientId, sources.garment_id);
    }
    return row;
  }

  async createFromUploads(auth: Auth, request: UploadRequest, idempotencyKey?: string): Promise<RenderRow> {
    const scope = this.scopeOf(auth);
    const files: MediaFile[] =
      request.kind === 'tryon'
        ? [
            { name: 'person/original', bytes: request.person },
            { name: 'garment/original', bytes: request.garment },
          ]
        : [
            { name: 'face/original', bytes: request.face },
            { name: 'model/original', bytes: request.model },
          ];
    const fingerprint = digest([
      request.kind,
      scope.clientId,
      ...files.map((f) => createHash('sha256').update(f.bytes).digest('base64url')),
    ]);
    const row = await this.commitNew(
      scope,
      request.kind,
      { ...noSources, personal: 1 },
      fingerprint,
      idempotencyKey,
      files,
    );
    await this.stats.record(scope.shopSuid, 'person', scope.clientId);
    return row;
  }

  /** A render; with `waitSeconds`, once it finishes or they pass, or the caller has gone (`signal`). */
  async get(
    auth: Auth,
    kind: RenderKind,
    id: string,
    waitSeconds = 0,
    signal?: AbortSignal,
  ): Promise<RenderRow> {
    const row = await this.require(auth, kind, id);
    return waitSeconds > 0 ? this.waitFor(row, waitSeconds * 1000, signal) : row;
  }

  /** Re-reads a render until it is done or failed, or `ms` have passed, or `signal` aborts. */
  async waitFor(row: RenderRow, ms: number, signal?: AbortSignal): Promise<RenderRow> {
    const deadline = Date.now() + ms;
    let current = row;
    while (current.status !== 'done' && current.status !== 'failed' && !signal?.aborted) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      await this.events.next(current.id, Math.min(WAIT_TICK_MS, left));
      const next = await this.renders.findById(current.id);
      if (!next) throw new AppError('NOT_FOUND');
      current = next;
    }
    return current;
  }

  async byToken(kind: RenderKind, token: string): Promise<RenderRow> {
    const row = await this.renders.findByToken(kind, token);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * Spec §1: administrators manage every shop's try-ons and looks: they read and remove any of them, and list
   * one named shop (`shop`) or all (`*`). Anyone else sees their own scope; naming another shop is refused.
   */
  readScope(auth: Auth, shop?: string): RenderReadScope {
    const own = this.scopeOf(auth);
    if (shop === undefined) return auth.isAdmin ? { shopSuid: null, clientId: null } : own;
    if (shop === auth.shopSuid) return own;
    if (!auth.isAdmin) throw new AppError('ADMIN_ONLY');
    return { shopSuid: shop === '*' ? null : shop, clientId: null };
  }

  async list(
    auth: Auth,
    kind: RenderKind,
    query: {
      offset: number;
      limit: number;
      filter?: RenderListFilter | undefined;
      shop?: string | undefined;
      item?: string | undefined;
    },
  ): Promise<{ items: RenderRow[]; nextOffset: number | null }> {
    const scope = query.shop === undefined ? this.scopeOf(auth) : this.readScope(auth, query.shop);
    const rows = await this.renders.list(scope, kind, query.filter, query.offset, query.limit, query.item);
    return { items: rows, nextOffset: rows.length === query.limit ? query.offset + query.limit : null };
  }

  async remove(auth: Auth, kind: RenderKind, id: string): Promise<void> {
    const row = await this.require(auth, kind, id);
    await this.media.removeAll(async (trx) => ({
      result: undefined,
      prefixes: [await this.deleteRow(trx, row)],
    }));
  }

  async setLiked(auth: Auth, id: string, liked: boolean): Promise<RenderRow> {
    const row = await this.require(auth, 'look', id);
    const likedAt = liked ? (row.liked_at ?? this.clock.now()) : null;
    await this.renders.setLiked(row.id, likedAt);
    return { ...row, liked_at: likedAt };
  }

  /**
   * In the caller's transaction: deletes a render, giving its charge back if it had not finished. Answers
   * its folder, for the caller to delete after the commit.
   */
  async deleteRow(trx: Kysely<Database>, row: RenderRow): Promise<string> {
    if (row.status === 'queued' || row.status === 'running') await this.charge.refund(trx, row);
    await this.renders.delete(trx, row.id);
    return renderPrefix(row.shop_suid, row.kind, row.id);
  }

  async require(auth: Auth, kind: RenderKind, id: string): Promise<RenderRow> {
    const row = await this.renders.find(this.readScope(auth), kind, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  private async resolve(auth: Auth, scope: RenderScope, request: CatalogRequest): Promise<Sources> {
    const face = async (fuid: string): Promise<FacesTable> => {
      const found = await this.faces.find(scope, fuid);
      if (!found) throw new AppError('NOT_FOUND', 'There is no such photo of this shopper.');
      return found;
    };
    const model = (muid: string): Promise<CatalogRow> => this.catalog.require(auth, 'model', muid);
    if (request.kind === 'look') {
      const [f, m] = await Promise.all([face(request.fuid), model(request.muid)]);
      return {
        ...noSources,
        face_id: f.id,
        face_key: f.image_key,
        model_id: m.id,
        model_key: m.image_key,
        personal: 1,
      };
    }
    if ((request.muid === undefined) === (request.fuid === undefined)) {
      throw new AppError(
        'VALIDATION_ERROR',
        'Give exactly one of muid (a model) and fuid (a photo of the shopper).',
      );
    }
    const garment = await this.catalog.require(auth, 'garment', request.guid);
    const sources = { ...noSources, garment_id: garment.id, garment_key: garment.image_key };
    if (request.fuid !== undefined) {
      const f = await face(request.fuid);
      return { ...sources, face_id: f.id, person_key: f.image_key, personal: 1 };
    }
    const m = await model(request.muid ?? '');
    return { ...sources, model_id: m.id, person_key: m.image_key };
  }

  /**
   * Creates the row, charged, in one transaction with the Idempotency-Key record; with uploads, after their
   * files are stored. A retry with the same key and request answers the first render, charging nothing.
   */
  private async commitNew(
    scope: RenderScope,
    kind: RenderKind,
    sources: Sources,
    fingerprint: string,
    idempotencyKey: string | undefined,
    files: readonly MediaFile[],
    webhookUrl: string | null = null,
  ): Promise<RenderRow> {
    if (idempotencyKey !== undefined) {
      const first = await this.replay(scope.shopSuid, idempotencyKey, fingerprint);
      if (first) return first;
    }
    const now = this.clock.now();
    const row: RendersTable = {
      id: randomId(idPrefix[kind]),
      kind,
      shop_suid: scope.shopSuid,
      client_id: scope.clientId,
      token: randomBytes(16).toString('base64url'),
      ...sources,
      status: 'queued',
      error_code: null,
      error_message: null,
      attempts: 0,
      outages: 0,
      abandons: 0,
      run_after: now,
      lease_until: null,
      charged: 1,
      image_key: null,
      image_width: null,
      image_height: null,
      liked_at: null,
      created_at: now,
      started_at: null,
      finished_at: null,
      webhook_url: webhookUrl,
    };
    const commit = async (keys: string[], trx: Kysely<Database>) => {
      if (files.length > 0) {
        const [a = null, b = null] = keys;
        Object.assign(
          row,
          kind === 'tryon' ? { person_key: a, garment_key: b } : { face_key: a, model_key: b },
        );
      }
      if (idempotencyKey !== undefined) {
        await this.idempotency.insert(trx, {
          shop_suid: scope.shopSuid,
          idem_key: idempotencyKey,
          fingerprint,
          render_id: row.id,
          created_at: now,
        });
      }
      await this.charge.take(trx, scope.shopSuid, scope.clientId, row.id);
      await this.renders.insert(trx, row);
    };
    try {
      if (files.length > 0) {
        await this.media.writeThenCommit(renderPrefix(scope.shopSuid, kind, row.id), files, commit);
      } else {
        await this.db.transaction().execute((trx) => commit([], trx));
      }
    } catch (error) {
      // A concurrent twin with the same key committed first: answer its render.
      if (idempotencyKey !== undefined && isUniqueViolation(error)) {
        const first = await this.replay(scope.shopSuid, idempotencyKey, fingerprint);
        if (first) return first;
      }
      throw error;
    }
    await this.stats.record(scope.shopSuid, 'tryon', scope.clientId);
    await this.queue.enqueue(row.id);
    return row;
  }

  private async replay(shopSuid: string, key: string, fingerprint: string): Promise<RenderRow | undefined> {
    const record = await this.idempotency.find(shopSuid, key);
    if (!record) return undefined;
    if (record.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    const row = await this.renders.findById(record.render_id);
    if (!row) throw new AppError('NOT_FOUND', 'The render of this Idempotency-Key was removed.');
    return row;
  }

  /**
   * The image of a render for its image route, by id alone (the route checks access): the result, or one of the
   * inputs it was made from (`part`). None for a failed render, another kind's id or an input it has not.
   */
  async imageSource(
    kind: RenderKind,
    id: string,
    part: string | undefined,
  ): Promise<ImageSource | undefined> {
    const row = await this.renders.findById(id);
    if (!row || row.kind !== kind) return undefined;
    const keys: Record<string, string | null> = {
      garment: row.garment_key,
      person: row.person_key,
      face: row.face_key,
      model: row.model_key,
    };
    const source = { shopSuid: row.shop_suid, clientId: row.client_id };
    if (part === undefined)
      return row.status === 'failed' ? undefined : { ...source, imageKey: row.image_key };
    const imageKey = keys[part] ?? null;
    return imageKey === null ? undefined : { ...source, imageKey };
  }
}

const digest = (parts: readonly (string | null)[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
