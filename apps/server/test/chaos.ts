import type { Dirent } from 'node:fs';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, createClient, type Result } from '@tryon/client';
import { routes } from '@tryon/contract';
import { flatLayShirt } from '../../../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../../../packages/engine/test/fixtures/sample-photos.ts';
import { loadConfig } from '../src/config.ts';
import { createRuntime } from '../src/runtime.ts';
import { upload } from './api.ts';
import { becomesHealthy, freePort } from './node-ts.ts';
import { readCodeFromOutbox } from './read-code-from-outbox.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Chaos of the embedded default (issue 16, item 5), shared by `bench/chaos.ts` and `src/chaos.test.ts`: the
 * one server process (SQLite, local files, renders in the process with the built-in engine) is killed with
 * `kill -9` while garments are uploaded and try-ons submitted, `rounds` times, and started again each time.
 * In odd rounds the kill comes at a random moment; in even ones it waits for a render to run first (at most
 * `renderWaitMs`), so some renders are cut mid-render. Then, with the server up once more, it waits for every
 * render to end and gathers what the caller checks: the acknowledged garments and try-ons, the renders, the
 * balance, and the files left in the media folder after the media sweep (run as 20 minutes later).
 */
export interface ChaosOptions {
  rounds: number;
  /** Garment uploads and try-ons a round, each started at a random moment of it. */
  uploads: number;
  tryOns: number;
  /** The latest moment of a random kill, and of a request's start, after the round begins. */
  killMs: number;
  /** How long an even round waits for a render to run before it kills anyway. */
  renderWaitMs?: number;
  /** How long every render has to end after the last round. */
  drainMs?: number;
  /** Settings for the server beside the defaults (a shorter lease keeps a test short). */
  env?: Record<string, string>;
  /** A line a round, for progress. */
  onRound?: (line: string) => void;
}

export interface ChaosRender {
  id: string;
  status: string;
  charged: number;
  attempts: number;
  error_code: string | null;
  error_message: string | null;
}

