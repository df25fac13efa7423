import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig } from '../../../server/src/config.ts';

export interface E2eServer {
  origin: string;
  dataDir: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export const ADMIN_EMAIL = 'admin@e2e.test';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The real server, in this process, on a free port with a temporary DATA_DIR; it serves the built dashboard. */
export async function startServer(): Promise<E2eServer> {
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
    ADMIN_EMAILS: ADMIN_EMAIL,
    URL_IMPORT_ALLOW_PRIVATE: '1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
  });
  // Renders run with the real built-in engine, as on a first `npm start`.
  const app = await buildApp({ config, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    origin,
    dataDir,
    app,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The code of the newest sign-in mail to an address, read from the outbox as a person would. */
export function readSignInCode(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const newest = readdirSync(outbox)
    .filter((name) => name.endsWith(`-${email}.eml`))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`no mail to ${email} in ${outbox}`);
  const code = /sign-in code is (\d{4})/.exec(readFileSync(path.join(outbox, newest), 'utf8'))?.[1];
  if (!code) throw new Error(`no code in ${newest}`);
  return code;
}
