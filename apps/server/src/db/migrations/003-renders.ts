import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A shopper's own photo (face or body). client_id is null for photos the shop uploaded with a private key.
  await db.schema
    .createTable('faces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('client_id', 'text')
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('image_width', 'integer', (c) => c.notNull())
    .addColumn('image_height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('faces_client_idx')
    .on('faces')
    .columns(['shop_suid', 'client_id', 'created_at'])
    .execute();
  await db.schema.createIndex('faces_created_idx').on('faces').columns(['created_at']).execute();

  // Try-ons and looks: the row is also the render job (status, attempts, lease).
  await db.schema
    .createTable('renders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('client_id', 'text')
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('garment_id', 'text')
    .addColumn('model_id', 'text')
    .addColumn('face_id', 'text')
    .addColumn('person_key', 'text')
    .addColumn('garment_key', 'text')
    .addColumn('face_key', 'text')
    .addColumn('model_key', 'text')
    .addColumn('personal', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('charged', 'integer', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('image_width', 'integer')
    .addColumn('image_height', 'integer')
    .addColumn('liked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('renders_list_idx')
    .on('renders')
    .columns(['shop_suid', 'kind', 'client_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('renders_shop_idx')
    .on('renders')
    .columns(['shop_suid', 'kind', 'created_at'])
    .execute();
  await db.schema.createIndex('renders_queue_idx').on('renders').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('renders_face_idx').on('renders').columns(['face_id']).execute();
  await db.schema
    .createIndex('renders_personal_idx')
    .on('renders')
    .columns(['personal', 'created_at'])
    .execute();

  // Daily counters behind the shop's and each shopper's daily limits; scope '' is the whole shop.
  await db.schema
    .createTable('daily_usage')
    .addColumn('shop_suid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_usage_pk', ['shop_suid', 'kind', 'scope', 'day'])
    .execute();

  // Idempotency-Key of billable calls: the first answer is kept a day.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('shop_suid', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('render_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['shop_suid', 'idem_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .columns(['created_at'])
    .execute();
}
