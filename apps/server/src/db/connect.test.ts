import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DIALECT === 'postgres' && Boolean(databaseUrl);
if (!onPostgres) console.log('database pool size: skipped, a PostgreSQL setting (runs in server-postgres)');

describe.skipIf(!onPostgres)('database connections', () => {
  it('keeps at most DATABASE_POOL_SIZE connections, however many queries wait', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-pool-'));
    const db = await connectDatabase({ dataDir, databaseUrl, poolSize: 2 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 6 }, () =>
          sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`.execute(db.db),
        ),
      );
      expect(new Set(pids.map((r) => r.rows[0]?.pid)).size).toBe(2);
    } finally {
      await db.db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
