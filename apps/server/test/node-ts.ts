import { createServer } from 'node:net';
import path from 'node:path';

/** The repository root: `--import tsx` resolves tsx from the working directory. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Runs a TypeScript entry the way the npm scripts do: plain Node with tsx's loader, one process. (The tsx
 * command line would put a parent process in front, which SIGKILLs the server when it is slow to acknowledge
 * a SIGTERM, so shutdown would not be graceful.)
 */
export const nodeTs = (script: string, args: string[] = []): [string, string[]] => [
  process.execPath,
  ['--import', 'tsx', script, ...args],
];

/** A port nobody listens on now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Whether a started server answers /healthz within `ms`. */
export async function becomesHealthy(origin: string, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (
      await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
