import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, createClient, errorCodeOf, type Result } from '@tryon/client';
import { routes } from '@tryon/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatLayShirt } from '../../../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { upload } from '../test/api.ts';
import { becomesHealthy, freePort } from '../test/node-ts.ts';
import { readCodeFromOutbox } from '../test/read-code-from-outbox.ts';
import { emptyRedisDatabase } from '../test/redis-database.ts';
import { type LocalS3, startLocalS3 } from '../test/s3.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';

/**
 * A scaled-out deployment in real processes: two API processes and a render worker on PostgreSQL (a schema of
 * its own), Redis (a prefix of its own, in a database of Redis nobody else uses now, so every key in it is ours)
 * and an S3 server (s3rver) behind a link the test cuts as an outage. The built-in engine renders.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const skipReason =
  process.env.TEST_DIALECT !== 'postgres'
    ? 'runs in the server-postgres project only'
    : !databaseUrl || !redisUrl
      ? 'TEST_DATABASE_URL and TEST_REDIS_URL are both needed'
      : undefined;
if (skipReason) console.log(`multi-process deployment: skipped, ${skipReason}`);

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long storage is down (and Redis for most of it): a minute, as an operator would see one. */
const OUTAGE_MS = 60_000;

const dataOf = <T>(result: Result<T>, what: string): T => {
  if (result.error) throw new Error(`${what}: ${JSON.stringify(result.error)}`);
  return result.data;
};

