import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { nodeTs, repoRoot } from './node-ts.ts';

/** A server entry (`main.ts`, `worker.ts`) run as a real process, its output kept for a failing test to show. */
export interface ServerProcess {
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when it has exited (at once if it has). */
  exited(): Promise<void>;
  /** `kill -9`, as a lost machine or the OOM killer would; resolves once it is gone. */
  killHard(): Promise<void>;
  /** SIGTERM (a graceful stop); resolves once it is gone. */
  stop(): Promise<void>;
}

export function startServerProcess(
  entry: 'main.ts' | 'worker.ts',
  env: Record<string, string>,
): ServerProcess {
  const [node, argv] = nodeTs(path.join(repoRoot, 'apps/server/src', entry));
  const child = spawn(node, argv, { cwd: repoRoot, env: { ...process.env, ...env } });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exited = () => gone;
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return gone;
  };
  return {
    child,
    output: () => output,
    exited,
    killHard: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
