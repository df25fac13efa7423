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

describe('migration 009-search', () => {
  it('indexes the items made before it, accents and all', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-009-'));
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const url = process.env.TEST_DATABASE_URL ?? '';
    const database = await connectDatabase(usePostgres ? { dataDir, databaseUrl: url, schema } : { dataDir });
    try {
      await migrateUpTo(database, '007-b-render-outages');
      const { db } = database;
      await sql`insert into users (uid, email, created_at) values ('u1', 'a@example.com', 1)`.execute(db);
      await sql`insert into shops (suid, owner_uid, name, tariff, period_start, period_end, limit_garment_daily,
        limit_tryon_daily, limit_tryon_daily_per_client, limit_person_daily, limit_person_daily_per_client,
        limit_search_daily, created_at) values ('s1', 'u1', 'Shop', 'free', 0, 1, 1, 1, 1, 1, 1, 1, 1)`.execute(
        db,
      );
      const items = [
        ['g1', 'Crème Blouse', 'Soft', 'blouse'],
        ['g2', 'Wool Sweater', 'Żółty, z Łodzi', 'sweater'],
        ['g3', 'Jeans', 'Classic', 'denim'],
      ];
      for (const [id, name, description, category] of items) {
        await sql`insert into catalog_items (id, kind, shop_suid, code, name, description, category, product_key,
          image_key, image_width, image_height, created_via, created_at)
          values (${id}, 'garment', 's1', ${`c${id}`}, ${name}, ${description}, ${category}, ${`p${id}`}, 'k',
          400, 400, 'private', 1)`.execute(db);
      }
      await migrateToLatest(database);
      const repo = new CatalogRepository(db, database.dialect);
      const search = async (text: string) =>
        (
          await repo.list({
            shopSuid: 's1',
            kind: 'garment',
            text,
            filter: undefined,
            clientId: null,
            offset: 0,
            limit: 10,
          })
        ).rows.map((r) => r.id);
      expect(await search('creme')).toEqual(['g1']);
      expect(await search('lodzi')).toEqual(['g2']);
      expect(await search('swe')).toEqual(['g2']);
      expect(await search('DENIM')).toEqual(['g3']);
      // Items made after it are found too, through the same index.
      await repo.insert({
        id: 'g4',
        kind: 'garment',
        shop_suid: 's1',
        code: 'cg4',
        name: 'Żakiet',
        description: '',
        url: '',
        category: 'jacket',
        price: '',
        sku: null,
        product_key: 'pg4',
        source_url: null,
        image_key: 'k',
        image_width: 400,
        image_height: 400,
        likes: 0,
        tryons: 0,
        created_via: 'private',
        created_at: 2,
      });
      expect(await search('zakiet')).toEqual(['g4']);
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
