import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type ClientError, createClient, errorCodeOf, type Result } from '@tryon/client';
import { routes } from '@tryon/contract';
import { upload } from '../apps/server/test/api.ts';
import { becomesHealthy, freePort } from '../apps/server/test/node-ts.ts';
import { readCodeFromOutbox } from '../apps/server/test/read-code-from-outbox.ts';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { flatLayShirt } from '../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../packages/engine/test/fixtures/sample-photos.ts';

/**
 * Soak of the embedded default (issue 16, item 6): one server process (SQLite, local files, renders in the
 * process with the built-in engine) under a mixed load for DURATION seconds (600): RATE requests a second
 * (40) of garment lists, gets, thumbnails, uploads (each followed later by a delete, so the catalogue stays
 * near its size), try-on lists, statistics and profiles, and a try-on submitted every TRYON_EVERY_MS (4000)
 * and waited for. After WARMUP seconds (30) of the same load, unmeasured (models loaded, caches filled), it
 * prints the server's resident memory at the start and the end, the errors, and p50/p99 per BUCKET seconds
 * (60); the baseline is the first bucket's p99, against which the last is set. The only setting changed from
 * the defaults is RATE_LIMIT_PER_MINUTE: all the load comes from one address.
 * Target: resident memory growth under 10 %, no errors, p99 steady (last bucket within 1.5x of the first).
 */
const DURATION = Number(process.env.DURATION ?? 600) * 1000;
const BUCKET = Number(process.env.BUCKET ?? 60) * 1000;
const WARMUP = Number(process.env.WARMUP ?? 30) * 1000;
const RATE = Number(process.env.RATE ?? 40);
const TRYON_EVERY_MS = Number(process.env.TRYON_EVERY_MS ?? 4000);
/** Uploaded garments kept before the oldest is deleted. */
const KEEP_UPLOADS = 20;

const [person, shirt] = await Promise.all([samplePhoto('standing', 768, 1024), flatLayShirt()]);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-soak-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const email = 'soak@bench.test';
const server = startServerProcess('main.ts', {
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'error',
  DATABASE_URL: '',
  REDIS_URL: '',
  STORAGE_URL: '',
  ADMIN_EMAILS: email,
  RATE_LIMIT_PER_MINUTE: '1000000',
});
const pid = server.child.pid ?? 0;
/** Resident memory of the server process, MB, as the kernel counts it. */
const rssMb = () => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
};

