import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { type Load, load, printLoads, type Served, serve } from './lib.ts';

/**
 * GET /v1/garment/list (limit 8, 10,000 garments, private key) on the real server against the same work written
 * plainly (bench/servers/list-minimal.ts: Fastify, prepared statements, the same key check, fields and security
 * headers) on the same database, in the same run, on SQLite and on PostgreSQL (BENCH_DATABASE_URL, default the
 * local `test` database, in a schema of its own dropped at the end). Both answers are compared first.
 * Target (issue 16): at least 0.7 of the minimal server's throughput and p99 <= 10 ms at 32 connections.
 * Each server's CPU time per request is printed too (Linux): on a shared machine it moves less than req/s.
 * DIALECTS=sqlite,postgres narrows; BENCH_SECONDS (10) sets each load's duration.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const DIALECTS = (process.env.DIALECTS ?? 'sqlite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Headers that differ per response or per server; every other header the minimal server sends as they are. */
const VOLATILE =
  /^(date|content-length|connection|keep-alive|x-request-id|request-id|ratelimit.*|x-ratelimit.*)$/;
const PATH = '/v1/garment/list?limit=8';
type Measured = Load & { cpuUs: number };

/** CPU milliseconds a process has used (Linux /proc, 100 ticks a second); undefined where there is none. */
function cpuMs(pid: string | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** A load, with the server's CPU microseconds per request (less swayed by a busy machine than req/s). */
async function measure(label: string, served: Served, opts: Parameters<typeof load>[2]) {
  const before = cpuMs(served.info.pid);
  const result = await load(label, `${served.url}${PATH}`, opts);
  const after = cpuMs(served.info.pid);
  const cpuUs =
    before === undefined || after === undefined ? NaN : ((after - before) * 1000) / result.requests;
  return { ...result, cpuUs };
}

async function run(dialect: string): Promise<{ minimal: Measured; real: Measured }> {
  const schema = `bench_list_${process.pid}`;
  // The servers inherit this process's environment: a SQLite run clears the PostgreSQL settings, or with
  // BENCH_DATABASE_URL set for the other run it would seed PostgreSQL's default schema instead.
  const pgEnv: Record<string, string> =
    dialect === 'postgres'
      ? { BENCH_DATABASE_URL: PG_URL, BENCH_DATABASE_SCHEMA: schema }
      : { BENCH_DATABASE_URL: '', BENCH_DATABASE_SCHEMA: '' };
  const real = await serve('catalog.ts', pgEnv);
  try {
    const apiKey = real.info.key ?? '';
    const first = await fetch(`${real.url}${PATH}`, { headers: { tokenapi: apiKey } });
    const headers: Record<string, string> = {};
    first.headers.forEach((value, name) => {
      if (!VOLATILE.test(name) && name !== 'content-type') headers[name] = value;
    });
    const minimal = await serve('list-minimal.ts', {
      DATA_DIR: real.info.dataDir ?? '',
      HEADERS: JSON.stringify(headers),
      ...(dialect === 'postgres'
        ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema }
        : { DATABASE_URL: '', DATABASE_SCHEMA: '' }),
    });
    try {
      const theirs = await fetch(`${minimal.url}${PATH}`, { headers: { tokenapi: apiKey } });
      const [a, b] = [await first.json(), await theirs.json()];
      const sameBody = isDeepStrictEqual(a, b);
      if (!sameBody) console.log(JSON.stringify(a).slice(0, 600), '\n', JSON.stringify(b).slice(0, 600));
      const missing = Object.keys(headers).filter((h) => theirs.headers.get(h) !== headers[h]);
      if (!sameBody || missing.length > 0) {
        throw new Error(
          `the minimal server answers differently (body same: ${sameBody}; headers: ${missing})`,
        );
      }
      const opts = { seconds, headers: { tokenapi: apiKey } };
      // Minimal first and last, so neither side has the quieter moment to itself.
      const base1 = await measure(`${dialect}: minimal Fastify`, minimal, opts);
      const mine = await measure(`${dialect}: real /v1/garment/list`, real, opts);
      const base2 = await measure(`${dialect}: minimal Fastify (again)`, minimal, opts);
      const better = base1.requestsPerSecond >= base2.requestsPerSecond ? base1 : base2;
      printLoads(`${dialect}: garment list (limit 8, 10,000 garments), 32 connections`, better, [mine]);
      return { minimal: better, real: mine };
    } finally {
      await minimal.stop();
    }
  } finally {
    await real.stop();
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}

for (const dialect of DIALECTS) {
  const { minimal, real } = await run(dialect);
  const ratio = real.requestsPerSecond / minimal.requestsPerSecond;
  const met = ratio >= 0.7 && real.p99Ms <= 10;
  console.log(
    `${dialect}: ${met ? 'target met' : 'MISSED target'}: ratio ${ratio.toFixed(2)} (>= 0.7), p99 ${real.p99Ms} ms (<= 10)`,
  );
  // The server process's own CPU (PostgreSQL's work is in its own processes, the same for both).
  console.log(
    `${dialect}: server CPU per request: minimal ${minimal.cpuUs.toFixed(0)} µs, real ${real.cpuUs.toFixed(0)} µs, ratio ${(minimal.cpuUs / real.cpuUs).toFixed(2)}`,
  );
}
