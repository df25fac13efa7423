import type { CatalogSort, ListFilter } from '@tryon/contract';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/connect.ts';
import { type PreparedQuery, PreparedShapes, prepareQuery } from '../../db/prepared.ts';
import type { CatalogItemsTable, CatalogKind, ClientActivityTable, Database } from '../../db/schema.ts';
import { itemSearchText, normalizeSearch } from '../../lib/search-text.ts';

export type CatalogRow = CatalogItemsTable & { liked_at: number | null };

/** What a list shows of an item (the API's fields); lists read no more. */
const LIST_COLUMNS = [
  'id',
  'code',
  'name',
  'description',
  'url',
  'category',
  'price',
  'sku',
  'image_key',
  'image_width',
  'image_height',
  'likes',
  'tryons',
  'created_at',
] as const satisfies readonly (keyof CatalogItemsTable)[];

export type CatalogListRow = Pick<CatalogRow, (typeof LIST_COLUMNS)[number] | 'liked_at'>;

export interface ListParams {
  shopSuid: string;
  kind: CatalogKind;
  text: string;
  filter: ListFilter | undefined;
  /** The shopper's clientuuid; null for the dashboard. */
  clientId: string | null;
  /** The order without a filter; newest first unless given. */
  sort?: CatalogSort | undefined;
  offset: number;
  limit: number;
}

/** What makes one list query differ from another beyond its values: each shape is compiled once. */
interface ListShape {
  kind: CatalogKind;
  filter: ListFilter | undefined;
  shopper: boolean;
  search: boolean;
  rowids: boolean;
  categories: number;
  sort: CatalogSort | undefined;
}

/**
 * Whether a list's conditions read the shopper's own row (`me`): a shopper's fav, recent and recs do. Any other
 * list of a shopper has the dashboard's conditions, so counts as the dashboard's.
 */
/** Filters that order a list without leaving any item out. */
const ORDER_ONLY: ReadonlySet<string> = new Set(['pop', 'new']);

/** Whether a list holds every item of its kind (no search, a filter that only orders): catalog_counts counts it. */
const countsEveryItem = (p: ListParams) =>
  normalizeSearch(p.text) === '' && (p.filter === undefined || ORDER_ONLY.has(p.filter));

const readsShopperRow = (p: ListParams) =>
  p.clientId !== null && (p.filter === 'fav' || p.filter === 'recent' || p.filter === 'recs');

/** A list's filter values: the shop, then by shape the shopper, the search pattern, the matching rowids (JSON)
 * and the shopper's categories. */
type FilterArgs = [shopSuid: string, ...rest: string[]];
/** A page's values: its offset and limit, then its filter's. */
type PageArgs = [offset: number, limit: number, ...filter: FilterArgs];
/** A first page's values: its limit, then its filter's. */
type FirstPageArgs = [limit: number, ...filter: FilterArgs];

/** Upper-case letters and a space: the currency a price may start with (`USD 5`), skipped to reach its number. */
const CURRENCY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ ';

