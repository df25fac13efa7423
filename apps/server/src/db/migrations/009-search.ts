import { type Kysely, sql } from 'kysely';
import { itemSearchText } from '../../lib/search-text.ts';
import type { MigrationContext } from './index.ts';

const FILL_BATCH = 1000;

/**
 * Catalogue search by index instead of a scan: each item keeps its name, description and category normalised
 * (lib/search-text.ts) in `search_text`, written with the item. SQLite indexes it with an FTS5 trigram table
 * kept in step by triggers; PostgreSQL with a pg_trgm GIN index. Both answer `like '%text%'` from the index.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('catalog_items')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await fillSearchText(db);
  if (ctx.dialect === 'sqlite') {
    // External content: the index holds only trigrams and reads the text from catalog_items by rowid.
    await sql`create virtual table catalog_search using fts5(
      search_text, content='catalog_items', content_rowid='rowid', tokenize='trigram')`.execute(db);
    await sql`create trigger catalog_search_ai after insert on catalog_items begin
      insert into catalog_search(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    await sql`create trigger catalog_search_ad after delete on catalog_items begin
      insert into catalog_search(catalog_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
      end`.execute(db);
    await sql`create trigger catalog_search_au after update of search_text on catalog_items begin
      insert into catalog_search(catalog_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into catalog_search(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    await sql`insert into catalog_search(catalog_search) values ('rebuild')`.execute(db);
    return;
  }
  const ops = await trigramSchema(db);
  await sql`create index catalog_items_search_idx on catalog_items
    using gin (search_text ${sql.id(ops)}.gin_trgm_ops)`.execute(db);
}

async function fillSearchText(db: Kysely<unknown>): Promise<void> {
  type Item = { id: string; name: string; description: string; category: string };
  const items = db as unknown as Kysely<{ catalog_items: Item & { search_text: string } }>;
  let after = '';
  for (;;) {
    const rows = await items
      .selectFrom('catalog_items')
      .select(['id', 'name', 'description', 'category'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(FILL_BATCH)
      .execute();
    for (const row of rows) {
      await items
        .updateTable('catalog_items')
        .set({ search_text: itemSearchText(row) })
        .where('id', '=', row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < FILL_BATCH) return;
    after = last.id;
  }
}

/**
 * pg_trgm is one per database, whatever schema made it; ours may be one of several in the database. Made in
 * `public` when missing (a trusted extension since PostgreSQL 13: the database owner may create it); two
 * processes racing to make it both go on.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const find = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  const found = await find();
  if (found) return found;
  // Within the migration's transaction: a failed create must not abort the rest.
  await sql`savepoint make_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint make_pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint make_pg_trgm`.execute(db);
    if (!(await find())) throw error;
  }
  const made = await find();
  if (!made) throw new Error('pg_trgm extension could not be created');
  return made;
}
