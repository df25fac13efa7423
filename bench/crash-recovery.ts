import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@tryon/client';
import { routes } from '@tryon/contract';
import { connectDatabase } from '../apps/server/src/db/connect.ts';
import { upload } from '../apps/server/test/api.ts';
import { becomesHealthy, freePort, nodeTs, repoRoot } from '../apps/server/test/node-ts.ts';
import { readCodeFromOutbox } from '../apps/server/test/read-code-from-outbox.ts';
import { flatLayShirt } from '../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../packages/engine/test/fixtures/sample-photos.ts';

/**
 * A render whose process is killed with `kill -9` while it runs, in real processes with the built-in engine:
 * the seconds from the kill until the render is done, against the same render's submit-to-done without a
 * crash. `embedded`: the one server process (SQLite) is killed and started again at once. `bullmq`: the API
 * and one worker share the SQLite file and Redis (REDIS_URL, default redis://127.0.0.1:6379, a prefix of its
 * own); the worker is killed and a new one started at once. Target: done within 30 s of the kill, charged once.
 */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const modes = (process.env.MODES ?? 'embedded,bullmq').split(',');

const person = await samplePhoto('standing', 768, 1024);
const garment = await flatLayShirt();

interface Outcome {
  mode: string;
  normalMs: number;
  recoveryMs: number;
  attempts: number;
  charged: number;
}

function start(script: string, env: Record<string, string>): ChildProcess {
  const [node, argv] = nodeTs(path.join(repoRoot, 'apps/server/src', script));
  return spawn(node, argv, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => child.once('exit', () => resolve()));

async function run(mode: string): Promise<Outcome> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-crash-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    DATABASE_URL: '',
    ...(mode === 'bullmq'
      ? { REDIS_URL: redisUrl, REDIS_PREFIX: `crash${randomBytes(4).toString('hex')}` }
      : {}),
  };
  const children: ChildProcess[] = [];
  const launch = (script: string) => {
    const child = start(script, env);
    children.push(child);
    return child;
  };
  try {
    let server = launch('main.ts');
    if (!(await becomesHealthy(origin, 60_000))) throw new Error('server did not start');
    let worker = mode === 'bullmq' ? launch('worker.ts') : undefined;

    const email = 'crash@bench.test';
    const anonymous = createClient({ baseUrl: origin });
    await anonymous.call(routes.auth.mailRegister, { query: { email } });
    const signedIn = await anonymous.call(routes.auth.mailSignin, {
      query: { email, code: readCodeFromOutbox(dataDir, email) },
    });
    const owner = createClient({ baseUrl: origin, apiKey: signedIn.data?.apiKey ?? '' });
    const model = await owner.call(routes.models.add, { query: {} }, upload(person));
    const item = await owner.call(routes.garments.add, { query: {} }, upload(garment));
    const muid = model.data?.muid ?? '';
    const guid = item.data?.guid ?? '';
    const submit = async () =>
      (await owner.call(routes.tryOns.add, { query: { guid, muid } })).data?.tuid ?? '';
    const done = async (tuid: string) => {
      for (;;) {
        // 20 s a wait: under the client's own 30 s timeout, even on a busy machine.
        const res = await owner.call(routes.tryOns.get, { params: { tuid }, query: { wait: 20 } });
        if (res.data?.status === 'done') return;
        if (res.data?.status === 'failed') throw new Error(`render ${tuid} failed`);
        if (res.error) throw new Error(`render ${tuid}: ${JSON.stringify(res.error)}`);
      }
    };
    const balance = async () => (await owner.call(routes.user.profile, {})).data?.tryonBalance ?? 0;

    // Warm-up (models loaded), then one render without a crash.
    await done(await submit());
    const normalStart = performance.now();
    await done(await submit());
    const normalMs = performance.now() - normalStart;

    const before = await balance();
    // The server's own database file, read beside it to catch the render while it runs.
    const { db } = await connectDatabase({ dataDir });
    const rowOf = (id: string) =>
      db.selectFrom('renders').select(['status', 'attempts']).where('id', '=', id).executeTakeFirst();
    const tuid = await submit();
    while ((await rowOf(tuid))?.status !== 'running') await new Promise((r) => setTimeout(r, 5));

    const killed = mode === 'bullmq' ? worker : server;
    if (!killed) throw new Error('nothing to kill');
    const gone = exited(killed);
    killed.kill('SIGKILL');
    await gone;
    const killedAt = performance.now();
    if (mode === 'bullmq') worker = launch('worker.ts');
    else {
      server = launch('main.ts');
      if (!(await becomesHealthy(origin, 60_000))) throw new Error('server did not restart');
    }
    await done(tuid);
    const recoveryMs = performance.now() - killedAt;
    const row = await rowOf(tuid);
    await db.destroy();
    return { mode, normalMs, recoveryMs, attempts: row?.attempts ?? 0, charged: before - (await balance()) };
  } finally {
    const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
    for (const child of running) child.kill('SIGTERM');
    await Promise.all(running.map(exited));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const outcomes: Outcome[] = [];
for (const mode of modes) outcomes.push(await run(mode));

console.log('\nA try-on whose process is killed (kill -9) while it renders (built-in engine, 768x1024)');
console.log('| queue | render without a crash, s | kill to done, s | ratio | attempts | try-ons charged |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const o of outcomes) {
  console.log(
    `| ${o.mode} | ${(o.normalMs / 1000).toFixed(1)} | ${(o.recoveryMs / 1000).toFixed(1)} | ${(o.recoveryMs / o.normalMs).toFixed(1)} | ${o.attempts} | ${o.charged} |`,
  );
}
const misses = outcomes.filter((o) => o.recoveryMs > 30_000 || o.charged !== 1);
console.log(
  misses.length
    ? `\nMISSED target: ${misses.map((m) => m.mode).join(', ')}`
    : '\nTarget met: done within 30 s of the kill, charged once',
);
