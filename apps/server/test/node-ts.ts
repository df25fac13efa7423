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
