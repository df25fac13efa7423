import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // An admin-set daily allowance of items a shop's imports may add; null: its daily garment limit.
  await db.schema.alterTable('shops').addColumn('limit_import_daily', 'integer').execute();

  // Per import: remove the items its source created earlier that left the source; how many were.
  await db.schema
    .alterTable('catalog_imports')
    .addColumn('remove_missing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('catalog_imports')
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // A feed or store a shop has re-synced daily: one row a source, claimed by a conditional update when due.
  await db.schema
    .createTable('import_schedules')
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('remove_missing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_schedules_pk', ['shop_suid', 'kind', 'source', 'source_url'])
    .execute();
  await db.schema
    .createIndex('import_schedules_due_idx')
    .on('import_schedules')
    .column('next_run_at')
    .execute();

  // Items an earlier import of a source created: found by the source at the end of a removing run.
  await db.schema
    .createIndex('catalog_imports_source_idx')
    .on('catalog_imports')
    .columns(['shop_suid', 'kind', 'source', 'source_url'])
    .execute();
}
