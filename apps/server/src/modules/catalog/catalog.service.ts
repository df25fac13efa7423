import type { CatalogSort, Garment, ListFilter, Model } from '@tryon/contract';
import { BULK_MAX, parseListQuery } from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { CatalogItemsTable, CatalogKind, Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, DAY_MS, utcDay } from '../../lib/clock.ts';
import type { ImageLinks } from '../../lib/image-links.ts';
import type { ImageSource } from '../../lib/image-route.ts';
import { randomCode, randomId } from '../../lib/secrets.ts';
import type { Auth } from '../../plugins/authenticate.ts';
import type { DailyLimits } from '../limits/daily-limits.ts';
import type { PersonCheck } from '../person-check/person-check.service.ts';
import type { StatsService } from '../stats/stats.service.ts';
import type { WebhookEmitter } from '../webhooks/webhook-emitter.ts';
import type { CatalogListRow, CatalogRepository, CatalogRow } from './catalog.repository.ts';
import type { CatalogImages } from './catalog-images.ts';

export interface ItemFields {
  name?: string | undefined;
  description?: string | undefined;
  url?: string | undefined;
  sku?: string | undefined;
  category?: string | undefined;
  price?: string | undefined;
}

export interface EditFields {
  name?: string | undefined;
  description?: string | undefined;
  url?: string | undefined;
  category?: string | undefined;
  price?: string | undefined;
}

export interface BulkOutcome {
  done: number;
  not_found: string[];
}

const idPrefix: Record<CatalogKind, string> = { garment: 'gar', model: 'mod' };
/** Tries of a replacement's commit when another replacement commits first. */
const MAX_REPLACE_TRIES = 3;
const MAX_CODE_TRIES = 5;

/** Garments and models: the same rules for both, told apart by `kind`. */
export class CatalogService {
  private readonly items: CatalogRepository;
  private readonly images: CatalogImages;
  private readonly links: ImageLinks;
  private readonly stats: StatsService;
  private readonly shopLimit: (suid: string) => Promise<number>;
  private readonly webhooks: WebhookEmitter;
  private readonly limits: DailyLimits;
  private readonly personCheck: PersonCheck;
  private readonly clock: Clock;

  constructor(
    items: CatalogRepository,
    images: CatalogImages,
    links: ImageLinks,
    stats: StatsService,
    shopLimit: (suid: string) => Promise<number>,
    webhooks: WebhookEmitter,
    limits: DailyLimits,
    personCheck: PersonCheck,
    clock: Clock,
  ) {
    this.items = items;
    this.images = images;
    this.links = links;
    this.stats = stats;
    this.shopLimit = shopLimit;
    this.webhooks = webhooks;
    this.limits = limits;
    this.personCheck = personCheck;
    this.clock = clock;
  }

  /** A new item from an uploaded image. */
  async addUpload(
    auth: Auth,
    kind: CatalogKind,
    fields: ItemFields,
    file: Buffer | undefined,
  ): Promise<CatalogRow> {
    if (!file || file.length === 0) throw new AppError('IMAGE_REQUIRED');
    const id = randomId(idPrefix[kind]);
    const row = await this.createWithImage(auth, kind, id, fields, `upload:${id}`, null, () =>
      this.images.acceptUpload(kind, file),
    );
    return row;
  }

