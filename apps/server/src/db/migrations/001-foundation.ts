import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../connect.ts';
import type { MigrationContext } from './index.ts';

/** An increasing integer key: records in the order they were written. */
const withAutoId = <TB extends string, C extends string>(
  table: CreateTableBuilder<TB, C>,
  dialect: Dialect,
) =>
  dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('shops')
    .addColumn('suid', 'text', (c) => c.primaryKey())
    .addColumn('owner_uid', 'text', (c) => c.notNull().unique().references('users.uid'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('referral', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tariff', 'text', (c) => c.notNull())
    .addColumn('tryon_balance', 'integer', (c) => c.notNull().defaultTo(0).check(sql`tryon_balance >= 0`))
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull())
    .addColumn('limit_garment_daily', 'integer', (c) => c.notNull())
    .addColumn('limit_tryon_daily', 'integer', (c) => c.notNull())
    .addColumn('limit_tryon_daily_per_client', 'integer', (c) => c.notNull())
    .addColumn('limit_person_daily', 'integer', (c) => c.notNull())
    .addColumn('limit_person_daily_per_client', 'integer', (c) => c.notNull())
    .addColumn('limit_search_daily', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shops_created_idx').on('shops').column('created_at').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_enc', 'text')
    .addColumn('allowed_domains', 'text')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_uid', 'text', (c) => c.references('users.uid'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_shop_idx').on('api_keys').columns(['shop_suid', 'kind']).execute();

  await db.schema
    .createTable('signin_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('ip', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signin_codes_email_idx')
    .on('signin_codes')
    .columns(['email', 'created_at'])
    .execute();

  await db.schema
    .createTable('balance_ledger')
    .$call((t) => withAutoId(t, dialect))
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('actor_uid', 'text')
    .addColumn('ref', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('balance_ledger_shop_idx')
    .on('balance_ledger')
    .columns(['shop_suid', 'created_at'])
    .execute();

  await db.schema
    .createTable('events')
    .$call((t) => withAutoId(t, dialect))
    .addColumn('shop_suid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('events_shop_day_idx')
    .on('events')
    .columns(['shop_suid', 'kind', 'day'])
    .execute();
}
