import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sku', 'text')
    .addColumn('product_key', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('image_width', 'integer', (c) => c.notNull())
    .addColumn('image_height', 'integer', (c) => c.notNull())
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tryons', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_via', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('catalog_items_product_idx')
    .on('catalog_items')
    .columns(['shop_suid', 'kind', 'product_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('catalog_items_new_idx')
    .on('catalog_items')
    .columns(['shop_suid', 'kind', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('catalog_items_pop_idx')
    .on('catalog_items')
    .columns(['shop_suid', 'kind', 'tryons', 'likes'])
    .execute();

  // One row per shopper and item: likes, views and try-ons, for the fav, recent and recs filters.
  await db.schema
    .createTable('client_activity')
    .addColumn('shop_suid', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('liked_at', 'bigint')
    .addColumn('seen_at', 'bigint')
    .addColumn('tried', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('client_activity_pk', ['shop_suid', 'client_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('client_activity_item_idx')
    .on('client_activity')
    .columns(['item_id'])
    .execute();
  await db.schema
    .createIndex('client_activity_seen_idx')
    .on('client_activity')
    .columns(['shop_suid', 'kind', 'seen_at'])
    .execute();

  // Files written before their row commits; a sweep removes those whose add never finished.
  await db.schema
    .createTable('media_intents')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
