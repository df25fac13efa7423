import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routes } from '@tryon/contract';
import type { RenderEngine } from '@tryon/engine';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildHttpApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { MediaStorage } from '../src/lib/storage/index.ts';
import { createRuntime, type Runtime } from '../src/runtime.ts';
import { api } from './api.ts';
import { readCodeFromOutbox } from './read-code-from-outbox.ts';
import { SketchEngine } from './sketch-engine.ts';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private time: number;

  constructor(time = Date.UTC(2026, 0, 15, 12, 0, 0)) {
    this.time = time;
  }
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  /** The app's runtime: database, services, queue. */
  runtime: Runtime;
  clock: TestClock;
  dataDir: string;
  /** The render engine the app runs jobs with (a SketchEngine unless a test gave another). */
  engine: RenderEngine;
  /** Closes the app and builds it again on the same database and files, as a restart would. */
  restart(options?: TestAppOptions): Promise<void>;
  /**
   * A second API process on the same settings, database and files (it runs no renders), as in a deployment
   * of several; close it before the first.
   */
  sibling(): Promise<{ app: FastifyInstance; runtime: Runtime; close(): Promise<void> }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  storage?: MediaStorage;
  engine?: RenderEngine;
  /** The engine for renders whose process vanished while they ran; none by default (`engine` renders them). */
  isolatedEngine?: RenderEngine;
  /** false: render jobs are queued but not run by this app. */
  renderJobs?: boolean;
  /** A logger to read the app's log lines from; none by default. */
  logger?: FastifyBaseLogger;
}

/**
 * A real server on a fresh database: a temporary SQLite file, or with TEST_DIALECT=postgres a schema of its own
 * in TEST_DATABASE_URL, dropped on close. Mail goes to the real outbox folder.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  clock = new TestClock(),
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-test-'));
  const usePostgres = process.env.TEST_DIALECT === 'postgres';
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://tryon.test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
    ...(usePostgres ? { DATABASE_URL: requiredEnv('TEST_DATABASE_URL'), DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const start = async (o: TestAppOptions) => {
    const engine = o.engine ?? new SketchEngine();
    const { renderJobs, ...rest } = o;
    const runtime = await createRuntime({
      config,
      clock,
      logger: false,
      ...rest,
      engine,
      renderJobs: renderJobs === false ? 'none' : 'embedded',
    });
    const app = await buildHttpApp(runtime);
    await app.ready();
    return { app, runtime, engine };
  };
  const started = await start(options);
  const testApp: TestApp = {
    ...started,
    clock,
    dataDir,
    async restart(next = {}) {
      await this.app.close();
      Object.assign(this, await start({ ...(options.storage ? { storage: options.storage } : {}), ...next }));
    },
    async sibling() {
      const other = await start({
        ...(options.storage ? { storage: options.storage } : {}),
        renderJobs: false,
      });
      return { app: other.app, runtime: other.runtime, close: () => other.app.close() };
    },
    async close() {
      await this.app.close();
      if (usePostgres) {
        const client = new pg.Client({ connectionString: requiredEnv('TEST_DATABASE_URL') });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set for TEST_DIALECT=postgres`);
  return value;
}

export type Json = Record<string, unknown>;

/** Sends a request and returns status and parsed JSON body. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const res = await app.inject(options);
  const body = res.body ? (JSON.parse(res.body) as Json) : {};
  return { status: res.statusCode, body, headers: res.headers };
}

/** Registers and signs in an address through the e-mail code flow; returns the session key. */
export async function signIn(t: TestApp, email: string): Promise<string> {
  const client = api(t);
  const sent = await client.call(routes.auth.mailRegister, { query: { email } });
  if (sent.error) throw new Error(`register failed: ${JSON.stringify(sent.error)}`);
  const code = readCodeFromOutbox(t.dataDir, email.trim().toLowerCase());
  const res = await client.call(routes.auth.mailSignin, { query: { email, code } });
  if (res.error) throw new Error(`signin failed: ${JSON.stringify(res.error)}`);
  // The next code for this address may be requested only after the resend wait.
  t.clock.advance(91_000);
  return res.data.apiKey;
}

export const withKey = (apiKey: string, headers: Record<string, string> = {}) => ({
  tokenapi: apiKey,
  ...headers,
});
