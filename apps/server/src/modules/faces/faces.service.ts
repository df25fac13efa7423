import { PHOTO_CONSENT_VERSION } from '@tryon/contract';
import type { FacesTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, utcDay } from '../../lib/clock.ts';
import type { ImageSource } from '../../lib/image-route.ts';
import { imageMinimums, inspectUpload } from '../../lib/images/index.ts';
import { randomId } from '../../lib/secrets.ts';
import type { AtomicMedia } from '../../lib/storage/atomic-media.ts';
import type { Auth } from '../../plugins/authenticate.ts';
import type { DailyLimits } from '../limits/daily-limits.ts';
import type { PersonCheck } from '../person-check/person-check.service.ts';
import { facePrefix } from '../renders/render-paths.ts';
import type { RendersRepository } from '../renders/renders.repository.ts';
import type { RendersService } from '../renders/renders.service.ts';
import type { StatsService } from '../stats/stats.service.ts';
import type { FacesRepository } from './faces.repository.ts';

/**
 * A shopper's own photos. Personal data: stored re-encoded without metadata, seen only by that shopper and
 * the shop, deleted with everything made from them when removed or after the retention period.
 */
export class FacesService {
  private readonly faces: FacesRepository;
  private readonly renders: RendersRepository;
  private readonly rendersService: RendersService;
  private readonly limits: DailyLimits;
  private readonly media: AtomicMedia;
  private readonly stats: StatsService;
  private readonly personCheck: PersonCheck;
  private readonly clock: Clock;

  constructor(
    faces: FacesRepository,
    renders: RendersRepository,
    rendersService: RendersService,
    limits: DailyLimits,
    media: AtomicMedia,
    stats: StatsService,
    personCheck: PersonCheck,
    clock: Clock,
  ) {
    this.faces = faces;
    this.renders = renders;
    this.rendersService = rendersService;
    this.limits = limits;
    this.media = media;
    this.stats = stats;
    this.personCheck = personCheck;
    this.clock = clock;
  }

  /**
   * A photo; a shopper's (public key) needs `consent`, the version of the wording they agreed to, which is
   * recorded in the same transaction as the photo.
   */
  async add(auth: Auth, file: Buffer | undefined, consent?: number): Promise<FacesTable> {
    const { clientId, shopSuid } = this.rendersService.scopeOf(auth);
    if (clientId !== null && consent !== PHOTO_CONSENT_VERSION) throw new AppError('CONSENT_REQUIRED');
    if (!file || file.length === 0) throw new AppError('IMAGE_REQUIRED');
    const image = await inspectUpload(file, imageMinimums.face);
    await this.personCheck.requireOnePerson(image.bytes);
    const now = this.clock.now();
    const row: FacesTable = {
      id: randomId('face'),
      shop_suid: shopSuid,
      client_id: clientId,
      image_key: '',
      image_width: image.width,
      image_height: image.height,
      created_at: now,
    };
    await this.media.writeThenCommit(
      facePrefix(shopSuid, row.id),
      [{ name: 'original', bytes: image.bytes }],
      async ([key], trx) => {
        await this.limits.take(trx, shopSuid, 'person', clientId, utcDay(now));
        row.image_key = key ?? '';
        await this.faces.insert(row, trx);
        if (clientId !== null)
          await this.faces.recordConsent(trx, {
            shop_suid: shopSuid,
            client_id: clientId,
            version: PHOTO_CONSENT_VERSION,
            agreed_at: now,
          });
      },
    );
    await this.stats.record(shopSuid, 'person', clientId);
    return row;
  }

  async list(auth: Auth, offset: number, limit: number) {
    const rows = await this.faces.list(this.rendersService.scopeOf(auth), offset, limit);
    return { items: rows, nextOffset: rows.length === limit ? offset + limit : null };
  }

  async remove(auth: Auth, id: string): Promise<void> {
    const face = await this.faces.find(this.rendersService.scopeOf(auth), id);
    if (!face) throw new AppError('NOT_FOUND');
    await this.delete(face);
  }

  /**
   * Deletes everything a shopper (public key) has here: their photos, and every try-on and look they made,
   * from their photos or on the shop's models. Answers how many of each.
   */
  async removeAllOf(auth: Auth): Promise<{ photos: number; renders: number }> {
    const scope = this.rendersService.scopeOf(auth);
    if (scope.clientId === null) throw new AppError('SHOPPER_ONLY');
    let photos = 0;
    let renders = 0;
    const BATCH = 100;
    for (;;) {
      const faces = await this.faces.list(scope, 0, BATCH);
      for (const face of faces) renders += await this.delete(face);
      photos += faces.length;
      if (faces.length < BATCH) break;
    }
    for (const kind of ['tryon', 'look'] as const) {
      for (;;) {
        const rows = await this.renders.list(scope, kind, undefined, 0, BATCH);
        for (const row of rows) {
          await this.media.removeAll(async (trx) => ({
            result: undefined,
            prefixes: [await this.rendersService.deleteRow(trx, row)],
          }));
        }
        renders += rows.length;
        if (rows.length < BATCH) break;
      }
    }
    return { photos, renders };
  }

  /** Deletes photos and what was made from them, older than `retentionMs`; answers how many photos. */
  async deleteExpired(retentionMs: number, batch = 100): Promise<number> {
    const before = this.clock.now() - retentionMs;
    let deleted = 0;
    for (;;) {
      const faces = await this.faces.createdBefore(before, batch);
      for (const face of faces) await this.delete(face);
      deleted += faces.length;
      if (faces.length < batch) break;
    }
    for (;;) {
      const rows = await this.renders.personalBefore(before, batch);
      for (const row of rows) {
        await this.media.removeAll(async (trx) => ({
          result: undefined,
          prefixes: [await this.rendersService.deleteRow(trx, row)],
        }));
      }
      if (rows.length < batch) break;
    }
    return deleted;
  }

  /** Deletes a photo and what was made from it; answers how many renders that was. */
  private async delete(face: FacesTable): Promise<number> {
    return this.media.removeAll(async (trx) => {
      const prefixes = [facePrefix(face.shop_suid, face.id)];
      for (const row of await this.renders.madeFromFace(trx, face.id)) {
        prefixes.push(await this.rendersService.deleteRow(trx, row));
      }
      await this.faces.delete(trx, face.id);
      return { result: prefixes.length - 1, prefixes };
    });
  }

  /** A photo for its image route, by id alone (the route checks access). */
  async imageSource(id: string): Promise<ImageSource | undefined> {
    const row = await this.faces.findAnyShop(id);
    return row && { shopSuid: row.shop_suid, imageKey: row.image_key, clientId: row.client_id };
  }
}
