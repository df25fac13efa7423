import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One catalogue import; the row is also the job (status, attempts, lease), as renders and deliveries are.
  await db.schema
    .createTable('catalog_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('catalog_imports_queue_idx')
    .on('catalog_imports')
    .columns(['status', 'run_after'])
    .execute();
  await db.schema
    .createIndex('catalog_imports_shop_idx')
    .on('catalog_imports')
    .columns(['shop_suid', 'created_at'])
    .execute();

  // The rows of an import, parsed once; a row's outcome is written when it is done, so a restart goes on
  // from the first row without one.
  await db.schema
    .createTable('catalog_import_rows')
    .addColumn('import_id', 'text', (c) => c.notNull().references('catalog_imports.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_key', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('error', 'text')
    .addColumn('item_id', 'text')
    .addColumn('done_at', 'bigint')
    .addPrimaryKeyConstraint('catalog_import_rows_pk', ['import_id', 'position'])
    .execute();
}
