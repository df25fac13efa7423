import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../connect.ts';
import { migrateToLatest } from './index.ts';

const onSqlite = process.env.TEST_DIALECT !== 'postgres';
if (!onSqlite)
  console.log('migrations of two processes at once: skipped on server-postgres (an advisory lock covers it)');

describe.skipIf(!onSqlite)('migrations', () => {
  it('two processes starting together on one SQLite file both end up on the latest schema', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-migrate-'));
    try {
      const [a, b] = await Promise.all([connectDatabase({ dataDir }), connectDatabase({ dataDir })]);
      await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
      const tables = await a.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(tables.map((t) => (t as { name: string }).name)).toEqual([
        '001-foundation',
        '002-catalog',
        '003-renders',
        '004-webhooks',
        '005-photo-consents',
        '007-a-sweep-leases',
        '007-b-render-outages',
        '008-imports',
        '009-search',
        '012-keys-audit',
        '013-import-sync',
        '014-stats-rollup',
        '015-import-row-details',
        '016-catalog-counts',
        '017-render-abandons',
      ]);
      await Promise.all([a.db.destroy(), b.db.destroy()]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