/** A shopper's first contact with an item: not seen, liked or tried yet. */
const newActivity = (
  shopSuid: string,
  kind: CatalogKind,
  clientId: string,
  itemId: string,
): ClientActivityTable => ({
  shop_suid: shopSuid,
  client_id: clientId,
  item_id: itemId,
  kind,
  seen_at: null,
  liked_at: null,
  tried: 0,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every column but search_text, which is written, never read back. */
const ITEM_COLUMNS = [
  'id',
  'kind',
  'shop_suid',
  'code',
  'name',
  'description',
  'url',
  'category',
  'price',
  'sku',
  'product_key',
  'source_url',
  'image_key',
  'image_width',
  'image_height',
  'likes',
  'tryons',
  'created_via',
  'created_at',
] as const satisfies readonly (keyof CatalogItemsTable)[];

/** The SQLite trigram index answers searches of at least this many characters; shorter ones scan the shop. */
const TRIGRAM = 3;
/**
 * SQLite: a search that more items than this match (in all shops) walks the shop's items in the list's order
 * instead, where matches come often enough to fill a page quickly; fewer are fetched from the index by rowid.
 * Reading that many rowids off the index costs about a millisecond; joining 50,000 of them costs 100+.
 */
const INDEX_CAP = 1000;

export class CatalogRepository {
  private readonly db: Kysely<Database>;
  private readonly dialect: Dialect;

  private readonly pages = new PreparedShapes<PageArgs, CatalogListRow>();
  private readonly firstPages = new PreparedShapes<
    FirstPageArgs,
    CatalogListRow & { total: number | null }
  >();
  private readonly counts = new PreparedShapes<FilterArgs, { n: number }>();
  private kindCount: PreparedQuery<[string, CatalogKind], { n: number }> | undefined;

  constructor(db: Kysely<Database>, dialect: Dialect) {
    this.db = db;
    this.dialect = dialect;
  }

  async insert(row: CatalogItemsTable, trx: Kysely<Database> = this.db): Promise<void> {
    await trx
      .insertInto('catalog_items')
      .values({ ...row, search_text: itemSearchText(row) })
      .execute();
  }

  /** By id or public code, within a shop and kind; with the shopper's like when a client is given. */
  find(
    shopSuid: string,
    kind: CatalogKind,
    idOrCode: string,
    clientId: string | null = null,
  ): Promise<CatalogRow | undefined> {
    return this.selectItems(shopSuid, kind, clientId)
      .where((eb) => eb.or([eb('i.id', '=', idOrCode), eb('i.code', '=', idOrCode)]))
      .executeTakeFirst();
  }

  /** For signed image links, which carry no key: the shop comes from the item. */
  findAnyShop(kind: CatalogKind, id: string): Promise<CatalogItemsTable | undefined> {
    return this.db
      .selectFrom('catalog_items')
      .select(ITEM_COLUMNS)
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** By id or public code (codes are unique across shops), for the image routes; the route checks access. */
  findAnyShopByIdOrCode(kind: CatalogKind, idOrCode: string): Promise<CatalogItemsTable | undefined> {
    return this.db
      .selectFrom('catalog_items')
      .select(ITEM_COLUMNS)
      .where('kind', '=', kind)
      .where((eb) => eb.or([eb('id', '=', idOrCode), eb('code', '=', idOrCode)]))
      .executeTakeFirst();
  }

  findByProductKey(shopSuid: string, kind: CatalogKind, productKey: string): Promise<CatalogRow | undefined> {
    return this.selectItems(shopSuid, kind, null).where('i.product_key', '=', productKey).executeTakeFirst();
  }

  /** Garments and models a shop added one way (public or private) since a time. */
  async countCreatedSince(shopSuid: string, via: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('catalog_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_suid', '=', shopSuid)
      .where('created_via', '=', via)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async codeTaken(code: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('catalog_items').select('id').where('code', '=', code).executeTakeFirst()) !==
      undefined
    );
  }

  /** `item` is the row as it is now; its search text follows the new name, description or category. */
  async update(
    item: CatalogItemsTable,
    changes: Partial<
      Pick<
        CatalogItemsTable,
        | 'description'
        | 'url'
        | 'name'
        | 'category'
        | 'price'
        | 'source_url'
        | 'image_key'
        | 'image_width'
        | 'image_height'
      >
    >,
    trx: Kysely<Database> = this.db,
  ): Promise<void> {
    await trx
      .updateTable('catalog_items')
      .set({ ...changes, search_text: itemSearchText({ ...item, ...changes }) })
      .where('id', '=', item.id)
      .execute();
  }

  /** The item's image key now, read in the caller's transaction; undefined when the item is gone. */
  async imageKeyOf(trx: Kysely<Database>, id: string): Promise<string | undefined> {
    const row = await trx
      .selectFrom('catalog_items')
      .select('image_key')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.image_key;
  }

  /** Points the item at a new image, if it still has `oldKey`; false when it was removed or changed meanwhile. */
  async replaceImage(
    trx: Kysely<Database>,
    id: string,
    oldKey: string,
    image: { key: string; width: number; height: number },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('catalog_items')
      .set({ image_key: image.key, image_width: image.width, image_height: image.height })
      .where('id', '=', id)
      .where('image_key', '=', oldKey)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The shop's items of a kind among `idsOrCodes` (ids of other shops are simply not found). */
  findMany(shopSuid: string, kind: CatalogKind, idsOrCodes: readonly string[]): Promise<CatalogRow[]> {
    if (idsOrCodes.length === 0) return Promise.resolve([]);
    return this.selectItems(shopSuid, kind, null)
      .where((eb) => eb.or([eb('i.id', 'in', idsOrCodes), eb('i.code', 'in', idsOrCodes)]))
      .execute();
  }

  /** Several items' category, with their search text, in one transaction. */
  async setCategory(items: readonly CatalogItemsTable[], category: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const item of items) {
        await trx
          .updateTable('catalog_items')
          .set({ category, search_text: itemSearchText({ ...item, category }) })
          .where('id', '=', item.id)
          .where('shop_suid', '=', item.shop_suid)
          .execute();
      }
    });
  }

  async delete(id: string, trx: Kysely<Database> = this.db): Promise<void> {
    await trx.deleteFrom('client_activity').where('item_id', '=', id).execute();
    await trx.deleteFrom('catalog_items').where('id', '=', id).execute();
  }

  /** Categories a shopper has tried, liked or viewed, most used first. */
  async clientCategories(shopSuid: string, kind: CatalogKind, clientId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('client_activity as a')
      .innerJoin('catalog_items as i', 'i.id', 'a.item_id')
      .select(['i.category'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.shop_suid', '=', shopSuid)
      .where('a.client_id', '=', clientId)
      .where('a.kind', '=', kind)
      .where('i.category', '!=', '')
      .groupBy('i.category')
      .orderBy('n', 'desc')
      .limit(20)
      .execute();
    return rows.map((r) => r.category);
  }

  /**
   * One page of a list. Every order ends with the id, so pages never overlap or skip while the data stays
   * the same. See docs/api.md for what each filter means for a shopper and for the dashboard.
   * The first page of a list of every item of the kind (no search, a filter that only orders) reads the
   * count the triggers keep in the same statement, as `total` (one round trip instead of two on PostgreSQL);
   * any other list leaves `total` out, and count() answers it.
   */
  async list(
    p: ListParams,
    categories: readonly string[] = [],
  ): Promise<{ rows: CatalogListRow[]; total?: number }> {
    const { shape, args } = await this.shapeOf(p, categories);
    if (p.offset === 0 && countsEveryItem(p)) {
      const query = this.firstPages.get(JSON.stringify(shape), () =>
        prepareQuery(this.db, args.length + 1, (limit: number, ...filter: FilterArgs) =>
          this.filteredQuery(shape, filter)
            .orderBy('i.id', 'desc')
            .limit(limit)
            // A scalar subquery of no outer column: both databases read it once a statement.
            .select((eb) =>
              eb
                .selectFrom('catalog_counts')
                .select('items')
                .where('shop_suid', '=', filter[0])
                .where('kind', '=', shape.kind)
                .as('total'),
            ),
        ),
      );
      // Every row carries the same `total` (present() reads only the list's fields).
      const rows = await query(p.limit, ...args);
      return { rows, total: rows[0]?.total ?? 0 };
    }
    const query = this.pages.get(JSON.stringify(shape), () =>
      prepareQuery(this.db, args.length + 2, (offset: number, limit: number, ...filter: FilterArgs) =>
        this.filteredQuery(shape, filter).orderBy('i.id', 'desc').offset(offset).limit(limit),
      ),
    );
    return { rows: await query(p.offset, p.limit, ...args) };
  }

  /**
   * How many items the list of `p` holds in all its pages (asked once a list, on its first page): the list's own
   * query without its columns and order (the shopper's categories only order it). A dashboard count leaves out
   * the shopper's row, which only gives the like (SQLite keeps an unread left join in a count, and probing it
   * costs more than counting).
   */
  async count(p: ListParams): Promise<number> {
    // Every item of the kind: the count the triggers keep.
    if (countsEveryItem(p)) {
      this.kindCount ??= prepareQuery(this.db, 2, (shopSuid: string, kind: CatalogKind) =>
        this.db
          .selectFrom('catalog_counts')
          .select('items as n')
          .where('shop_suid', '=', shopSuid)
          .where('kind', '=', kind),
      );
      const [row] = await this.kindCount(p.shopSuid, p.kind);
      return row?.n ?? 0;
    }
    const { shape, args } = await this.shapeOf(readsShopperRow(p) ? p : { ...p, clientId: null }, []);
    const query = this.counts.get(JSON.stringify(shape), () =>
      prepareQuery(this.db, args.length, (...filter: FilterArgs) =>
        this.filteredQuery(shape, filter, 'count')
          .clearSelect()
          .clearOrderBy()
          .select((eb) => eb.fn.countAll<number>().as('n')),
      ),
    );
    const [row] = await query(...args);
    return row?.n ?? 0;
  }

  /** The numeric value of a price kept as text (`19.99`, `19,99 EUR`, `USD 5`); null when there is none. */
  private priceValue() {
    const digits = sql<string>`replace(ltrim(i.price, ${sql.lit(CURRENCY_CHARS)}), ',', '.')`;
    return this.dialect === 'sqlite'
      ? sql<number | null>`case when i.price = '' then null else cast(${digits} as real) end`
      : sql<
          number | null
        >`cast(nullif(substring(${digits} from '^[0-9]+(?:[.][0-9]+)?'), '') as double precision)`;
  }

  /** What sets a list's query apart (compiled once a shape) and its values. */
  private async shapeOf(
    p: ListParams,
    categories: readonly string[],
  ): Promise<{ shape: ListShape; args: FilterArgs }> {
    const needle = normalizeSearch(p.text);
    // SQLite answers a search from the FTS5 trigram table when the text is rare enough, the like confirming each.
    const rowids = needle && this.dialect === 'sqlite' ? await this.fewMatches(needle) : null;
    const shape: ListShape = {
      kind: p.kind,
      filter: p.filter,
      shopper: p.clientId !== null,
      search: needle !== '',
      rowids: rowids !== null,
      categories: categories.length,
      sort: p.filter ? undefined : p.sort,
    };
    const args: FilterArgs = [p.shopSuid];
    if (p.clientId !== null) args.push(p.clientId);
    if (needle) args.push(`%${escapeLike(needle)}%`);
    if (rowids) args.push(JSON.stringify(rowids));
    args.push(...categories);
    return { shape, args };
  }

  /**
   * A list of one shape, filtered and ordered, without its page; every value comes in as an argument, so
   * the compiled query serves every request.
   */
  private filteredQuery(shape: ListShape, [shopSuid, ...rest]: FilterArgs, use: 'page' | 'count' = 'page') {
    const clientId = shape.shopper ? (rest.shift() ?? '') : '';
    const like = shape.search ? rest.shift() : undefined;
    const rowids = shape.rowids ? rest.shift() : undefined;
    const categories = rest;
    const items = this.selectItems(shopSuid, shape.kind, clientId, LIST_COLUMNS);
    // Only a shopper's branches below read `me`, so a dashboard count leaves its join out (the query's type is
    // kept; a count of every filter, for the dashboard and for shoppers, is tested).
    let q =
      use === 'count' && !shape.shopper
        ? (this.db
            .selectFrom('catalog_items as i')
            .where('i.shop_suid', '=', shopSuid)
            .where('i.kind', '=', shape.kind) as unknown as typeof items)
        : items;
    if (shape.search) {
      // PostgreSQL answers the like from the pg_trgm index (or walks the shop when its planner finds that
      // cheaper).
      q = q.where(sql<SqlBool>`i.search_text like ${like} escape '\\'`);
      if (shape.rowids) q = q.where(sql<SqlBool>`i.rowid in (select value from json_each(${rowids}))`);
    }
    const shopper = shape.shopper;
    switch (shape.filter) {
      case 'fav':
        q = shopper
          ? q.where('me.liked_at', 'is not', null).orderBy('me.liked_at', 'desc')
          : q.where('i.likes', '>', 0).orderBy('i.likes', 'desc').orderBy('i.created_at', 'desc');
        break;
      case 'recent':
        if (shopper) {
          q = q.where('me.seen_at', 'is not', null).orderBy('me.seen_at', 'desc');
        } else {
          const lastSeen = this.db
            .selectFrom('client_activity')
            .select(['item_id'])
            .select((eb) => eb.fn.max('seen_at').as('last_seen'))
            .where('shop_suid', '=', shopSuid)
            .where('kind', '=', shape.kind)
            .where('seen_at', 'is not', null)
            .groupBy('item_id')
            .as('seen');
          q = q.innerJoin(lastSeen, 'seen.item_id', 'i.id').orderBy('seen.last_seen', 'desc');
        }
        break;
      case 'recs':
        if (shopper) {
          q = q.where((eb) => eb.or([eb('me.tried', 'is', null), eb('me.tried', '=', 0)]));
          if (categories.length > 0) {
            const inCategories: Expression<SqlBool> = sql<SqlBool>`i.category in (${sql.join(categories)})`;
            q = q.orderBy(sql`case when ${inCategories} then 0 else 1 end`);
          }
        }
        q = q.orderBy('i.tryons', 'desc').orderBy('i.likes', 'desc').orderBy('i.created_at', 'desc');
        break;
      case 'pop':
        q = q.orderBy('i.tryons', 'desc').orderBy('i.likes', 'desc').orderBy('i.created_at', 'desc');
        break;
      default:
        switch (shape.sort) {
          case 'oldest':
            q = q.orderBy('i.created_at', 'asc');
            break;
          case 'name':
            q = q.orderBy(sql`lower(i.name)`, 'asc').orderBy('i.created_at', 'desc');
            break;
          case 'price':
            q = q.orderBy(sql`${this.priceValue()} asc nulls last`).orderBy('i.created_at', 'desc');
            break;
          default:
            q = q.orderBy('i.created_at', 'desc');
        }
    }
    return q;
  }

  /**
   * SQLite: the rowids of every item (of any shop) whose text holds the needle, from the trigram index (a phrase of
   * trigrams is a substring); null when the needle is too short for it, or so common that walking the shop is
   * quicker.
   */
  private async fewMatches(needle: string): Promise<number[] | null> {
    if ([...needle].length < TRIGRAM) return null;
    const phrase = `"${needle.replaceAll('"', '""')}"`;
    const { rows } = await sql<{ rowid: number }>`select rowid from catalog_search
      where catalog_search match ${phrase} limit ${INDEX_CAP + 1}`.execute(this.db);
    return rows.length > INDEX_CAP ? null : rows.map((r) => r.rowid);
  }

  /** Remembers that a shopper looked at an item. */
  async markSeen(
    shopSuid: string,
    kind: CatalogKind,
    clientId: string,
    itemId: string,
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('client_activity')
      .values({ ...newActivity(shopSuid, kind, clientId, itemId), seen_at: now })
      .onConflict((oc) => oc.columns(['shop_suid', 'client_id', 'item_id']).doUpdateSet({ seen_at: now }))
      .execute();
  }

  /** Remembers that a shopper tried an item on (the recs filter leaves it out). */
  async markTried(shopSuid: string, kind: CatalogKind, clientId: string, itemId: string): Promise<void> {
    await this.db
      .insertInto('client_activity')
      .values({ ...newActivity(shopSuid, kind, clientId, itemId), tried: 1 })
      .onConflict((oc) => oc.columns(['shop_suid', 'client_id', 'item_id']).doUpdateSet({ tried: 1 }))
      .execute();
  }

  /** Counts a finished try-on or look on the items it was made from, in the caller's transaction. */
  async countTryOn(trx: Kysely<Database>, itemIds: readonly string[]): Promise<void> {
    if (itemIds.length === 0) return;
    await trx
      .updateTable('catalog_items')
      .set((eb) => ({ tryons: eb('tryons', '+', 1) }))
      .where('id', 'in', itemIds)
      .execute();
  }

  /** Sets or clears a shopper's like; the item's like counter moves only when the like really changed. */
  async setLiked(
    shopSuid: string,
    kind: CatalogKind,
    clientId: string,
    itemId: string,
    liked: boolean,
    now: number,
  ) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('client_activity')
        .values(newActivity(shopSuid, kind, clientId, itemId))
        .onConflict((oc) => oc.columns(['shop_suid', 'client_id', 'item_id']).doNothing())
        .execute();
      const changed = await trx
        .updateTable('client_activity')
        .set({ liked_at: liked ? now : null })
        .where('shop_suid', '=', shopSuid)
        .where('client_id', '=', clientId)
        .where('item_id', '=', itemId)
        .where('liked_at', liked ? 'is' : 'is not', null)
        .executeTakeFirst();
      if (changed.numUpdatedRows > 0n) {
        await trx
          .updateTable('catalog_items')
          .set((eb) => ({ likes: eb('likes', liked ? '+' : '-', 1) }))
          .where('id', '=', itemId)
          .execute();
      }
    });
  }

  private selectItems(
    shopSuid: string,
    kind: CatalogKind,
    clientId: string | null,
    columns: readonly (keyof CatalogItemsTable)[] = ITEM_COLUMNS,
  ) {
    return this.db
      .selectFrom('catalog_items as i')
      .leftJoin('client_activity as me', (join) =>
        join
          .onRef('me.item_id', '=', 'i.id')
          .on('me.shop_suid', '=', shopSuid)
          .on('me.client_id', '=', clientId ?? ''),
      )
      .select(columns.map((c) => `i.${c}` as const))
      .select('me.liked_at')
      .where('i.shop_suid', '=', shopSuid)
      .where('i.kind', '=', kind);
  }
}
