import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Where a shop wants its events; the signing secret is sealed like private keys, as it must sign in clear.
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_shop_idx')
    .on('webhook_endpoints')
    .columns(['shop_suid', 'created_at'])
    .execute();

  // The secret of one-off webhook_url deliveries, one a shop.
  await db.schema
    .createTable('webhook_shop_secrets')
    .addColumn('shop_suid', 'text', (c) => c.primaryKey().references('shops.suid'))
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // An event as it happened; every delivery of it (retries, resends) carries the same id.
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // One event to one endpoint (or one-off URL); the row is also the job (status, attempts, lease).
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_suid', 'text', (c) => c.notNull().references('shops.suid'))
    .addColumn('endpoint_id', 'text')
    .addColumn('url', 'text')
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_queue_idx')
    .on('webhook_deliveries')
    .columns(['status', 'run_after'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('response_excerpt', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['delivery_id', 'attempt'])
    .execute();

  // A try-on or look may name its own one-off webhook.
  await db.schema.alterTable('renders').addColumn('webhook_url', 'text').execute();
}