export interface ChaosReport {
  /** Garments (201) and try-ons (202) the server acknowledged. */
  garments: string[];
  tryOns: string[];
  /** Acknowledged garments missing after the rounds, or whose image does not load. */
  missingGarments: string[];
  /** Acknowledged try-ons without a row. */
  missingTryOns: string[];
  /** Requests cut in flight, or that found the server gone. */
  unanswered: number;
  /** Refusals by the server, by code. */
  refused: Record<string, number>;
  /** Rounds whose kill came while a render ran. */
  killsMidRender: number;
  /** Every render in the database, acknowledged or not, once the queue drained (or `drainMs` passed). */
  renders: ChaosRender[];
  /** Renders still queued or running when `drainMs` passed. */
  unfinished: number;
  startBalance: number;
  endBalance: number;
  /** Files in the media folder after the sweep, and those under no row's folder. */
  files: string[];
  orphans: string[];
  /** Half-written adds left after the sweep. */
  intents: number;
  restartMs: number[];
  drainMs: number;
  totalMs: number;
  /** The last server's output, for a failure to show. */
  output: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const started = performance.now();
  const [person, garment] = await Promise.all([samplePhoto('standing', 768, 1024), flatLayShirt()]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-chaos-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    DATABASE_URL: '',
    REDIS_URL: '',
    STORAGE_URL: '',
    ...options.env,
  };
  const config = loadConfig(env);
  let server: ServerProcess | undefined;
  let serverStartedAt = 0;
  const startServer = async () => {
    serverStartedAt = Date.now();
    server = startServerProcess('main.ts', env);
    if (!(await becomesHealthy(origin, 90_000))) throw new Error(`server did not start:\n${server.output()}`);
  };
  // The server's own database, read beside it (renders running, every render ended).
  const peek = await createRuntime({ config, logger: false, renderJobs: 'none' });
  try {
    await startServer();
    const must = <T>(result: Result<T>, what: string): T => {
      if (result.error) throw new Error(`${what}: ${JSON.stringify(result.error)}\n${server?.output()}`);
      return result.data;
    };
    const email = 'chaos@example.com';
    const anonymous = createClient({ baseUrl: origin });
    must(await anonymous.call(routes.auth.mailRegister, { query: { email } }), 'register');
    const { apiKey } = must(
      await anonymous.call(routes.auth.mailSignin, {
        query: { email, code: readCodeFromOutbox(dataDir, email) },
      }),
      'sign-in',
    );
    const owner: Client = createClient({ baseUrl: origin, apiKey });
    const { muid } = must(await owner.call(routes.models.add, { query: {} }, upload(person)), 'model');
    const { guid } = must(await owner.call(routes.garments.add, { query: {} }, upload(garment)), 'garment');
    const balance = async () => must(await owner.call(routes.user.profile, {}), 'profile').tryonBalance;
    const startBalance = await balance();

    const garments: string[] = [];
    const tryOns: string[] = [];
    let unanswered = 0;
    const refused: Record<string, number> = {};
    const tally = (error: unknown) => {
      const e = error as { status?: unknown; data?: { errorCodeStr?: string } };
      if (e.status === 'FETCH_ERROR' || e.status === 'TIMEOUT_ERROR' || e.status === 'PARSING_ERROR')
        unanswered++;
      else {
        const code = e.data?.errorCodeStr ?? String(e.status);
        refused[code] = (refused[code] ?? 0) + 1;
      }
    };
    // A render this server runs (a row left running by the one killed before is not).
    const running = async () =>
      (await peek.db.db
        .selectFrom('renders')
        .select('id')
        .where('status', '=', 'running')
        .where('started_at', '>=', serverStartedAt)
        .executeTakeFirst()) !== undefined;
    let killsMidRender = 0;
    const restartMs: number[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      // Each request starts at a random moment of the round: some are answered before the kill, some are cut
      // in flight, some find the server gone.
      const pause = () => sleep(Math.random() * options.killMs);
      const requests = [
        ...Array.from({ length: options.uploads }, async () => {
          await pause();
          const res = await owner.call(routes.garments.add, { query: {} }, upload(garment));
          if (res.data) garments.push(res.data.guid);
          else tally(res.error);
        }),
        ...Array.from({ length: options.tryOns }, async () => {
          await pause();
          const res = await owner.call(routes.tryOns.add, { query: { guid, muid } });
          if (res.data) tryOns.push(res.data.tuid);
          else tally(res.error);
        }),
      ].map((p) => p.catch(() => void unanswered++));
      if (round % 2 === 0) {
        // Killed while a render runs: at a random moment of its first half second or so.
        const deadline = Date.now() + (options.renderWaitMs ?? 20_000);
        while (!(await running()) && Date.now() < deadline) await sleep(20);
        await sleep(Math.random() * 500);
      } else await pause();
      const midRender = await running();
      await server?.killHard();
      if (midRender) killsMidRender++;
      await Promise.all(requests);
      const restart = performance.now();
      await startServer();
      restartMs.push(performance.now() - restart);
      options.onRound?.(
        `round ${round}: killed ${midRender ? 'while a render ran' : 'with no render running'}; ` +
          `${garments.length} garments, ${tryOns.length} try-ons acknowledged so far`,
      );
    }

    // Every render ends: wait until none is queued or running.
    const drainStart = performance.now();
    const open = async () =>
      Number(
        (
          await peek.db.db
            .selectFrom('renders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', 'in', ['queued', 'running'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    let unfinished = await open();
    while (unfinished > 0 && performance.now() - drainStart < (options.drainMs ?? 300_000)) {
      await sleep(250);
      unfinished = await open();
    }
    const drainMs = performance.now() - drainStart;
    const renders = await peek.db.db
      .selectFrom('renders')
      .select(['id', 'status', 'charged', 'attempts', 'error_code', 'error_message'])
      .execute();
    const missingGarments: string[] = [];
    for (const id of garments) {
      const got = await owner.call(routes.garments.get, { params: { guid: id } });
      const image = got.data ? await fetch(`${origin}${got.data.image}`) : undefined;
      if (image?.status !== 200) missingGarments.push(id);
      await image?.arrayBuffer();
    }
    const rowIds = new Set(renders.map((r) => r.id));
    const missingTryOns = tryOns.filter((id) => !rowIds.has(id));
    const endBalance = await balance();
    const output = server?.output() ?? '';

    // Stop the server cleanly, then the media sweep as it runs 20 minutes on (half-written adds are 15
    // minutes old by then).
    await server?.stop();
    const later = Date.now() + 20 * 60_000;
    const sweeper = await createRuntime({
      config,
      logger: false,
      renderJobs: 'none',
      clock: { now: () => later },
    });
    const folders = new Set<string>();
    let intents = 0;
    try {
      await sweeper.services.media.sweep();
      const keep = (key: string | null) => key && folders.add(path.dirname(key));
      const db = sweeper.db.db;
      for (const r of await db.selectFrom('catalog_items').select('image_key').execute()) keep(r.image_key);
      for (const r of await db
        .selectFrom('renders')
        .select(['image_key', 'person_key', 'garment_key', 'face_key', 'model_key'])
        .execute())
        for (const key of Object.values(r)) keep(key);
      for (const r of await db.selectFrom('faces').select('image_key').execute()) keep(r.image_key);
      intents = (await db.selectFrom('media_intents').select('prefix').execute()).length;
    } finally {
      await sweeper.close();
    }
    const mediaRoot = path.join(dataDir, 'media');
    const files = (readdirSync(mediaRoot, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((d) => d.isFile())
      .map((d) => path.relative(mediaRoot, path.join(d.parentPath, d.name)));
    const orphans = files.filter((f) => ![...folders].some((folder) => f.startsWith(`${folder}/`)));
    return {
      garments,
      tryOns,
      missingGarments,
      missingTryOns,
      unanswered,
      refused,
      killsMidRender,
      renders,
      unfinished,
      startBalance,
      endBalance,
      files,
      orphans,
      intents,
      restartMs,
      drainMs,
      totalMs: performance.now() - started,
      output,
    };
  } finally {
    await server?.stop();
    await peek.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
