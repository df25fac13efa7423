import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db, Dialect } from '../connect.ts';
import * as foundation from './001-foundation.ts';
import * as catalog from './002-catalog.ts';
import * as renders from './003-renders.ts';
import * as webhooks from './004-webhooks.ts';
import * as photoConsents from './005-photo-consents.ts';
import * as sweepLeases from './007-a-sweep-leases.ts';
import * as renderOutages from './007-b-render-outages.ts';
import * as imports from './008-imports.ts';
import * as search from './009-search.ts';
import * as keysAudit from './012-keys-audit.ts';
import * as importSync from './013-import-sync.ts';
import * as statsRollup from './014-stats-rollup.ts';
import * as importRowDetails from './015-import-row-details.ts';
import * as catalogCounts from './016-catalog-counts.ts';
import * as renderAbandons from './017-render-abandons.ts';

export interface MigrationContext {
  dialect: Dialect;
}

type Step = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** In order; a migration, once released, is never edited: add a new one. */
const steps: Record<string, Step> = {
  '001-foundation': foundation,
  '002-catalog': catalog,
  '003-renders': renders,
  '004-webhooks': webhooks,
  '005-photo-consents': photoConsents,
  '007-a-sweep-leases': sweepLeases,
  '007-b-render-outages': renderOutages,
  '008-imports': imports,
  '009-search': search,
  '012-keys-audit': keysAudit,
  '013-import-sync': importSync,
  '014-stats-rollup': statsRollup,
  '015-import-row-details': importRowDetails,
  '016-catalog-counts': catalogCounts,
  '017-render-abandons': renderAbandons,
};

class CodeMigrations implements MigrationProvider {
  private readonly ctx: MigrationContext;

  constructor(ctx: MigrationContext) {
    this.ctx = ctx;
  }

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(steps).map(([name, step]) => [
        name,
        { up: (db: Kysely<unknown>) => step.up(db, this.ctx) },
      ]),
    );
  }
}

/**
 * SQLite: Kysely locks migrations only within one process (PostgreSQL takes an advisory lock). When an API and a
 * worker start together on one file, the slower one fails on a table the other just made; its transaction
 * rolled back, so trying again finds those migrations done.
 */
const SQLITE_ATTEMPTS = 10;
const SQLITE_RETRY_MS = 300;

export async function migrateToLatest(database: Db): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(database, undefined);
    } catch (error) {
      if (database.dialect !== 'sqlite' || attempt >= SQLITE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, SQLITE_RETRY_MS * attempt));
    }
  }
}

/** Up to and including one migration: for tests of what a later migration does to the data before it. */
export function migrateUpTo(database: Db, name: string): Promise<void> {
  return migrateOnce(database, name);
}

async function migrateOnce({ db, dialect, schema }: Db, target: string | undefined): Promise<void> {
  const migrator = new Migrator({
    // Migrations describe the schema as it was then, so they see an untyped database.
    db: db as unknown as Kysely<unknown>,
    provider: new CodeMigrations({ dialect }),
    // Without it Kysely finds its tables in any schema of the database, not only ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
