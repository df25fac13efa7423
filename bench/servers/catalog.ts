import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildHttpApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { itemSearchText } from '../../apps/server/src/lib/search-text.ts';
import { randomCode } from '../../apps/server/src/lib/secrets.ts';
import { createRuntime } from '../../apps/server/src/runtime.ts';

/**
 * The real server on a fresh SQLite file, with one shop holding GARMENTS garments (rows inserted directly: the
 * list does not read images). Prints the URL, the shop's private key and the DATA_DIR. BENCH_DATABASE_URL (and
 * BENCH_DATABASE_SCHEMA) for PostgreSQL. BENCH_ENGINE=embedded: with the render engine in the process, as the
 * embedded default runs it.
 */
const count = Number(process.env.GARMENTS ?? 10_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  ...(process.env.BENCH_DATABASE_SCHEMA ? { DATABASE_SCHEMA: process.env.BENCH_DATABASE_SCHEMA } : {}),
});
// An API process, as with REDIS_URL: no render engine in it. Embedded, the engine's worker thread loads its
// models in the first seconds and its heap is collected now and then after that, on the same core as the
// requests (SERVER_CPUS): work the minimal server does not do, and none of the list's.
const runtime = await createRuntime({
  config,
  logger: false,
  renderJobs: process.env.BENCH_ENGINE === 'embedded' ? 'embedded' : 'none',
});
const app = await buildHttpApp(runtime);
const shop = await runtime.services.shops.createShop({ email: 'bench@example.com', name: 'Bench' });
const account = await runtime.services.keys.account(shop.suid);
const categories = [
  't-shirt',
  'jeans',
  'dress',
  'sweater',
  'jacket',
  'blouse',
  'trousers',
  'shorts',
  'skirt',
  'coat',
];
const words = [
  'blue',
  'red',
  'slim',
  'classic',
  'summer',
  'wool',
  'linen',
  'denim',
  'silk',
  'cotton',
  'black',
];
const now = Date.now();
const rows = Array.from({ length: count }, (_, i) => {
  const category = categories[i % categories.length] ?? '';
  const name = `${words[i % words.length]} ${words[(i * 7) % words.length]} ${category} ${i}`;
  return {
    id: `gar_bench${String(i).padStart(6, '0')}`,
    kind: 'garment' as const,
    shop_suid: shop.suid,
    code: randomCode(10),
    name,
    description: `A ${name} for every day`,
    url: `https://shop.example/p/${i}`,
    category,
    price: '29.99',
    sku: null,
    product_key: `bench:${i}`,
    source_url: null,
    image_key: `shops/${shop.suid}/garments/gar_bench${i}/original-v1.webp`,
    image_width: 800,
    image_height: 800,
    likes: i % 13,
    tryons: i % 17,
    created_via: 'private',
    created_at: now - i * 1000,
  };
}).map((row) => ({ ...row, search_text: itemSearchText(row) }));
for (let i = 0; i < rows.length; i += 500) {
  await runtime.db.db
    .insertInto('catalog_items')
    .values(rows.slice(i, i + 500))
    .execute();
}
if (runtime.db.dialect === 'postgres') {
  // What autovacuum does to a table in use (this server's may be off): statistics, and the visibility map an
  // index-only count reads instead of every row.
  await sql`vacuum analyze catalog_items`.execute(runtime.db.db);
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(
  JSON.stringify({
    url: `http://127.0.0.1:${port}`,
    key: account.activeApiKeys.private[0]?.apiKey ?? '',
    suid: shop.suid,
    dataDir,
    pid: String(process.pid),
  }),
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
