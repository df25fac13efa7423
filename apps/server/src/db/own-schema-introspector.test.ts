import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = process.env.TEST_DIALECT === 'postgres' && databaseUrl !== '';
if (!onPostgres)
  console.log('own-schema introspection: skipped, a PostgreSQL matter (runs in server-postgres)');

describe.skipIf(!onPostgres)('PostgreSQL introspection of the own schema', () => {
  let t: TestApp;
  let admin: pg.Client;
  const other = `t_other_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    t = await createTestApp();
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema "${other}"`);
    await admin.query(`create table "${other}".users (uid text primary key, elsewhere integer)`);
  });
  afterAll(async () => {
    await admin?.query(`drop schema if exists "${other}" cascade`);
    await admin?.end();
    await t?.close();
  });

  it("lists this schema's tables and columns only, Kysely's own tables when asked", async () => {
    const schema = t.runtime.db.schema;
    const tables = await t.runtime.db.db.introspection.getTables();
    expect(tables.length).toBeGreaterThan(10);
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema]));
    const users = tables.find((table) => table.name === 'users');
    expect(users?.columns.map((c) => c.name)).toContain('email');
    expect(users?.columns.map((c) => c.name)).not.toContain('elsewhere');
    expect(users?.columns.find((c) => c.name === 'uid')).toMatchObject({
      dataType: 'text',
      isNullable: false,
    });
    expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
    const all = await t.runtime.db.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(all.map((table) => table.name)).toContain('kysely_migration');
  });

  it('keeps answering while other schemas are created and dropped (as test files and deployments do)', async () => {
    let churning = true;
    const churn = (async () => {
      while (churning) {
        const name = `t_churn_${randomBytes(4).toString('hex')}`;
        await admin.query(
          `create schema "${name}"; create table "${name}".a (id serial primary key, b text)`,
        );
        await admin.query(`drop schema "${name}" cascade`);
      }
    })();
    try {
      for (let i = 0; i < 40; i++) {
        const tables = await t.runtime.db.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(tables.some((table) => table.name === 'kysely_migration')).toBe(true);
      }
    } finally {
      churning = false;
      await churn;
    }
  });
});
