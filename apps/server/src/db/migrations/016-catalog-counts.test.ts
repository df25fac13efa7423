import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../modules/catalog/catalog.repository.ts';
import { connectDatabase } from '../connect.ts';
import { migrateToLatest, migrateUpTo } from './index.ts';

const usePostgres = process.env.TEST_DIALECT === 'postgres';

describe('migration 016-catalog-counts', () => {
  it('counts the items made before it, then follows every insert, delete and move, per shop and kind', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-016-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const url = process.env.TEST_DATABASE_URL ?? '';
    const database = await connectDatabase(usePostgres ? { dataDir, databaseUrl: url, schema } : { dataDir });
    try {
      await migrateUpTo(database, '014-stats-rollup');
      const { db } = database;
      for (const suid of ['s1', 's2'])
        await sql`insert into users (uid, email, created_at) values (${`u${suid}`}, ${`${suid}@example.com`}, 1)`.execute(
          db,
        );
      for (const suid of ['s1', 's2'])
        await sql`insert into shops (suid, owner_uid, name, tariff, period_start, period_end, limit_garment_daily,
          limit_tryon_daily, limit_tryon_daily_per_client, limit_person_daily, limit_person_daily_per_client,
          limit_search_daily, created_at) values (${suid}, ${`u${suid}`}, 'Shop', 'free', 0, 1, 1, 1, 1, 1, 1, 1, 1)`.execute(
          db,
        );
      const add = (id: string, shop: string, kind: string) =>
        sql`insert into catalog_items (id, kind, shop_suid, code, name, description, category, product_key,
          image_key, image_width, image_height, created_via, created_at)
          values (${id}, ${kind}, ${shop}, ${`c${id}`}, 'Item', '', '', ${`p${id}`}, 'k', 400, 400, 'private', 1)`.execute(
          db,
        );
      for (const [id, shop, kind] of [
        ['g1', 's1', 'garment'],
        ['g2', 's1', 'garment'],
        ['m1', 's1', 'model'],
        ['g3', 's2', 'garment'],
      ] as const)
        await add(id, shop, kind);
      await migrateToLatest(database);

      const repo = new CatalogRepository(db, database.dialect);
      const list = { text: '', clientId: null, offset: 0, limit: 1 };
      const total = (shopSuid: string, kind: 'garment' | 'model', filter?: 'pop' | 'new' | 'fav') =>
        repo.count({ ...list, shopSuid, kind, filter });
      // Every row against a count of the items themselves.
      const exact = async () => {
        const counted = await sql<{ shop_suid: string; kind: string; n: number }>`select shop_suid, kind,
          count(*) as n from catalog_items group by shop_suid, kind`.execute(db);
        const kept = await db.selectFrom('catalog_counts').select(['shop_suid', 'kind', 'items']).execute();
        for (const row of counted.rows)
          expect(kept.find((k) => k.shop_suid === row.shop_suid && k.kind === row.kind)?.items).toBe(
            Number(row.n),
          );
        expect(kept.filter((k) => Number(k.items) !== 0)).toHaveLength(counted.rows.length);
      };

      expect([
        await total('s1', 'garment'),
        await total('s1', 'model'),
        await total('s2', 'garment'),
      ]).toEqual([2, 1, 1]);
      expect(await total('s2', 'model')).toBe(0);
      await exact();

      await add('g4', 's2', 'garment');
      await sql`delete from catalog_items where id in ('g1', 'm1')`.execute(db);
      await sql`update catalog_items set shop_suid = 's2' where id = 'g2'`.execute(db);
      expect([
        await total('s1', 'garment'),
        await total('s1', 'model'),
        await total('s2', 'garment'),
      ]).toEqual([0, 0, 3]);
      expect(await total('s2', 'garment', 'pop')).toBe(3);
      await exact();

      // A rolled-back insert leaves the count as it was.
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`insert into catalog_items (id, kind, shop_suid, code, name, description, category,
            product_key, image_key, image_width, image_height, created_via, created_at)
            values ('g5', 'garment', 's2', 'cg5', 'Item', '', '', 'pg5', 'k', 400, 400, 'private', 1)`.execute(
            trx,
          );
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await total('s2', 'garment')).toBe(3);

      // A filter that leaves items out still counts them: none is liked.
      expect(await total('s2', 'garment', 'fav')).toBe(0);
    } finally {
      await database.db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      if (usePostgres) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    }
  });
});
