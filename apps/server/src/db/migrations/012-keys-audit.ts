import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connect.ts';
import type { MigrationContext } from './index.ts';

const withAutoId = <TB extends string, C extends string>(
  table: CreateTableBuilder<TB, C>,
  dialect: Dialect,
) =>
  dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  // Keys for developers: a name the owner gives, when the key was last used (written at most once a minute per
  // key), and the key a roll replaced it with (the old one keeps working until its expires_at).
  await db.schema.alterTable('api_keys').addColumn('name', 'text').execute();
  await db.schema.alterTable('api_keys').addColumn('last_used_at', 'bigint').execute();
  await db.schema.alterTable('api_keys').addColumn('rolled_to', 'text').execute();

  // Who changed what and when: written in the transaction of the change itself.
  await db.schema
    .createTable('audit_log')
    .$call((t) => withAutoId(t, dialect))
    .addColumn('shop_suid', 'text')
    .addColumn('actor_uid', 'text')
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_shop_idx').on('audit_log').columns(['shop_suid', 'id']).execute();
  await db.schema.createIndex('audit_log_time_idx').on('audit_log').columns(['created_at']).execute();
}
