import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildHttpApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createRuntime, type Runtime } from '../src/runtime.ts';
import { freePort } from './node-ts.ts';

export interface E2eServer {
  origin: string;
  dataDir: string;
  app: FastifyInstance;
  runtime: Runtime;
  close(): Promise<void>;
}

/**
 * The real server for browser tests, in this process, on a free port with a temporary DATA_DIR: it serves the
 * built front ends and renders with the real built-in engine, as on a first `npm start`. `env` adds settings.
 */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tryon-e2e-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    // The machine running browser tests is loaded: the person check gets time to answer rather than being
    // skipped (the default 8 s is for a server that is not also running a browser and a build).
    PERSON_CHECK_TIMEOUT_SECONDS: '45',
    ...env,
  });
  const runtime = await createRuntime({ config, logger: false });
  const app = await buildHttpApp(runtime);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    origin,
    dataDir,
    app,
    runtime,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
