import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Attempts whose process vanished under them (killed, a deploy, the machine lost): not counted against
  // RENDER_MAX_ATTEMPTS, since a kill from outside says nothing of the render; the next attempts run in a
  // process of their own, where a crash the input causes is seen and counted.
  await db.schema
    .alterTable('renders')
    .addColumn('abandons', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
