import { randomUUID } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A query built and compiled once, then run with new values: building a Kysely query and compiling it to SQL
 * costs more than running a small indexed query, and hot routes (the key check, lists) ask the same thing on
 * every request. The builder is called once with placeholders standing for its arguments; each placeholder must
 * reach the compiled query as a whole parameter (not inside a string, not through a branch on its value), which
 * is checked here. The SQL string then repeats, so the statement caches of connect.ts keep it prepared.
 */
export type PreparedQuery<A extends readonly unknown[], R> = (...args: A) => Promise<R[]>;

/**
 * The SQL of every prepared query, with its statement name: PostgreSQL connections prepare these by name once
 * (connect.ts) instead of parsing and planning them on every run. Bounded by the shapes the code builds.
 */
const statementNames = new Map<string, string>();

/** The statement name of a prepared query's SQL; undefined for any other SQL. */
export const statementName = (sql: string): string | undefined => statementNames.get(sql);

/**
 * Runs a prepared query's SQL on the database driver itself, past Kysely's executor (a connection taken and
 * given back, a result transformed: more than a small query costs on a hot route). Answers undefined when it
 * cannot now, and the query then goes through Kysely. Set up by connect.ts for each database.
 */
export type DirectRunner = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]> | undefined;

const directRunners = new WeakMap<Kysely<Database>, DirectRunner>();

/** Prepared queries on `db` run through `runner` where it can. */
export const runPreparedDirectly = (db: Kysely<Database>, runner: DirectRunner): void => {
  directRunners.set(db, runner);
};

/** A value no caller sends: the stand-in of an argument while the query is compiled. */
const STAND_IN = `prepared-argument-${randomUUID()}:`;
const placeholder = (index: number) => `${STAND_IN}${index}`;

export function prepareQuery<A extends readonly unknown[], R>(
  db: Kysely<Database>,
  arity: A['length'],
  build: (...args: A) => Compilable<R>,
): PreparedQuery<A, R> {
  const stand = Array.from({ length: arity }, (_, i) => placeholder(i));
  const compiled = build(...(stand as unknown as A)).compile();
  // Where each parameter comes from: an argument's index, or a constant the builder put in itself.
  const sources = compiled.parameters.map((value) => {
    if (typeof value === 'string' && value.startsWith(STAND_IN))
      return { arg: Number(value.slice(STAND_IN.length)), value: undefined };
    if (typeof value === 'string' && value.includes(STAND_IN))
      throw new Error(`A prepared query's argument is used inside a value: ${compiled.sql}`);
    return { arg: null, value };
  });
  const used = new Set(sources.flatMap((s) => (s.arg === null ? [] : [s.arg])));
  if (used.size !== arity) throw new Error(`A prepared query leaves an argument out: ${compiled.sql}`);
  if (!statementNames.has(compiled.sql)) statementNames.set(compiled.sql, `prepared_${statementNames.size}`);
  const direct = directRunners.get(db);
  return async (...args: A) => {
    const parameters = sources.map((s) => (s.arg === null ? s.value : args[s.arg]));
    const rows = direct?.(compiled.sql, parameters);
    if (rows) return (await rows) as R[];
    const query: CompiledQuery<R> = { ...compiled, parameters };
    return (await db.executeQuery(query)).rows;
  };
}

/** Prepared queries of one builder in several shapes (a filter, a search or not), each made on first use. */
export class PreparedShapes<A extends readonly unknown[], R> {
  private readonly shapes = new Map<string, PreparedQuery<A, R>>();

  get(shape: string, make: () => PreparedQuery<A, R>): PreparedQuery<A, R> {
    let query = this.shapes.get(shape);
    if (!query) {
      query = make();
      this.shapes.set(shape, query);
    }
    return query;
  }
}
