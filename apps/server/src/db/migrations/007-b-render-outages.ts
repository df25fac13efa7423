import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Attempts that ended on an outage (storage unreachable): retried with back-off, not counted against
  // RENDER_MAX_ATTEMPTS, so a minute without storage does not fail the renders queued meanwhile.
  await db.schema
    .alterTable('renders')
    .addColumn('outages', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
