import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';
import { runPreparedDirectly, statementName } from './prepared.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to work in; created when missing. */
  schema?: string | undefined;
  /** PostgreSQL: connections this process keeps at most. */
  poolSize?: number;
}

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the schema the tables live in (the first of the search path). */
  schema?: string;
}

const INT8_OID = 20;
const parseInt8 = (value: string) => Number(value);
const STATEMENT_CACHE_SIZE = 500;
/** A database that does not answer a connection in this long is reported, not waited for. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A bound LIMIT or OFFSET (`limit ?`, as Kysely writes `.limit(n)`) is a value SQLite's planner reads, so it
 * marks the statement to be prepared again whenever that parameter is bound: every run of a cached statement
 * then parses and plans it anew (15 to 20 µs for the key check's join, as much as the query itself). As
 * `(? + 0)` the value is only computed, as before, and the statement keeps its plan.
 */
const BOUND_PAGE = /\b(limit|offset) \?(?=\s|$|\))/gi;
export const keepPlanOfPage = (sql: string): string => sql.replace(BOUND_PAGE, '$1 (? + 0)');

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed query. Our queries
 * come from a fixed set of builders, so their SQL strings repeat: keep the prepared statements (least
 * recently used out first). Safe because better-sqlite3 runs each statement to completion synchronously.
 */
function withStatementCache(database: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit) {
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = database.prepare(keepPlanOfPage(sql));
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

type PreparedRead = (parameters: readonly unknown[]) => unknown[];

/**
 * A read statement answering plain objects, built by a function compiled once for its columns from the rows
 * better-sqlite3 gives as arrays (`raw`). Asked for objects, better-sqlite3 builds each row through V8's API a
 * property at a time (each column name looked up in the string table, the object's shape changed per column):
 * about 50 µs for a page of 8 catalogue items with 16 columns, against about 20 this way. Null for a statement
 * that writes, or whose columns could not be object keys as they are (`__proto__`).
 */
function preparedRead(statement: SQLite.Statement): PreparedRead | null {
  if (!statement.reader) return null;
  const names = statement.columns().map((column) => column.name);
  if (names.includes('__proto__')) return null;
  const fields = names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
  const toObject = new Function('row', `return { ${fields} };`) as (row: unknown[]) => unknown;
  statement.raw(true);
  return (parameters) => (statement.all(...parameters) as unknown[][]).map(toObject);
}

export async function connectDatabase(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const types = {
      // Counts and millisecond times are int8; they fit a JS number (< 2^53).
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format),
    } as pg.CustomTypesConfig;
    if (options.schema) {
      const admin = new pg.Client({
        connectionString: options.databaseUrl,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      types,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    // Prepared queries (db/prepared.ts) run as named statements, parsed and planned once per connection, as a
    // hand-written server would; any pooled connection serves them, as through Kysely (transactions hold their own).
    runPreparedDirectly(db, async (text, values) => {
      const { rows } = await pool.query({ name: statementName(text), text, values: [...values] });
      return rows;
    });
    const { rows } = await pool.query<{ schema: string | null }>('SELECT current_schema() AS schema');
    return { db, dialect: 'postgres', schema: rows[0]?.schema ?? 'public' };
  }
  const file = new SQLite(path.join(options.dataDir, 'tryon.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const database = withStatementCache(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  // Statements run to completion synchronously, so a prepared read needs no turn on the connection, unless
  // a transaction is open on it (its turn, taken through Kysely, lasts until the commit): it then waits its turn.
  // One per prepared query's SQL: a set the code's builders bound (db/prepared.ts).
  const reads = new Map<string, PreparedRead | null>();
  runPreparedDirectly(db, (sql, parameters) => {
    if (file.inTransaction) return undefined;
    let read = reads.get(sql);
    if (read === undefined) {
      read = preparedRead(file.prepare(keepPlanOfPage(sql)));
      reads.set(sql, read);
    }
    return read ? Promise.resolve(read(parameters)) : undefined;
  });
  return { db, dialect: 'sqlite' };
}
