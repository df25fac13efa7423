import { load, printLoads, serve } from './lib.ts';

/**
 * GET /v1/garment/list (limit 8, 10,000 garments), with and without a query, against a bare Fastify route.
 * Target: at least half the hello-world throughput, p99 under 15 ms, at 32 connections.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const hello = await serve('hello.ts');
const baseline = await load('bare Fastify hello-world', `${hello.url}/hello`, { seconds });
await hello.stop();

// SQLite: PostgreSQL settings in this process's environment are not passed on.
const catalog = await serve('catalog.ts', { BENCH_DATABASE_URL: '', BENCH_DATABASE_SCHEMA: '' });
const headers = { tokenapi: catalog.info.key ?? '' };
const plain = await load('garment list, limit 8', `${catalog.url}/v1/garment/list?limit=8`, {
  seconds,
  headers,
});
const query = await load(
  'garment list, limit 8, query "denim"',
  `${catalog.url}/v1/garment/list?limit=8&query=denim`,
  {
    seconds,
    headers,
  },
);
await catalog.stop();

printLoads('Garment list vs bare Fastify (32 connections)', baseline, [plain, query]);
const misses = [plain, query].filter(
  (r) => r.requestsPerSecond < baseline.requestsPerSecond / 2 || r.p99Ms >= 15,
);
console.log(
  misses.length
    ? `\nMISSED target: ${misses.map((m) => m.label).join(', ')}`
    : '\nTarget met: >= 0.5 of baseline, p99 < 15 ms',
);
