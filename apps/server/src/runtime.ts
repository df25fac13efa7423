import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { RenderEngine } from '@tryon/engine';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config.ts';
import { connectDatabase, type Db } from './db/connect.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import { pingRedis, reach, safeUrl } from './lib/startup-checks.ts';
import type { MediaStorage } from './lib/storage/index.ts';
import { type SweepLeader, startPeriodicSweep } from './lib/sweeps/periodic-sweep.ts';
import { SweepLeases } from './lib/sweeps/sweep-leases.ts';
import {
  createImportQueue,
  IMPORT_SYNC_SWEEP_MS,
  type ImportQueue,
  startImportJobs,
} from './modules/imports/import-jobs.ts';
import type { PersonInspector } from './modules/person-check/person-check.service.ts';
import { BullPersonInspector, engineInspector } from './modules/person-check/person-inspectors.ts';
import { engineFromConfig } from './modules/render-jobs/engine-from-config.ts';
import {
  type ConfiguredQueue,
  createRenderQueue,
  type RenderJobs,
  startRenderJobs,
} from './modules/render-jobs/render-jobs.ts';
import { startRetentionSweep } from './modules/retention/retention.ts';
import { createWebhookQueue, startWebhookJobs, type WebhookQueue } from './modules/webhooks/webhook-jobs.ts';
import { createServices, type Services } from './services.ts';

export interface RuntimeOptions {
  config: Config;
  clock?: Clock;
  /** A logger, or false for none; defaults to JSON logs at LOG_LEVEL. */
  logger?: FastifyBaseLogger | false;
  mailer?: Mailer;
  /** Media storage; defaults to STORAGE_URL or DATA_DIR/media. */
  storage?: MediaStorage;
  /** Render engine; defaults to the one ENGINE names. */
  engine?: RenderEngine;
  /**
   * The engine for renders whose process vanished while they ran, which renders each in a process of its own;
   * defaults to that for the built-in engine, and none (the render engine itself) for a remote one.
   */
  isolatedEngine?: RenderEngine;
  /**
   * Who runs render jobs. `embedded` (the default): this process, from the database queue, unless REDIS_URL is
   * set, when it only queues them. `worker`: this process, from BullMQ (`npm run worker`). `none`: nobody
   * here; they wait, queued, for a process that runs them.
   */
  renderJobs?: 'embedded' | 'worker' | 'none';
}

/** Everything but HTTP: the API process, a worker and the command line each run one. */
export interface Runtime {
  readonly config: Config;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly db: Db;
  readonly queue: ConfiguredQueue;
  /** Where webhook deliveries wait: the same kind of queue as renders. */
  readonly webhookQueue: WebhookQueue;
  /** Where catalogue imports wait: the same kind of queue again. */
  readonly importQueue: ImportQueue;
  readonly services: Services;
  /** Starts the background work: render jobs (as `renderJobs` says) and the media and retention sweeps. */
  start(): Promise<void>;
  /** Stops the background work (renders in flight finish first), then closes the connections. */
  close(): Promise<void>;
}

const MEDIA_SWEEP_MS = 5 * 60_000;

const createLogger = (config: Config): FastifyBaseLogger =>
  pino({ level: config.LOG_LEVEL, redact: ['req.headers.tokenapi'] });

/**
 * Infrastructure first (database and migrations, the render queue), then the services over it. Migrations run
 * before anything reads the database.
 */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const log = options.logger === false ? pino({ level: 'silent' }) : (options.logger ?? createLogger(config));
  const database = config.DATABASE_URL
    ? `the database (DATABASE_URL ${safeUrl(config.DATABASE_URL)})`
    : `the database file in ${config.DATA_DIR}`;
  const db = await reach(database, () =>
    connectDatabase({
      dataDir: config.DATA_DIR,
      databaseUrl: config.DATABASE_URL,
      schema: config.DATABASE_SCHEMA,
      poolSize: config.DATABASE_POOL_SIZE,
    }),
  );
  await migrateToLatest(db);
  const redisUrl = config.REDIS_URL;
  if (redisUrl) {
    await reach(`Redis (REDIS_URL ${safeUrl(redisUrl)})`, () => pingRedis(redisUrl)).catch(
      async (error: unknown) => {
        await db.db.destroy();
        throw error;
      },
    );
  }
  const role = options.renderJobs ?? 'embedded';
  const engine = options.engine ?? engineFromConfig(config);
  const queue = createRenderQueue(config, db.db, clock, log);
  const webhookQueue = createWebhookQueue(config, db.db, clock, log);
  const importQueue = createImportQueue(config, db.db, clock, log);
  const services = createServices({
    config,
    db: db.db,
    dialect: db.dialect,
    clock,
    log,
    queue,
    webhookQueue,
    importQueue,
    personInspector: personInspectorOf(config, engine, role),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
  });
  const bucket = config.STORAGE_URL
    ? `the bucket (STORAGE_URL ${safeUrl(config.STORAGE_URL)})`
    : 'media storage';
  await reach(bucket, () => services.storage.check()).catch(async (error: unknown) => {
    await queue.close();
    await db.db.destroy();
    throw error;
  });

  const stops: (() => Promise<void>)[] = [];
  let started = false;
  const runtime: Runtime = {
    config,
    clock,
    log,
    db,
    queue,
    webhookQueue,
    importQueue,
    services,
    async start() {
      if (started) return;
      started = true;
      if (role !== 'none') {
        const jobs: RenderJobs = startRenderJobs(runtime, engine, role, options.isolatedEngine);
        stops.push(() => jobs.close(), startWebhookJobs(runtime, role), startImportJobs(runtime, role));
      }
      const leader = {
        leases: new SweepLeases(db.db),
        holder: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
        clock,
        log,
      };
      stops.push(
        startMediaSweep(runtime, leader),
        startRetentionSweep(runtime, leader),
        startPeriodicSweep(
          {
            name: 'import sync sweep',
            everyMs: IMPORT_SYNC_SWEEP_MS,
            run: async () => void (await runtime.services.imports.runDueSyncs()),
          },
          leader,
        ),
      );
    },
    async close() {
      for (const stop of stops.reverse()) await stop();
      await services.keyUsage.flush();
      await services.personCheck.close();
      await queue.close();
      await webhookQueue.close();
      await importQueue.close();
      services.mailer.close();
      await services.storage.close();
      await db.db.destroy();
    },
  };
  return runtime;
}

/**
 * Who counts the people in uploads: with REDIS_URL a render worker, asked over BullMQ (API processes load no
 * models); embedded, the engine that runs the renders here; nobody with PERSON_CHECK=off, with an engine
 * that cannot count (FASHN), or in a process that runs no renders and has no Redis.
 */
function personInspectorOf(
  config: Config,
  engine: RenderEngine,
  role: 'embedded' | 'worker' | 'none',
): PersonInspector | null {
  if (config.PERSON_CHECK === 'off' || !engine.inspectPerson) return null;
  if (config.REDIS_URL)
    return new BullPersonInspector({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  return role === 'embedded' ? engineInspector(engine) : null;
}

/** Cleans up after adds that died half-way and removals whose files could not be deleted at once. */
function startMediaSweep(runtime: Runtime, leader: SweepLeader): () => Promise<void> {
  return startPeriodicSweep(
    {
      name: 'media sweep',
      everyMs: MEDIA_SWEEP_MS,
      run: async () => void (await runtime.services.media.sweep()),
    },
    leader,
  );
}