try {
  if (!(await becomesHealthy(origin, 90_000))) throw new Error(`server did not start:\n${server.output()}`);
  const must = <T>(result: Result<T>, what: string): T => {
    if (result.error) throw new Error(`${what}: ${JSON.stringify(result.error)}`);
    return result.data;
  };
  const anonymous = createClient({ baseUrl: origin });
  must(await anonymous.call(routes.auth.mailRegister, { query: { email } }), 'register');
  const code = readCodeFromOutbox(dataDir, email);
  const { apiKey } = must(
    await anonymous.call(routes.auth.mailSignin, { query: { email, code } }),
    'sign-in',
  );
  const owner = createClient({ baseUrl: origin, apiKey });
  const { suid } = must(await owner.call(routes.keys.account, {}), 'account');
  // Enough try-ons for the run (an admin moves the shop to a bigger tariff).
  must(
    await owner.call(routes.billing.changePlan, { query: { shop_uid: suid, tariff: 'business' } }),
    'plan',
  );
  const { muid } = must(await owner.call(routes.models.add, { query: {} }, upload(person)), 'model');
  const catalogue: string[] = [];
  for (let i = 0; i < 30; i++)
    catalogue.push(must(await owner.call(routes.garments.add, { query: {} }, upload(shirt)), 'garment').guid);
  const uploaded: string[] = [];

  // Latencies (ms) of each bucket, in all and by operation; resident memory read every 5 s; errors by
  // operation and code. The machine's load average goes beside them: other work on it shows in the figures.
  interface Bucket {
    ms: number[];
    byOperation: Map<string, number[]>;
    rss: number[];
    renders: number[];
    load: number;
  }
  const newBucket = (): Bucket => ({ ms: [], byOperation: new Map(), rss: [], renders: [], load: 0 });
  let measuring = false;
  let bucketStart = 0;
  let lastRssRead = 0;
  const buckets: Bucket[] = [];
  const errors = new Map<string, number>();
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const timed = async <T>(op: string, call: () => Promise<Result<T>>): Promise<T | undefined> => {
    const start = performance.now();
    let result: Result<T>;
    try {
      result = await call();
    } catch (error) {
      result = { error: { status: 'FETCH_ERROR', error: String(error) } as ClientError };
    }
    const ms = performance.now() - start;
    const bucket = buckets.at(-1);
    if (measuring && bucket) {
      bucket.ms.push(ms);
      const ofOperation = bucket.byOperation.get(op) ?? [];
      ofOperation.push(ms);
      bucket.byOperation.set(op, ofOperation);
      if (result.error) {
        const key = `${op} ${errorCodeOf(result.error) ?? result.error.status}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
    return result.data;
  };
  const thumbnail = async (guid: string) => {
    const item = await timed('get', () => owner.call(routes.garments.get, { params: { guid } }));
    if (!item) return;
    await timed('thumbnail', async () => {
      const res = await fetch(`${origin}${item.image}&width=384&height=384`);
      await res.arrayBuffer();
      return res.ok ? { data: true } : { error: { status: res.status, data: null } };
    });
  };
  const operations: [weight: number, run: () => Promise<unknown>][] = [
    [35, () => timed('list', () => owner.call(routes.garments.list, { query: { offset: 0 } }))],
    [20, () => timed('get', () => owner.call(routes.garments.get, { params: { guid: pick(catalogue) } }))],
    [10, () => thumbnail(pick(catalogue))],
    [8, () => timed('try-on list', () => owner.call(routes.tryOns.list, { query: {} }))],
    [7, () => timed('statistics', () => owner.call(routes.stats.get, { query: { days: 30 } }))],
    [5, () => timed('profile', () => owner.call(routes.user.profile, {}))],
    [
      5,
      async () => {
        const added = await timed('upload', () =>
          owner.call(routes.garments.add, { query: {} }, upload(shirt)),
        );
        if (added) uploaded.push(added.guid);
        const oldest = uploaded.length > KEEP_UPLOADS ? uploaded.shift() : undefined;
        if (oldest)
          await timed('delete', () => owner.call(routes.garments.remove, { params: { guid: oldest } }));
      },
    ],
  ];
  const totalWeight = operations.reduce((sum, [w]) => sum + w, 0);
  const anyOperation = () => {
    let roll = Math.random() * totalWeight;
    for (const [weight, run] of operations) {
      roll -= weight;
      if (roll < 0) return run();
    }
    return Promise.resolve();
  };
  const tryOn = async () => {
    const submitted = performance.now();
    const added = await timed('try-on', () =>
      owner.call(routes.tryOns.add, { query: { guid: pick(catalogue), muid } }),
    );
    if (!added) return;
    for (;;) {
      // 20 s a wait: under the client's own 30 s timeout, even on a busy machine.
      const got = await owner.call(routes.tryOns.get, { params: { tuid: added.tuid }, query: { wait: 20 } });
      const status = got.data?.status;
      if (status === 'queued' || status === 'running') continue;
      if (status !== 'done' && measuring) {
        const key = `render ${got.data?.errorCode ?? (got.error && errorCodeOf(got.error)) ?? status}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
      if (measuring) buckets.at(-1)?.renders.push(performance.now() - submitted);
      return;
    }
  };

  // The load: RATE requests a second started on a clock (not one after another), at most 64 in flight.
  const inFlight = new Set<Promise<unknown>>();
  const started = performance.now();
  const end = started + WARMUP + DURATION;
  let nextRequest = started;
  let nextTryOn = started;
  let rssStart = 0;
  while (performance.now() < end) {
    const now = performance.now();
    if (!measuring && now >= started + WARMUP) {
      measuring = true;
      rssStart = rssMb();
      bucketStart = now;
      buckets.push(newBucket());
      console.log(`warm-up over: resident memory ${rssStart.toFixed(0)} MB; measuring`);
    }
    if (measuring && now - lastRssRead >= 5000) {
      lastRssRead = now;
      buckets.at(-1)?.rss.push(rssMb());
    }
    if (measuring && now - bucketStart >= BUCKET) {
      const last = buckets.at(-1);
      if (last) last.load = loadavg()[0] ?? 0;
      bucketStart += BUCKET;
      buckets.push(newBucket());
      console.log(
        `bucket ${buckets.length - 1}: ${last?.ms.length} requests, resident memory ${last?.rss.at(-1)?.toFixed(0)} MB`,
      );
    }
    const track = (p: Promise<unknown>) => {
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    };
    if (now >= nextTryOn) {
      nextTryOn += TRYON_EVERY_MS;
      track(tryOn());
    }
    while (nextRequest <= now) {
      nextRequest += 1000 / RATE;
      if (inFlight.size < 64) track(anyOperation());
      else if (measuring)
        errors.set('client: 64 requests in flight', (errors.get('client: 64 requests in flight') ?? 0) + 1);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  measuring = false;
  const rssEnd = rssMb();
  const last = buckets.at(-1);
  if (last) {
    last.rss.push(rssEnd);
    last.load = loadavg()[0] ?? 0;
  }
  await Promise.all(inFlight);

  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? 0;
  };
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const full = buckets.filter((b) => b.ms.length > 0);
  const first = full[0] ?? newBucket();
  const final = full.at(-1) ?? newBucket();
  console.log(
    `\nSoak of the embedded default: ${RATE} requests/s mixed, a try-on every ${TRYON_EVERY_MS / 1000} s, ${DURATION / 1000} s after ${WARMUP / 1000} s warm-up`,
  );
  console.log(
    '| bucket | requests | p50 ms | p99 ms | p99 ratio to the first | renders | render median s | resident MB (mean) | load average |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const baseP99 = quantile(first.ms, 0.99);
  for (const [i, b] of full.entries()) {
    const p99 = quantile(b.ms, 0.99);
    console.log(
      `| ${i + 1} | ${b.ms.length} | ${quantile(b.ms, 0.5).toFixed(1)} | ${p99.toFixed(1)} | ${(p99 / baseP99).toFixed(2)} | ${b.renders.length} | ${(quantile(b.renders, 0.5) / 1000).toFixed(1)} | ${mean(b.rss).toFixed(0)} | ${b.load.toFixed(1)} |`,
    );
  }
  console.log('\n| operation | p99 ms, first bucket | p99 ms, last bucket | ratio |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [op, ms] of first.byOperation) {
    const [a, b] = [quantile(ms, 0.99), quantile(final.byOperation.get(op) ?? [], 0.99)];
    console.log(`| ${op} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)} |`);
  }
  // Memory: the first bucket's mean against the last's (single readings swing by a few per cent).
  const growth = (mean(final.rss) / mean(first.rss) - 1) * 100;
  const lastRatio = quantile(final.ms, 0.99) / baseP99;
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\nresident memory: ${rssStart.toFixed(0)} MB after warm-up, ${rssEnd.toFixed(0)} MB at the end; mean of the first bucket ${mean(first.rss).toFixed(0)} MB, of the last ${mean(final.rss).toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`,
  );
  console.log(`errors: ${errorCount}${errorCount ? ` ${JSON.stringify(Object.fromEntries(errors))}` : ''}`);
  console.log(`p99, last bucket against the first: ${lastRatio.toFixed(2)}`);
  const misses = [
    growth >= 10 && 'resident memory grew 10 % or more',
    errorCount > 0 && 'errors',
    lastRatio > 1.5 && 'p99 of the last bucket over 1.5x the first',
  ].filter(Boolean);
  console.log(misses.length ? `\nMISSED target: ${misses.join('; ')}` : '\nTarget met');
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
