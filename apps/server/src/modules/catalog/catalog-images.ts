import type { Kysely } from 'kysely';
import type { CatalogKind, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { forgetPrefix, type HotImages } from '../../lib/hot-images.ts';
import { derivativeKeys } from '../../lib/images/index.ts';
import { imageMinimums, inspectUpload } from '../../lib/images/inspect-upload.ts';
import { type AtomicMedia, newVersion, versionOf } from '../../lib/storage/atomic-media.ts';
import type { MediaStorage } from '../../lib/storage/index.ts';
import { fetchImageFromUrl, type UrlImportOptions } from '../../lib/url-import/index.ts';

export interface AcceptedCatalogImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Images of garments and models: intake (upload or URL), atomic storage next to the row, removal. Keys:
 * shops/<suid>/<kind>s/<id>/original-<version>.webp.
 */
export class CatalogImages {
  readonly storage: MediaStorage;

  private readonly media: AtomicMedia;
  /** Hot thumbnails by `<kind>/<id>/...`, for signed links, which need no database read. */
  private readonly hot: HotImages;
  private readonly urlImport: Partial<UrlImportOptions>;

  constructor(media: AtomicMedia, hot: HotImages, urlImport: Partial<UrlImportOptions>) {
    this.media = media;
    this.hot = hot;
    this.urlImport = urlImport;
    this.storage = media.storage;
  }

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
    return versionOf(imageKey);
  }

  /**
   * Stores the image, then runs `commitRow` in the transaction that commits the write: a row never points
   * to a missing image, and an add that fails or dies leaves no file behind (at once, or at the next sweep).
   */
  async storeWith(
    shopSuid: string,
    kind: CatalogKind,
    id: string,
    bytes: Buffer,
    commitRow: (imageKey: string, trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    await this.media.writeThenCommit(
      CatalogImages.prefixOf(shopSuid, kind, id),
      [{ name: 'original', bytes }],
      ([imageKey], trx) => commitRow(imageKey ?? '', trx),
    );
  }

  /**
   * A new image for an existing item: written in a folder of its own under the item's (so a failed or dead write
   * is swept without touching the image in use), committed with `commitRow`, then the old file is deleted.
   */
  async replaceWith(
    item: { shop_suid: string; kind: CatalogKind; id: string; image_key: string },
    bytes: Buffer,
    commitRow: (imageKey: string, trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    const folder = `${CatalogImages.prefixOf(item.shop_suid, item.kind, item.id)}r-${newVersion()}/`;
    await this.media.writeThenCommit(folder, [{ name: 'original', bytes }], ([imageKey], trx) =>
      commitRow(imageKey ?? '', trx),
    );
    forgetPrefix(this.hot, `${item.kind}/${item.id}/`);
    // The old image and the sizes made of it. Left behind if this fails: unused files in the item's folder,
    // deleted with the item.
    await this.storage.delete(filesOfImage(item.image_key)).catch(() => undefined);
  }

  /** Deletes the row (in `deleteRow`'s transaction), then every file of the item. */
  async removeAfter(
    shopSuid: string,
    kind: CatalogKind,
    id: string,
    deleteRow: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    forgetPrefix(this.hot, `${kind}/${id}/`);
    await this.media.removeAfter(CatalogImages.prefixOf(shopSuid, kind, id), deleteRow);
  }

  /** Removes files of adds that never finished and of removals whose files could not be deleted. */
  sweep(): Promise<number> {
    return this.media.sweep();
  }

  async original(imageKey: string): Promise<Buffer> {
    const stored = await this.storage.get(imageKey);
    if (!stored) throw new AppError('IMAGE_NOT_FOUND');
    return stored.bytes;
  }
}

/** An original's key and the keys of the sizes made of it (`<folder><size>-<version>.webp`, as the image route names them). */
function filesOfImage(imageKey: string): string[] {
  if (!imageKey) return [];
  const folder = imageKey.replace(/original-[^/]+$/, '');
  const version = versionOf(imageKey);
  return [imageKey, ...derivativeKeys.map((size) => `${folder}${size}-${version}.webp`)];
}