describe.skipIf(skipReason)('a deployment of two API processes and a worker', () => {
  const schema = `mp_${randomBytes(5).toString('hex')}`;
  const prefix = `mp${randomBytes(4).toString('hex')}`;
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];
  let s3: LocalS3;
  let proxy: TcpProxy;
  let redisProxy: TcpProxy;
  let redisDb: number;
  let sql: pg.Client;
  let env: (dataDir: string, port?: number) => Record<string, string>;
  let originA: string;
  let originB: string;
  let worker: ServerProcess;
  let startupMs = 0;

  const startWorker = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tryon-mp-worker-'));
    dirs.push(dir);
    const started = startServerProcess('worker.ts', env(dir));
    processes.push(started);
    return started;
  };
  const renderRow = async (id: string) =>
    (
      await sql.query<{
        status: string;
        attempts: number;
        outages: number;
        abandons: number;
        charged: number;
      }>('SELECT status, attempts, outages, abandons, charged FROM renders WHERE id = $1', [id])
    ).rows[0];
  const logs = () => processes.map((p, i) => `--- process ${i}\n${p.output()}`).join('\n');

  beforeAll(async () => {
    s3 = await startLocalS3();
    proxy = await startTcpProxy(Number(new URL(s3.endpoint).port));
    const storageUrl = s3
      .storageUrl('mp/')
      .replace(encodeURIComponent(s3.endpoint), encodeURIComponent(`http://127.0.0.1:${proxy.port}`));
    redisDb = await emptyRedisDatabase(redisUrl ?? '');
    const redis = new URL(redisUrl ?? '');
    redisProxy = await startTcpProxy(Number(redis.port || 6379), redis.hostname);
    redis.host = `127.0.0.1:${redisProxy.port}`;
    redis.pathname = `/${redisDb}`;
    const [portA, portB] = [await freePort(), await freePort()];
    originA = `http://127.0.0.1:${portA}`;
    originB = `http://127.0.0.1:${portB}`;
    const appSecret = randomBytes(32).toString('hex');
    env = (dataDir, port) => ({
      NODE_ENV: 'production',
      APP_SECRET: appSecret,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port ?? 0),
      PUBLIC_URL: originA,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl ?? '',
      DATABASE_SCHEMA: schema,
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redis.toString(),
      REDIS_PREFIX: prefix,
      STORAGE_URL: storageUrl,
    });
    sql = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
    await sql.connect();

    // All three start at once on an empty schema, as a fresh deployment does.
    for (const port of [portA, portB]) {
      const dir = mkdtempSync(path.join(tmpdir(), 'tryon-mp-api-'));
      dirs.push(dir);
      processes.push(startServerProcess('main.ts', env(dir, port)));
    }
    worker = startWorker();
    const startup = Date.now();
    const healthy = await Promise.all([becomesHealthy(originA, 60_000), becomesHealthy(originB, 60_000)]);
    if (!healthy.every(Boolean)) throw new Error(`the API processes did not start:\n${logs()}`);
    startupMs = Date.now() - startup;
  }, 90_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    if (sql) {
      await sql.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await sql.end();
    }
    if (redisDb !== undefined) {
      const redis = new Redis(redisUrl ?? '', { db: redisDb });
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    await proxy?.close();
    await redisProxy?.close();
    await s3?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('serves one flow across the processes, rides out a worker killed mid-render and outages of storage and Redis', async () => {
    const [person, shirt] = await Promise.all([samplePhoto('standing', 768, 1024), flatLayShirt()]);
    const email = 'multi@example.com';
    // Seconds each part took, printed at the end (CI runs this on two cores).
    const laps = [`start ${(startupMs / 1000).toFixed(1)} s`];
    let lapStart = Date.now();
    const lap = (part: string) => {
      laps.push(`${part} ${((Date.now() - lapStart) / 1000).toFixed(1)} s`);
      lapStart = Date.now();
    };

    // Sign in on A; the session works on B.
    const anonymousA = createClient({ baseUrl: originA });
    dataOf(await anonymousA.call(routes.auth.mailRegister, { query: { email } }), 'register');
    const code = readCodeFromOutbox(dirs[0] ?? '', email);
    const { apiKey } = dataOf(
      await anonymousA.call(routes.auth.mailSignin, { query: { email, code } }),
      'sign-in',
    );
    const a = createClient({ baseUrl: originA, apiKey });
    const b = createClient({ baseUrl: originB, apiKey });
    const balance = async (client: Client) =>
      dataOf(await client.call(routes.user.profile, {}), 'profile').tryonBalance;
    const start = await balance(b);

    // Uploads on A; a try-on submitted on B, rendered by the worker, its image served by A and B alike.
    const { guid } = dataOf(await a.call(routes.garments.add, { query: {} }, upload(shirt)), 'garment');
    const { muid } = dataOf(await a.call(routes.models.add, { query: {} }, upload(person)), 'model');
    const submit = async () =>
      dataOf(await b.call(routes.tryOns.add, { query: { guid, muid } }), 'try-on').tuid;
    const settled = async (client: Client, tuid: string, ms: number) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const left = Math.ceil((deadline - Date.now()) / 1000);
        if (left <= 0) throw new Error(`render ${tuid} not done in ${ms} ms:\n${logs()}`);
        const got = dataOf(
          await client.call(routes.tryOns.get, { params: { tuid }, query: { wait: Math.min(left, 10) } }),
          'get',
        );
        if (got.status === 'done' || got.status === 'failed') return got;
      }
    };
    const first = await submit();
    expect(await settled(b, first, 60_000)).toMatchObject({ status: 'done' });
    const images = await Promise.all(
      [a, b].map(async (client, i) => {
        const { image } = dataOf(
          await client.call(routes.tryOns.get, { params: { tuid: first }, query: {} }),
          'get',
        );
        const res = await fetch(`${[originA, originB][i]}${image}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^image\//);
        return Buffer.from(await res.arrayBuffer());
      }),
    );
    expect(images[0]?.length).toBeGreaterThan(1000);
    expect(images[0]?.equals(images[1] ?? Buffer.alloc(0))).toBe(true);
    lap('first render');

    // The worker is killed (kill -9) while it renders; a new one takes the render up.
    const second = await submit();
    while ((await renderRow(second))?.status !== 'running') await wait(5);
    await worker.killHard();
    const killedAt = Date.now();
    worker = startWorker();
    expect(await settled(a, second, 30_000)).toMatchObject({ status: 'done' });
    const recoveredMs = Date.now() - killedAt;
    expect(recoveredMs).toBeLessThan(30_000);
    // The kill cost it no counted attempt; it was rendered again in a process of its own (the worker's child).
    expect(await renderRow(second)).toMatchObject({ status: 'done', attempts: 2, abandons: 1, charged: 1 });
    expect(await balance(a)).toBe(start - 2);
    lap('kill -9');

    // A key made on A works on B, and once deleted on A is refused by B at once.
    const key = dataOf(await a.call(routes.keys.add, { query: { kind: 'private' } }), 'key').apiKey;
    const withKey = createClient({ baseUrl: originB, apiKey: key });
    expect((await withKey.call(routes.garments.list, { query: {} })).error).toBeUndefined();
    dataOf(await a.call(routes.keys.remove, { query: { key } }), 'key delete');
    const refused = await withKey.call(routes.garments.list, { query: {} });
    expect(refused.error && errorCodeOf(refused.error)).toBe('API_KEY_INVALID');
    lap('key revoked');

    // A minute without storage, and most of it without Redis too. Uploads answer 503 on both APIs; a render
    // queued as storage went waits it out with back-off; both APIs keep serving reads and health without Redis
    // (each counts the rate limits on its own meanwhile); a try-on made without Redis is queued by its API
    // process once Redis answers. Then both renders are done, charged once.
    await proxy.cut();
    const cutAt = Date.now();
    const third = await submit();
    for (const [client, route] of [
      [a, routes.garments.add],
      [b, routes.models.add],
    ] as const) {
      const res = await client.call(
        route,
        { query: {} },
        upload(route === routes.models.add ? person : shirt),
      );
      expect(res.error && [res.error.status, errorCodeOf(res.error)]).toEqual([503, 'STORAGE_UNAVAILABLE']);
    }
    for (let i = 0; i < 100 && !(await renderRow(third))?.outages; i++) await wait(100);
    // Waiting: queued for its next try, or taken for it that moment (the retries come 2, 4, 8 s apart).
    const meeting = await renderRow(third);
    expect(meeting).toMatchObject({ charged: 1 });
    expect(['queued', 'running']).toContain(meeting?.status);
    // Storage alone for 15 s (attempts 2, 4 and 8 s apart meet it), then Redis goes too.
    await wait(15_000 - (Date.now() - cutAt));
    await redisProxy.cut();
    for (const origin of [originA, originB]) expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect(dataOf(await a.call(routes.garments.list, { query: {} }), 'list').items).toHaveLength(1);
    const fourth = await submit();
    await wait(OUTAGE_MS - (Date.now() - cutAt));
    // Still waiting, after several attempts that met the outage and none that counted (without Redis the worker
    // hears of no retry: the render waits in the database).
    const waited = await renderRow(third);
    expect(waited).toMatchObject({ charged: 1 });
    expect(['queued', 'running']).toContain(waited?.status);
    expect(waited?.outages).toBeGreaterThanOrEqual(3);
    // (An attempt under way has not met the outage yet.)
    const underWay = waited?.status === 'running' ? 1 : 0;
    expect((waited?.attempts ?? 0) - (waited?.outages ?? 0) - underWay).toBe(0);
    expect(await renderRow(fourth)).toMatchObject({ status: 'queued', attempts: 0, charged: 1 });
    await Promise.all([proxy.restore(), redisProxy.restore()]);
    laps.push(`(storage down ${((Date.now() - cutAt) / 1000).toFixed(1)} s)`);
    lap('outage');
    const [thirdDone, fourthDone] = await Promise.all([
      settled(b, third, 90_000),
      settled(a, fourth, 90_000),
    ]);
    expect([thirdDone.status, fourthDone.status]).toEqual(['done', 'done']);
    expect(await balance(b)).toBe(start - 4);
    lap('after the outage');

    // Nothing half-written: one garment and one model, every stored object belongs to a row.
    expect(dataOf(await b.call(routes.garments.list, { query: {} }), 'list').items).toHaveLength(1);
    const keys = await sql.query<{ key: string }>(
      `SELECT image_key AS key FROM catalog_items UNION ALL
       SELECT unnest(array[image_key, person_key, garment_key, model_key, face_key]) FROM renders`,
    );
    const folders = new Set(keys.rows.map((r) => r.key && path.posix.dirname(r.key)).filter(Boolean));
    const objects = (await s3.keys('mp/')).map((key) => key.slice('mp/'.length));
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.filter((o) => ![...folders].some((f) => o.startsWith(`${f}/`)))).toEqual([]);

    // Every key the processes wrote to Redis carries the deployment's prefix.
    const redis = new Redis(redisUrl ?? '', { db: redisDb });
    const written = await redis.keys('*');
    redis.disconnect();
    expect(written.length).toBeGreaterThan(0);
    expect(written.filter((k) => !k.startsWith(`${prefix}:`))).toEqual([]);
    console.log(
      `multi-process deployment: render done ${(recoveredMs / 1000).toFixed(1)} s after kill -9; ${laps.join(', ')}`,
    );
  }, 300_000);
});
