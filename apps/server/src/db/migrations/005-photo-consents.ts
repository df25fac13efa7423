import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A shopper's agreement to what happens to their photo, by the version of the wording they were shown; the
  // widget asks before the first upload, and an upload with a public key needs it.
  await db.schema
    .createTable('photo_consents')
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('agreed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_consents_pk', ['shop_suid', 'client_id', 'version'])
    .execute();
  // The currency of the shop's prices (ISO 4217, such as EUR), shown with them; '' shows prices as written.
  await db.schema
    .alterTable('shops')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
