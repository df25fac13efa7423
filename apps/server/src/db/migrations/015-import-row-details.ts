import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The values a failed import row's error names (IMAGE_TOO_SMALL: the image's size and the minimum), JSON.
  await db.schema.alterTable('catalog_import_rows').addColumn('error_details', 'text').execute();
}
