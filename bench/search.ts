import { availableParallelism, loadavg } from 'node:os';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { CatalogItemsTable, CatalogSearchColumn, Database } from '../apps/server/src/db/schema.ts';
import { itemSearchText } from '../apps/server/src/lib/search-text.ts';
import type { Runtime } from '../apps/server/src/runtime.ts';
import { timeRuns, withBenchRuntime } from './lib.ts';

/**
 * Catalogue search at scale: SHOP_ITEMS garments in one shop among ITEMS (default 100,000 among 1,000,000, in
 * ten shops), on SQLite (a file under /tmp) and PostgreSQL (BENCH_DATABASE_URL, default the local `test`
 * database, in a schema of its own dropped at the end). Each search runs through the real repository (the list
 * a shopper's search runs, limit 8) and, beside it on the same data, as the old `lower(column) like '%text%'`
 * scan. Prints p50 and p99 per search and the ratio. Target: p99 <= 20 ms on both.
 * DIALECTS=sqlite,postgres narrows; RUNS (200) and OLD_RUNS (30) set the repetitions per search.
 */
const ITEMS = Number(process.env.ITEMS ?? 1_000_000);
const SHOP_ITEMS = Number(process.env.SHOP_ITEMS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 200);
const OLD_RUNS = Number(process.env.OLD_RUNS ?? 30);
const DIALECTS = (process.env.DIALECTS ?? 'sqlite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LIMIT = 8;

type Row = CatalogItemsTable & CatalogSearchColumn;

/** Deterministic: both databases get the same items. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const colours = [
  'black',
  'white',
  'navy',
  'red',
  'olive',
  'beige',
  'grey',
  'écru',
  'rose',
  'sky blue',
  'żółty',
];
const materials = [
  'wool',
  'linen',
  'denim',
  'silk',
  'cotton',
  'crêpe',
  'velours',
  'éponge',
  'leather',
  'tweed',
];
const garments = [
  'dress',
  'shirt',
  't-shirt',
  'jeans',
  'jacket',
  'sweater',
  'blouse',
  'coat',
  'skirt',
  'shorts',
  'trousers',
  'hoodie',
  'cardigan',
  'parka',
  'blazer',
  'tunic',
  'jumpsuit',
  'vest',
  'poncho',
  'kimono',
];
/** 20,000 made-up words of two to four syllables (90 syllables): descriptions read like varied text to an index. */
const syllables = [...'bcdfghjklmnprstvwz'].flatMap((c) => [...'aeiou'].map((v) => c + v));
const vocabulary = Array.from({ length: 20_000 }, (_, i) => {
  const r = random(1_000_000_000 + i);
  return Array.from(
    { length: 2 + Math.floor(r() * 3) },
    () => syllables[Math.floor(r() * syllables.length)],
  ).join('');
});
const pick = <T>(list: readonly T[], r: () => number): T => list[Math.floor(r() * list.length)] as T;

function item(i: number, shops: readonly string[], now: number): Row {
  const r = random(i + 1);
  const shop = shops[Math.min(Math.floor(i / SHOP_ITEMS), shops.length - 1)] ?? '';
  const garment = pick(garments, r);
  const name = `${pick(colours, r)} ${pick(materials, r)} ${garment}`;
  const description = Array.from({ length: 6 }, () => pick(vocabulary, r)).join(' ');
  const row: CatalogItemsTable = {
    id: `gar_s${String(i).padStart(8, '0')}`,
    kind: 'garment',
    shop_suid: shop,
    code: `s${i.toString(36)}`,
    name,
    description,
    url: '',
    category: garment,
    price: '',
    sku: null,
    product_key: `bench:${i}`,
    source_url: null,
    image_key: `k${i}`,
    image_width: 800,
    image_height: 800,
    likes: i % 13,
    tryons: i % 17,
    created_via: 'private',
    created_at: now - i * 1000,
  };
  return { ...row, search_text: itemSearchText(row) };
}

/** The search before this change, as it was written: every item of the shop, each column lowered and scanned. */
function oldSearch(db: Kysely<Database>, shop: string, text: string, pop: boolean) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  let q = db
    .selectFrom('catalog_items as i')
    .leftJoin('client_activity as me', (join) =>
      join.onRef('me.item_id', '=', 'i.id').on('me.shop_suid', '=', shop).on('me.client_id', '=', ''),
    )
    .selectAll('i')
    .select('me.liked_at')
    .where('i.shop_suid', '=', shop)
    .where('i.kind', '=', 'garment')
    .where((eb) => eb.or([like('i.name'), like('i.description'), like('i.category')]));
  q = pop
    ? q.orderBy('i.tryons', 'desc').orderBy('i.likes', 'desc').orderBy('i.created_at', 'desc')
    : q.orderBy('i.created_at', 'desc');
  return q.orderBy('i.id', 'desc').limit(LIMIT).execute();
}