  /**
   * The item of a product, created from an image URL when the shop has none yet. The product is known by its
   * sku, else its page url, else the image URL; concurrent calls for one product create it once.
   */
  async getOrAddFromUrl(
    auth: Auth,
    kind: CatalogKind,
    fields: ItemFields,
    imageUrl: string | undefined,
    takeAllowance?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<{ row: CatalogRow; created: boolean }> {
    if (!imageUrl) throw new AppError('IMAGE_REQUIRED');
    const productKey = fields.sku
      ? `sku:${fields.sku}`
      : fields.url
        ? `url:${fields.url}`
        : `image:${imageUrl}`;
    const existing = await this.items.findByProductKey(auth.shopSuid, kind, productKey);
    if (existing) return { row: existing, created: false };
    const id = randomId(idPrefix[kind]);
    try {
      const row = await this.createWithImage(
        auth,
        kind,
        id,
        fields,
        productKey,
        imageUrl,
        () => this.images.acceptFromUrl(kind, imageUrl),
        takeAllowance,
      );
      return { row, created: true };
    } catch (error) {
      const winner = await this.items.findByProductKey(auth.shopSuid, kind, productKey);
      if (winner) return { row: winner, created: false };
      throw error;
    }
  }

  /**
   * A new image for an item from a URL (its product's image changed at the source), with other changed fields:
   * the item keeps its id and public code; the old image's file is deleted once the row points at the new one.
   */
  async replaceImageFromUrl(
    item: CatalogRow,
    imageUrl: string,
    changes: Partial<Pick<CatalogItemsTable, 'description' | 'url' | 'name' | 'category' | 'price'>>,
  ): Promise<void> {
    const image = await this.images.acceptFromUrl(item.kind, imageUrl);
    await this.images.replace(item.shop_suid, item.kind, item.id, image.bytes, async (imageKey, trx) => {
      const current = await this.items.imageKeyOf(trx, item.id);
      if (current === undefined) throw new AppError('NOT_FOUND');
      await this.items.update(
        item,
        {
          ...changes,
          source_url: imageUrl,
          image_key: imageKey,
          image_width: image.width,
          image_height: image.height,
        },
        trx,
      );
      return current;
    });
  }

  async get(auth: Auth, kind: CatalogKind, idOrCode: string): Promise<CatalogRow> {
    const row = await this.require(auth, kind, idOrCode);
    if (auth.clientUuid && auth.kind === 'public') {
      await this.items.markSeen(auth.shopSuid, kind, auth.clientUuid, row.id, this.clock.now());
      if (kind === 'garment') await this.stats.record(auth.shopSuid, 'garment', auth.clientUuid);
    }
    return row;
  }

  async list(
    auth: Auth,
    kind: CatalogKind,
    query: {
      query?: string | undefined;
      filter?: ListFilter | 'stats' | undefined;
      sort?: CatalogSort | undefined;
      offset: number;
      limit: number;
    },
  ): Promise<{ items: CatalogListRow[]; nextOffset: number | null; total?: number }> {
    const parsed = parseListQuery(query.query);
    const filter = query.filter && query.filter !== 'stats' ? query.filter : parsed.filter;
    const clientId = this.shopperOf(auth);
    const categories =
      filter === 'recs' && clientId ? await this.items.clientCategories(auth.shopSuid, kind, clientId) : [];
    const params = {
      shopSuid: auth.shopSuid,
      kind,
      text: parsed.text,
      filter,
      clientId,
      sort: query.sort,
      offset: query.offset,
      limit: query.limit,
    };
    const { rows, total: counted } = await this.items.list(params, categories);
    // Shoppers' searches only: the shop's own, in its dashboard, are not what the statistic measures.
    if (parsed.text && clientId) await this.stats.record(auth.shopSuid, 'search', clientId);
    const nextOffset = rows.length === query.limit ? query.offset + query.limit : null;
    // The first page counts the whole list (read with the page where the list is every item of its kind); a
    // short first page is its own count.
    if (query.offset !== 0) return { items: rows, nextOffset };
    const total = nextOffset === null ? rows.length : (counted ?? (await this.items.count(params)));
    return { items: rows, nextOffset, total };
  }

  /** Changes the fields given; category and price only of garments (a category is kept in lower case). */
  async update(auth: Auth, kind: CatalogKind, idOrCode: string, changes: EditFields) {
    const row = await this.require(auth, kind, idOrCode);
    const garment = kind === 'garment';
    const next = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(garment && changes.category !== undefined ? { category: changes.category.toLowerCase() } : {}),
      ...(garment && changes.price !== undefined ? { price: changes.price } : {}),
    };
    if (Object.keys(next).length > 0) await this.items.update(row, next);
    return { ...row, ...next };
  }

