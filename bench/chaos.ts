import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@tryon/client';
import { routes } from '@tryon/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { createRuntime } from '../apps/server/src/runtime.ts';
import { upload } from '../apps/server/test/api.ts';
import { becomesHealthy, freePort, nodeTs, repoRoot } from '../apps/server/test/node-ts.ts';
import { readCodeFromOutbox } from '../apps/server/test/read-code-from-outbox.ts';
import { flatLayShirt } from '../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../packages/engine/test/fixtures/sample-photos.ts';

/**
 * Chaos of the embedded default (issue 16, item 5): the one server process (SQLite, local files, renders in the
 * process with the built-in engine) is killed with `kill -9` at a random moment while garments are uploaded and
 * try-ons submitted at once, ROUNDS times (10), started again each time. Then, with the server up once more:
 * every acknowledged garment (201) is there with its image, every acknowledged try-on (202) has its row, every
 * render ends (done, or failed and refunded), the balance is exactly the start less the renders still charged,
 * and after the media sweep (run as 20 minutes later) no file in the media folder belongs to no row.
 * UPLOADS and TRYONS (4 and 3) per round, each started at a random moment of the round; KILL_MS (2500) the
 * latest moment of a kill.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const UPLOADS = Number(process.env.UPLOADS ?? 4);
const TRYONS = Number(process.env.TRYONS ?? 3);
const KILL_MS = Number(process.env.KILL_MS ?? 2500);

const person = await samplePhoto('standing', 768, 1024);
const garment = await flatLayShirt();
const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-chaos-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'error',
  DATABASE_URL: '',
};
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

async function startServer(): Promise<ChildProcess> {
  const [node, argv] = nodeTs(path.join(repoRoot, 'apps/server/src/main.ts'));
  const child = spawn(node, argv, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: 'ignore' });
  if (!(await becomesHealthy(origin, 90_000))) throw new Error('server did not start');
  return child;
}

const started = performance.now();
let server = await startServer();
const email = 'chaos@bench.test';
const anonymous = createClient({ baseUrl: origin });
await anonymous.call(routes.auth.mailRegister, { query: { email } });
const signedIn = await anonymous.call(routes.auth.mailSignin, {
  query: { email, code: readCodeFromOutbox(dataDir, email) },
});
const owner = createClient({ baseUrl: origin, apiKey: signedIn.data?.apiKey ?? '' });
const muid = (await owner.call(routes.models.add, { query: {} }, upload(person))).data?.muid ?? '';
const guid = (await owner.call(routes.garments.add, { query: {} }, upload(garment))).data?.guid ?? '';
const balance = async () => (await owner.call(routes.user.profile, {})).data?.tryonBalance ?? Number.NaN;
const startBalance = await balance();

const garments: string[] = [];
const tryOns: string[] = [];
let unanswered = 0;
/** Refusals by the server, by code (none expected but a rate limit or a limit of the plan). */
const refused = new Map<string, number>();
const tally = (error: unknown) => {
  const e = error as { status?: unknown; data?: { errorCodeStr?: string } };
  if (e.status === 'FETCH_ERROR' || e.status === 'TIMEOUT_ERROR' || e.status === 'PARSING_ERROR')
    unanswered++;
  else {
    const code = e.data?.errorCodeStr ?? String(e.status);
    refused.set(code, (refused.get(code) ?? 0) + 1);
  }
};
const restartMs: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  // Each request starts at a random moment of the round, as does the kill: some are answered before it, some
  // are cut in flight, some find the server gone.
  const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * KILL_MS));
  const requests = [
    ...Array.from({ length: UPLOADS }, async () => {
      await pause();
      const res = await owner.call(routes.garments.add, { query: {} }, upload(garment));
      if (res.data) garments.push(res.data.guid);
      else tally(res.error);
    }),
    ...Array.from({ length: TRYONS }, async () => {
      await pause();
      const res = await owner.call(routes.tryOns.add, { query: { guid, muid } });
      if (res.data) tryOns.push(res.data.tuid);
      else tally(res.error);
    }),
  ].map((p) => p.catch(() => void unanswered++));
  await new Promise((resolve) => setTimeout(resolve, Math.random() * KILL_MS));
  server.kill('SIGKILL');
  await exited(server);
  await Promise.all(requests);
  const restart = performance.now();
  server = await startServer();
  restartMs.push(performance.now() - restart);
  process.stdout.write(
    `round ${round}: ${garments.length} garments, ${tryOns.length} try-ons acknowledged\n`,
  );
}

