import type { Kysely } from 'kysely';
import type { CatalogKind, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { ByteCache } from '../../lib/byte-cache.ts';
import type { Clock } from '../../lib/clock.ts';
import { imageMinimums, inspectUpload } from '../../lib/images/inspect-upload.ts';
import { randomId } from '../../lib/secrets.ts';
import type { MediaStorage } from '../../lib/storage/index.ts';
import { fetchImageFromUrl, type UrlImportOptions } from '../../lib/url-import/index.ts';

export interface AcceptedCatalogImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Intents older than this belong to adds that died half-way; the sweep removes their files. */
export const STALE_INTENT_MS = 15 * 60_000;

/**
 * Images of garments and models: intake (upload or URL), atomic storage next to the row, removal, and the
 * sweep that cleans up after interrupted adds. Keys: shops/<suid>/<kind>s/<id>/original-<version>.webp.
 */
export class CatalogImages {
  /** Hot thumbnails by `<kind>/<id>/<version>/<size>`, for signed links, which need no database read. */
  readonly hot = new ByteCache(64 * 1024 * 1024, 60_000);

  constructor(
    private readonly db: Kysely<Database>,
    readonly storage: MediaStorage,
    private readonly clock: Clock,
    private readonly urlImport: Partial<UrlImportOptions>,
  ) {}

  static prefixOf(shopSuid: string, kind: CatalogKind, id: string): string {
    return `shops/${shopSuid}/${kind}s/${id}/`;
  }

  acceptUpload(kind: CatalogKind, bytes: Buffer): Promise<AcceptedCatalogImage> {
    return inspectUpload(bytes, imageMinimums[kind]);
  }

  async acceptFromUrl(kind: CatalogKind, url: string): Promise<AcceptedCatalogImage> {
    const fetched = await fetchImageFromUrl(url, this.urlImport);
    return this.acceptUpload(kind, fetched.bytes);
  }

  /** The version part of an image key, which changes whenever the image does. */
  versionOf(imageKey: string): string {
    return /original-([A-Za-z0-9_-]+)\.webp$/.exec(imageKey)?.[1] ?? 'v';
  }

  /**
   * Stores the image, then runs `commitRow` in a transaction that also clears the intent: a row never points
   * to a missing image, and an add that fails or dies leaves no file behind (at once, or at the next sweep).
   */
  async storeWith(
    shopSuid: string,
    kind: CatalogKind,
    id: string,
    bytes: Buffer,
    commitRow: (imageKey: string, trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    const prefix = CatalogImages.prefixOf(shopSuid, kind, id);
    const imageKey = `${prefix}original-${randomId('v', 6).slice(2)}.webp`;
    await this.db.insertInto('media_intents').values({ prefix, created_at: this.clock.now() }).execute();
    try {
      await this.storage.put(imageKey, bytes, 'image/webp');
      await this.db.transaction().execute(async (trx) => {
        await commitRow(imageKey, trx);
        await trx.deleteFrom('media_intents').where('prefix', '=', prefix).execute();
      });
    } catch (error) {
      await this.discard(prefix);
      throw error;
    }
  }

  /** Deletes the row (in `deleteRow`'s transaction), then every file of the item. */
  async removeAfter(
    shopSuid: string,
    kind: CatalogKind,
    id: string,
    deleteRow: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    const prefix = CatalogImages.prefixOf(shopSuid, kind, id);
    this.hot.deletePrefix(`${kind}/${id}/`);
    await this.db.transaction().execute(async (trx) => {
      await deleteRow(trx);
      // Left in place if the files cannot be deleted now, so the sweep finishes the job.
      await trx
        .insertInto('media_intents')
        .values({ prefix, created_at: 0 })
        .onConflict((oc) => oc.column('prefix').doNothing())
        .execute();
    });
    await this.discard(prefix).catch(() => undefined);
  }

  /** Removes files of adds that never finished and of removals whose files could not be deleted. */
  async sweep(): Promise<number> {
    const stale = await this.db
      .selectFrom('media_intents')
      .select('prefix')
      .where('created_at', '<', this.clock.now() - STALE_INTENT_MS)
      .execute();
    for (const { prefix } of stale) await this.discard(prefix);
    return stale.length;
  }

  async original(imageKey: string): Promise<Buffer> {
    const stored = await this.storage.get(imageKey);
    if (!stored) throw new AppError('IMAGE_NOT_FOUND');
    return stored.bytes;
  }

  private async discard(prefix: string): Promise<void> {
    await this.storage.deletePrefix(prefix);
    await this.db.deleteFrom('media_intents').where('prefix', '=', prefix).execute();
  }
}
