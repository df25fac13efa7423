import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { keepPlanOfPage } from '../../apps/server/src/db/connect.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { ImageLinks } from '../../apps/server/src/lib/image-links.ts';
import { createSecrets } from '../../apps/server/src/lib/secrets.ts';
import { versionOf } from '../../apps/server/src/lib/storage/atomic-media.ts';

/**
 * GET /v1/garment/list written plainly, as the baseline of bench/list-speed.ts: Fastify, prepared statements
 * (better-sqlite3 with a bound limit that keeps its plan, as the server's, or named pg statements), the same key
 * check (digest of tokenapi, key and shop state), the same queries (the first page reads its `total` in the same
 * statement), the same response fields (signed image links) and the security headers the real server sent
 * (HEADERS, as JSON). Reads the database the real bench server made: DATA_DIR, and DATABASE_URL and
 * DATABASE_SCHEMA for PostgreSQL.
 */
const dataDir = process.env.DATA_DIR ?? '';
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const secrets = createSecrets(config.APP_SECRET);
const links = new ImageLinks(secrets.imageLinkKey, systemClock);
const headers = JSON.parse(process.env.HEADERS ?? '{}') as Record<string, string>;

interface Key {
  kind: string;
  active: number;
  expires_at: number | null;
  shop_suid: string;
  shop_disabled: number;
}
interface Item {
  id: string;
  code: string;
  name: string;
  description: string;
  url: string;
  category: string;
  price: string;
  sku: string | null;
  image_key: string;
  image_width: number;
  image_height: number;
  likes: number;
  tryons: number;
  created_at: number;
  liked_at: number | null;
  total?: number | null;
}

const KEY_SQL = `select k.kind, k.active, k.expires_at, k.shop_suid, s.disabled as shop_disabled
  from api_keys k join shops s on s.suid = k.shop_suid where k.key_hash = $1 and k.deleted_at is null`;
const COLUMNS = `i.id, i.code, i.name, i.description, i.url, i.category, i.price, i.sku, i.image_key,
  i.image_width, i.image_height, i.likes, i.tryons, i.created_at, me.liked_at`;
const FROM = `from catalog_items i left join client_activity me on me.item_id = i.id and me.shop_suid = $1 and me.client_id = ''
  where i.shop_suid = $1 and i.kind = 'garment' order by i.created_at desc, i.id desc`;
const LIST_SQL = `select ${COLUMNS} ${FROM} limit $2 offset $3`;
/** The first page, with its `total` (every garment of the shop, as the triggers of catalog_items keep it). */
const FIRST_SQL = `select ${COLUMNS},
  (select items from catalog_counts where shop_suid = $1 and kind = 'garment') as total ${FROM} limit $2`;

let findKey: (hash: string) => Promise<Key | undefined>;
let listItems: (shop: string, limit: number, offset: number) => Promise<Item[]>;
let firstItems: (shop: string, limit: number) => Promise<Item[]>;
if (process.env.DATABASE_URL) {
  const int8 = (v: string) => Number(v);
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    options: `-c search_path=${process.env.DATABASE_SCHEMA ?? 'public'}`,
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? int8 : pg.types.getTypeParser(oid, format),
    } as pg.CustomTypesConfig,
  });
  findKey = async (hash) => (await pool.query<Key>({ name: 'key', text: KEY_SQL, values: [hash] })).rows[0];
  listItems = async (shop, limit, offset) =>
    (await pool.query<Item>({ name: 'list', text: LIST_SQL, values: [shop, limit, offset] })).rows;
  firstItems = async (shop, limit) =>
    (await pool.query<Item>({ name: 'first', text: FIRST_SQL, values: [shop, limit] })).rows;
} else {
  const file = new SQLite(path.join(dataDir, 'tryon.sqlite'), { readonly: true });
  // `?` parameters, with the real server's one SQLite-specific setting: a bound limit that keeps its plan.
  const positional = (text: string) => keepPlanOfPage(text.replace(/\$\d/g, '?'));
  const key = file.prepare<[string], Key>(positional(KEY_SQL));
  const list = file.prepare<[string, string, number, number], Item>(positional(LIST_SQL));
  const first = file.prepare<[string, string, string, number], Item>(positional(FIRST_SQL));
  findKey = async (hash) => key.get(hash);
  listItems = async (shop, limit, offset) => list.all(shop, shop, limit, offset);
  firstItems = async (shop, limit) => first.all(shop, shop, shop, limit);
}

const app = Fastify({ logger: false });
app.get('/v1/garment/list', async (request, reply) => {
  reply.headers(headers);
  const apiKey = request.headers.tokenapi;
  const key = typeof apiKey === 'string' ? await findKey(secrets.keyDigest(apiKey)) : undefined;
  const expired = key?.expires_at != null && key.expires_at <= Date.now();
  if (key?.active !== 1 || expired || key.shop_disabled === 1 || key.kind === 'public') {
    return reply.code(401).send({ errorCodeStr: 'API_KEY_INVALID' });
  }
  const q = request.query as { limit?: string; offset?: string };
  const limit = Number(q.limit ?? 8);
  const offset = Number(q.offset ?? 0);
  const rows =
    offset === 0 ? await firstItems(key.shop_suid, limit) : await listItems(key.shop_suid, limit, offset);
  const nextOffset = rows.length === limit ? offset + limit : null;
  // The first page counts the whole list; a short first page is its own count.
  const total = offset !== 0 ? undefined : nextOffset === null ? rows.length : (rows[0]?.total ?? 0);
  return {
    items: rows.map((row) => ({
      guid: row.id,
      g: row.code,
      category: row.category,
      price: row.price,
      name: row.name,
      description: row.description,
      url: row.url,
      sku: row.sku,
      image: links.sign('garment', row.id, versionOf(row.image_key)),
      width: row.image_width,
      height: row.image_height,
      stats: { likes: row.likes, tryons: row.tryons },
      liked: row.liked_at !== null,
      created: new Date(row.created_at).toISOString(),
    })),
    nextOffset,
    ...(total === undefined ? {} : { total }),
  };
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: String(process.pid) }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