// Every render ends: wait until none is queued or running.
const config = loadConfig(env);
const peek = await createRuntime({ config, logger: false, renderJobs: 'none' });
const db = peek.db.db;
const waitStart = performance.now();
for (;;) {
  const open = await db
    .selectFrom('renders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  if (Number(open.n) === 0) break;
  if (performance.now() - waitStart > 300_000) throw new Error(`${open.n} renders never ended`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}
const drainMs = performance.now() - waitStart;
const renders = await db
  .selectFrom('renders')
  .select(['id', 'status', 'charged', 'error_code', 'error_message', 'attempts'])
  .execute();
const missingGarments: string[] = [];
for (const id of garments) {
  const got = await owner.call(routes.garments.get, { params: { guid: id } });
  const image = got.data ? await fetch(`${origin}${got.data.image}`) : undefined;
  if (!got.data || image?.status !== 200) missingGarments.push(id);
}
const rowIds = new Set(renders.map((r) => r.id));
const missingTryOns = tryOns.filter((id) => !rowIds.has(id));
const charged = renders.filter((r) => r.charged === 1).length;
const failedCharged = renders.filter((r) => r.status === 'failed' && r.charged === 1).length;
const doneUncharged = renders.filter((r) => r.status === 'done' && r.charged !== 1).length;
const endBalance = await balance();
await peek.close();

// Stop the server cleanly, then the media sweep as it runs 20 minutes on (half-written adds are 15 minutes old).
server.kill('SIGTERM');
await exited(server);
const later = Date.now() + 20 * 60_000;
const sweeper = await createRuntime({
  config,
  logger: false,
  renderJobs: 'none',
  clock: { now: () => later },
});
await sweeper.services.media.sweep();
const folders = new Set<string>();
const keep = (key: string | null) => key && folders.add(path.dirname(key));
for (const r of await sweeper.db.db.selectFrom('catalog_items').select('image_key').execute())
  keep(r.image_key);
for (const r of await sweeper.db.db
  .selectFrom('renders')
  .select(['image_key', 'person_key', 'garment_key', 'face_key', 'model_key'])
  .execute())
  for (const key of Object.values(r)) keep(key);
for (const r of await sweeper.db.db.selectFrom('faces').select('image_key').execute()) keep(r.image_key);
const intents = await sweeper.db.db.selectFrom('media_intents').selectAll().execute();
await sweeper.close();
const mediaRoot = path.join(dataDir, 'media');
const files = (readdirSync(mediaRoot, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
  .filter((d) => d.isFile())
  .map((d) => path.relative(mediaRoot, path.join(d.parentPath, d.name)));
const orphans = files.filter((f) => ![...folders].some((folder) => f.startsWith(`${folder}/`)));
rmSync(dataDir, { recursive: true, force: true });

const byStatus = {
  done: renders.filter((r) => r.status === 'done'),
  failed: renders.filter((r) => r.status === 'failed'),
};
console.log(
  `\nChaos of the embedded default: ${ROUNDS} rounds of kill -9 under ${UPLOADS} uploads and ${TRYONS} try-ons`,
);
console.log('| check | figure |');
console.log('| --- | ---: |');
for (const [label, value] of [
  ['garments acknowledged (201)', garments.length],
  ['  of them missing or without their image', missingGarments.length],
  ['try-ons acknowledged (202)', tryOns.length],
  ['  of them without a row', missingTryOns.length],
  ['requests without an answer (cut in flight, or the server gone)', unanswered],
  ['renders in the database (acknowledged or not)', renders.length],
  ['  done', byStatus.done?.length ?? 0],
  ['  failed (refunded)', byStatus.failed?.length ?? 0],
  ['  failed yet charged / done yet refunded', failedCharged + doneUncharged],
  ['balance: start', startBalance],
  ['balance: end', endBalance],
  ['balance: start less renders charged', startBalance - charged],
  ['files in the media folder after the sweep', files.length],
  ['  of them belonging to no row', orphans.length],
  ['half-written adds left (media_intents)', intents.length],
  ['seconds to restart, median', (restartMs.sort((a, b) => a - b)[restartMs.length >> 1] ?? 0) / 1000],
  ['seconds for the queue to drain after the last round', drainMs / 1000],
  ['seconds in all', (performance.now() - started) / 1000],
] as const)
  console.log(
    `| ${label} | ${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(1) : value} |`,
  );
const failed = [
  missingGarments.length > 0 && 'an acknowledged garment was lost',
  missingTryOns.length > 0 && 'an acknowledged try-on was lost',
  failedCharged + doneUncharged > 0 && 'a charge is wrong',
  endBalance !== startBalance - charged && 'the balance is not exact',
  orphans.length > 0 && `orphan files: ${orphans.slice(0, 5).join(', ')}`,
  intents.length > 0 && 'half-written adds left',
].filter(Boolean);
console.log(
  failed.length
    ? `\nFAILED: ${failed.join('; ')}`
    : '\nAll held: nothing acknowledged lost, no orphan, every render ended, the balance exact',
);
if (refused.size) console.log('refused by the server:', Object.fromEntries(refused));
if (byStatus.failed?.length)
  console.log(
    'failed renders:',
    byStatus.failed.map((r) => `${r.error_code} after ${r.attempts} attempts: ${r.error_message}`),
  );
process.exit(failed.length ? 1 : 0);