/** `accents`: the old scan cannot find these (it compared accents as they were), so results are not compared. */
const searches: { label: string; text: string; pop?: boolean; accents?: boolean }[] = [
  { label: 'common word "dress" (1 in 20)', text: 'dress' },
  { label: 'same, pop filter', text: 'dress', pop: true },
  { label: 'prefix "jack"', text: 'jack' },
  { label: 'accent-free "crepe" (stored crêpe)', text: 'crepe', accents: true },
  { label: 'two words "navy wool"', text: 'navy wool' },
  { label: `rare word "${vocabulary[1234]}" (about 1 in 3,000)`, text: vocabulary[1234] ?? '' },
  { label: 'no match "zzqx"', text: 'zzqx' },
  { label: 'two letters "ka"', text: 'ka' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
const time = async (runs: number, fn: () => Promise<unknown>) =>
  (await timeRuns(runs, fn)).sort((a, b) => a - b);
const ms = (n: number) => n.toFixed(2);

async function fill(runtime: Runtime, dialect: string) {
  const db = runtime.db.db;
  const shops: string[] = [];
  for (let s = 0; s * SHOP_ITEMS < ITEMS; s++) {
    const shop = await runtime.services.shops.createShop({ email: `search${s}@example.com`, name: `S${s}` });
    shops.push(shop.suid);
  }
  const now = Date.now();
  const started = performance.now();
  // PostgreSQL: build the trigram index once over all rows rather than row by row.
  if (dialect === 'postgres') await sql`drop index catalog_items_search_idx`.execute(db);
  const batch = dialect === 'postgres' ? 1000 : 1500;
  const chunk = 50_000;
  for (let from = 0; from < ITEMS; from += chunk) {
    await db.transaction().execute(async (trx) => {
      const end = Math.min(from + chunk, ITEMS);
      for (let i = from; i < end; i += batch) {
        const rows = Array.from({ length: Math.min(batch, end - i) }, (_, k) => item(i + k, shops, now));
        await trx.insertInto('catalog_items').values(rows).execute();
      }
    });
  }
  const inserted = performance.now();
  if (dialect === 'postgres') {
    await sql`create index catalog_items_search_idx on catalog_items
      using gin (search_text public.gin_trgm_ops)`.execute(db);
    await sql`analyze catalog_items`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  console.log(
    `${dialect}: ${ITEMS.toLocaleString('en')} items in ${shops.length} shops inserted in ${((inserted - started) / 1000).toFixed(1)} s, indexed in ${((performance.now() - inserted) / 1000).toFixed(1)} s`,
  );
  return shops[0] ?? '';
}

async function bench(dialect: string) {
  return withBenchRuntime('search', dialect, PG_URL, async (runtime) => {
    const shop = await fill(runtime, dialect);
    const repo = runtime.services.catalogRepository;
    console.log(`\n${dialect}: one search (limit ${LIMIT}) in a shop of ${SHOP_ITEMS.toLocaleString('en')}`);
    console.log(
      '| search | hits (first page) | p50 ms | p99 ms | old like p50 | old like p99 | p99 ratio old/new |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    const allNew: number[] = [];
    const allOld: number[] = [];
    for (const s of searches) {
      const run = () =>
        repo.list({
          shopSuid: shop,
          kind: 'garment',
          text: s.text,
          filter: s.pop ? 'pop' : undefined,
          clientId: null,
          offset: 0,
          limit: LIMIT,
        });
      const [mine, theirs] = [
        (await run()).rows,
        await oldSearch(runtime.db.db, shop, s.text, s.pop ?? false),
      ];
      if (!s.accents && mine.map((r) => r.id).join() !== theirs.map((r) => r.id).join()) {
        throw new Error(`"${s.text}": the indexed search and the old scan disagree`);
      }
      const fresh = await time(RUNS, run);
      const old = await time(OLD_RUNS, () => oldSearch(runtime.db.db, shop, s.text, s.pop ?? false));
      allNew.push(...fresh);
      allOld.push(...old);
      console.log(
        `| ${s.label} | ${mine.length} | ${ms(percentile(fresh, 50))} | ${ms(percentile(fresh, 99))} | ${ms(percentile(old, 50))} | ${ms(percentile(old, 99))} | ${(percentile(old, 99) / percentile(fresh, 99)).toFixed(1)} |`,
      );
    }
    allNew.sort((a, b) => a - b);
    allOld.sort((a, b) => a - b);
    const p99 = percentile(allNew, 99);
    console.log(
      `| all searches | | ${ms(percentile(allNew, 50))} | ${ms(p99)} | ${ms(percentile(allOld, 50))} | ${ms(percentile(allOld, 99))} | ${(percentile(allOld, 99) / p99).toFixed(1)} |`,
    );
    console.log(
      `${dialect}: machine load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores (p99 counts stalls)`,
    );
    console.log(
      p99 <= 20
        ? `${dialect}: target met, p99 ${ms(p99)} ms <= 20`
        : `${dialect}: MISSED target, p99 ${ms(p99)} ms`,
    );
  });
}

console.log(
  `Search benchmark: ${ITEMS.toLocaleString('en')} items, ${SHOP_ITEMS.toLocaleString('en')} in the searched shop`,
);
for (const dialect of DIALECTS) await bench(dialect);