  /**
   * A new image for an item, with the checks of an add; its id, public code, stats and likes stay, so shared
   * links and printed QR codes keep working. Concurrent replacements each commit in turn.
   */
  async replaceImage(
    auth: Auth,
    kind: CatalogKind,
    idOrCode: string,
    file: Buffer | undefined,
  ): Promise<CatalogRow> {
    if (!file || file.length === 0) throw new AppError('IMAGE_REQUIRED');
    const row = await this.require(auth, kind, idOrCode);
    const image = await this.images.acceptUpload(kind, file);
    // A model's new photo must show one person, as an added one must.
    if (kind === 'model') await this.personCheck.requireOnePerson(image.bytes);
    await this.images.replace(row.shop_suid, kind, row.id, image.bytes, async (key, trx) => {
      for (let attempt = 0; attempt < MAX_REPLACE_TRIES; attempt++) {
        const current = await this.items.imageKeyOf(trx, row.id);
        if (current === undefined) throw new AppError('NOT_FOUND');
        const next = { key, width: image.width, height: image.height };
        if (await this.items.replaceImage(trx, row.id, current, next)) return current;
      }
      throw new Error('The image kept changing during its replacement');
    });
    return this.require(auth, kind, row.id);
  }

  async remove(auth: Auth, kind: CatalogKind, idOrCode: string): Promise<void> {
    const row = await this.require(auth, kind, idOrCode);
    await this.images.removeAfter(row.shop_suid, kind, row.id, (trx) => this.items.delete(row.id, trx));
  }

