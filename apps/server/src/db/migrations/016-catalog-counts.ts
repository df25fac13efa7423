import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * How many garments and models each shop holds, kept in step with `catalog_items` by triggers (every insert and
 * delete, whichever code or tool makes it, in the same transaction), so the first page of an unfiltered list
 * reads its `total` from one row instead of counting the shop's items on every request. (SQLite's `insert or
 * replace` would remove a row without its delete trigger, recursive triggers being off: catalog_items is never
 * written that way.)
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('catalog_counts')
    .addColumn('shop_suid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('items', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalog_counts_pk', ['shop_suid', 'kind'])
    .execute();
  if (ctx.dialect === 'sqlite') {
    await sql`create trigger catalog_counts_ai after insert on catalog_items begin
      insert into catalog_counts (shop_suid, kind, items) values (new.shop_suid, new.kind, 1)
        on conflict (shop_suid, kind) do update set items = items + 1;
      end`.execute(db);
    await sql`create trigger catalog_counts_ad after delete on catalog_items begin
      update catalog_counts set items = items - 1 where shop_suid = old.shop_suid and kind = old.kind;
      end`.execute(db);
    await sql`create trigger catalog_counts_au after update of shop_suid, kind on catalog_items begin
      update catalog_counts set items = items - 1 where shop_suid = old.shop_suid and kind = old.kind;
      insert into catalog_counts (shop_suid, kind, items) values (new.shop_suid, new.kind, 1)
        on conflict (shop_suid, kind) do update set items = items + 1;
      end`.execute(db);
  } else {
    await sql`create function catalog_counts_step() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update catalog_counts set items = items - 1 where shop_suid = old.shop_suid and kind = old.kind;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into catalog_counts (shop_suid, kind, items) values (new.shop_suid, new.kind, 1)
            on conflict (shop_suid, kind) do update set items = catalog_counts.items + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger catalog_counts_step after insert or delete or update of shop_suid, kind
      on catalog_items for each row execute function catalog_counts_step()`.execute(db);
  }
  await sql`insert into catalog_counts (shop_suid, kind, items)
    select shop_suid, kind, count(*) from catalog_items group by shop_suid, kind`.execute(db);
}
