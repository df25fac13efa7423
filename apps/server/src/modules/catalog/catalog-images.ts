import type { Kysely } from 'kysely';
import type { CatalogKind, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { forgetPrefix, type HotImages } from '../../lib/hot-images.ts';
import { derivativeKeys } from '../../lib/images/derivatives.ts';
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
   * A new image for an item that keeps its row, id and code. The new original goes into a folder of its own
   * (`<item>/img-<version>/`), written and committed like an add's; `commitRow` points the row at it and answers
   * the key it replaced. That key's files go only after the commit: a replaced image's own folder is marked for
   * removal in the commit's transaction (so the sweep finishes it after a crash), the first image's files, which
   * sit beside the item's other folders, are deleted by name (any left over go with the item).
   */
  async replace(
    shopSuid: string,
    kind: CatalogKind,
    id: string,
    bytes: Buffer,
    commitRow: (imageKey: string, trx: Kysely<Database>) => Promise<string>,
  ): Promise<void> {
    const itemFolder = CatalogImages.prefixOf(shopSuid, kind, id);
    const folder = `${itemFolder}img-${newVersion()}/`;
    const oldKey = await this.media.writeThenCommit(
      folder,
      [{ name: 'original', bytes }],
      async ([key], trx) => {
        const replaced = await commitRow(key ?? '', trx);
        const replacedFolder = folderOf(replaced);
        if (replacedFolder !== itemFolder && replacedFolder.startsWith(itemFolder)) {
          await this.media.markForRemoval(trx, replacedFolder);
        }
        return replaced;
      },
    );
    forgetPrefix(this.hot, `${kind}/${id}/`);
    const oldFolder = folderOf(oldKey);
    if (oldFolder !== itemFolder) {
      await this.media.discard(oldFolder).catch(() => undefined);
      return;
    }
    const version = versionOf(oldKey);
    const derived = derivativeKeys.filter((k) => k !== 'full').map((k) => `${oldFolder}${k}-${version}.webp`);
    await this.storage.delete([oldKey, ...derived]).catch(() => undefined);
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

  /** Deletes several rows (in `deleteRows`'s transaction), then every file of those items. */
  async removeManyAfter(
    items: readonly { shopSuid: string; kind: CatalogKind; id: string }[],
    deleteRows: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    for (const item of items) forgetPrefix(this.hot, `${item.kind}/${item.id}/`);
    await this.media.removeAll(async (trx) => {
      await deleteRows(trx);
      return {
        result: undefined,
        prefixes: items.map((i) => CatalogImages.prefixOf(i.shopSuid, i.kind, i.id)),
      };
    });
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

/** The folder of a storage key, with its trailing slash. */
const folderOf = (key: string): string => key.slice(0, key.lastIndexOf('/') + 1);