  /**
   * Removes an item with its files if it still exists, running `alsoInTransaction` with the deletion (an
   * import records the removal); answers whether it did.
   */
  async removeIfExists(
    auth: Auth,
    kind: CatalogKind,
    id: string,
    alsoInTransaction: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<boolean> {
    const row = await this.items.find(auth.shopSuid, kind, id, null);
    if (!row) return false;
    await this.images.removeAfter(row.shop_suid, kind, row.id, async (trx) => {
      await this.items.delete(row.id, trx);
      await alsoInTransaction(trx);
    });
    return true;
  }

  /** Removes those of `idsOrCodes` that are the caller's shop's items, together; the rest are reported. */
  async bulkRemove(auth: Auth, kind: CatalogKind, idsOrCodes: readonly string[]): Promise<BulkOutcome> {
    const { rows, notFound } = await this.requireMany(auth, kind, idsOrCodes);
    await this.images.removeManyAfter(
      rows.map((r) => ({ shopSuid: r.shop_suid, kind, id: r.id })),
      async (trx) => {
        for (const row of rows) await this.items.delete(row.id, trx);
      },
    );
    return { done: rows.length, not_found: notFound };
  }

  /** Sets the category of those of `idsOrCodes` that are the caller's shop's garments. */
  async bulkSetCategory(auth: Auth, idsOrCodes: readonly string[], category: string): Promise<BulkOutcome> {
    const { rows, notFound } = await this.requireMany(auth, 'garment', idsOrCodes);
    await this.items.setCategory(rows, category.toLowerCase());
    return { done: rows.length, not_found: notFound };
  }

  /** The shop's items among the ids or codes given (of the caller's shop only), and the ids that are not. */
  private async requireMany(auth: Auth, kind: CatalogKind, idsOrCodes: readonly string[]) {
    const wanted = [...new Set(idsOrCodes.map((id) => id.trim()).filter((id) => id !== ''))];
    if (wanted.length === 0) throw new AppError('VALIDATION_ERROR', 'ids: give at least one id.');
    if (wanted.length > BULK_MAX) throw new AppError('VALIDATION_ERROR', `ids: at most ${BULK_MAX}.`);
    const rows = await this.items.findMany(auth.shopSuid, kind, wanted);
    const found = new Set(rows.flatMap((r) => [r.id, r.code]));
    return { rows, notFound: wanted.filter((id) => !found.has(id)) };
  }

  async setLiked(auth: Auth, kind: CatalogKind, idOrCode: string, liked: boolean): Promise<CatalogRow> {
    const clientId = auth.clientUuid;
    if (!clientId) throw new AppError('CLIENT_UUID_REQUIRED');
    const row = await this.require(auth, kind, idOrCode);
    await this.items.setLiked(auth.shopSuid, kind, clientId, row.id, liked, this.clock.now());
    return this.require(auth, kind, row.id);
  }

  /** The item as the API shows it, with a signed image link. */
  present(kind: 'garment', row: CatalogListRow): Garment;
  present(kind: 'model', row: CatalogListRow): Model;
  present(kind: CatalogKind, row: CatalogListRow): Garment | Model {
    const common = {
      name: row.name,
      description: row.description,
      url: row.url,
      sku: row.sku,
      image: this.links.sign(kind, row.id, this.images.versionOf(row.image_key)),
      width: row.image_width,
      height: row.image_height,
      stats: { likes: row.likes, tryons: row.tryons },
      liked: row.liked_at !== null,
      created: new Date(row.created_at).toISOString(),
    };
    return kind === 'garment'
      ? { guid: row.id, g: row.code, category: row.category, price: row.price, ...common }
      : { muid: row.id, m: row.code, ...common };
  }

  async require(auth: Auth, kind: CatalogKind, idOrCode: string): Promise<CatalogRow> {
    const row = await this.items.find(auth.shopSuid, kind, idOrCode, this.shopperOf(auth));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The shopper whose likes and views shape a list: public-key calls only; the dashboard sees the shop's. */
  private shopperOf(auth: Auth): string | null {
    return auth.kind === 'public' ? auth.clientUuid : null;
  }

  private async createWithImage(
    auth: Auth,
    kind: CatalogKind,
    id: string,
    fields: ItemFields,
    productKey: string,
    sourceUrl: string | null,
    accept: () => Promise<{ bytes: Buffer; width: number; height: number }>,
    takeAllowance?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<CatalogRow> {
    const now = this.clock.now();
    const via = auth.kind === 'public' ? 'public' : 'private';
    if (via === 'public') {
      // An early refusal before the image is fetched; the counter taken with the insert below decides.
      const since = now - (now % DAY_MS);
      const used = await this.items.countCreatedSince(auth.shopSuid, via, since);
      if (used >= (await this.shopLimit(auth.shopSuid))) throw new AppError('DAILY_LIMIT_REACHED');
    }
    const image = await accept();
    if (kind === 'model') await this.personCheck.requireOnePerson(image.bytes);
    const row: CatalogItemsTable = {
      id,
      kind,
      shop_suid: auth.shopSuid,
      code: randomCode(),
      name: fields.name ?? '',
      description: fields.description ?? '',
      url: fields.url ?? '',
      category: kind === 'garment' ? (fields.category ?? '').toLowerCase() : '',
      price: kind === 'garment' ? (fields.price ?? '') : '',
      sku: fields.sku ?? null,
      product_key: productKey,
      source_url: sourceUrl,
      image_key: '',
      image_width: image.width,
      image_height: image.height,
      likes: 0,
      tryons: 0,
      created_via: via,
      created_at: now,
    };
    // About 40 bits: a clash is rare, but a code must never point at two items.
    for (let attempt = 1; await this.items.codeTaken(row.code); attempt++) {
      if (attempt >= MAX_CODE_TRIES) throw new Error('Could not draw a free public code');
      row.code = randomCode();
    }
    await this.images.storeWith(auth.shopSuid, kind, id, image.bytes, async (imageKey, trx) => {
      row.image_key = imageKey;
      if (via === 'public') await this.limits.takeCatalogAdd(trx, auth.shopSuid, utcDay(now));
      await takeAllowance?.(trx);
      await this.items.insert(row, trx);
      const item = { ...row, liked_at: null };
      const data = kind === 'garment' ? this.present('garment', item) : this.present('model', item);
      await this.webhooks.emit(trx, auth.shopSuid, `${kind}.added`, data);
    });
    return { ...row, liked_at: null };
  }

  /** A garment's or model's image for its image route, by id or public code (the route checks access). */
  async imageSource(kind: CatalogKind, idOrCode: string): Promise<ImageSource | undefined> {
    const row = await this.items.findAnyShopByIdOrCode(kind, idOrCode);
    return row && { shopSuid: row.shop_suid, imageKey: row.image_key };
  }
}
