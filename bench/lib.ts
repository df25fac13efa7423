import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { createRuntime, type Runtime } from '../apps/server/src/runtime.ts';
import { nodeTs, repoRoot } from '../apps/server/test/node-ts.ts';

export interface Served {
  url: string;
  /** What the server printed on its ready line, as JSON. */
  info: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts a bench server in its own process (so it does not share a core with the load generator) and waits
 * for the JSON line it prints when it listens.
 */
export function serve(script: string, env: Record<string, string> = {}): Promise<Served> {
  const [node, argv] = nodeTs(path.resolve(import.meta.dirname, 'servers', script));
  // CPU_PROF=dir: each server writes a V8 CPU profile there when it stops (open in Chrome's DevTools, or
  // summarise with bench/cpu-profile.ts). SERVER_CPUS=1: servers pinned to those cores (taskset), so a load
  // generator pinned elsewhere (`taskset -c 0 npx tsx bench/...`) does not share their core.
  const profile = process.env.CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`] : [];
  const cpus = process.env.SERVER_CPUS;
  const child: ChildProcess = spawn(
    cpus ? 'taskset' : node,
    [...(cpus ? ['-c', cpus, node] : []), ...profile, ...argv],
    { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      const info = JSON.parse(line) as Record<string, string>;
      resolve({
        url: info.url ?? '',
        info,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

export interface Load {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
  non2xx: number;
  /** Requests answered in all. */
  requests: number;
}

export async function load(
  label: string,
  url: string,
  options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<Load> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: options.seconds ?? 10,
    headers: options.headers ?? {},
  });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

export function printLoads(title: string, baseline: Load, runs: Load[]): void {
  console.log(`\n${title}`);
  console.log('| run | req/s | p50 ms | p99 ms | errors | non-2xx | ratio to baseline |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of [baseline, ...runs]) {
    const ratio = (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
    console.log(
      `| ${r.label} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} | ${ratio} |`,
    );
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Runs `fn` once to warm up, then `runs` times; answers each run's milliseconds. */
export async function timeRuns(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export const p95 = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
};

/**
 * Runs `fn` on a runtime of its own: SQLite in a fresh data folder, or PostgreSQL (`pgUrl`) in a schema of its
 * own; both removed afterwards, whatever `fn` did.
 */
export async function withBenchRuntime<T>(
  name: string,
  dialect: string,
  pgUrl: string,
  fn: (runtime: Runtime) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tryon-bench-${name}-`));
  const schema = `bench_${name}_${process.pid}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(dialect === 'postgres' ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
  });
  const runtime = await createRuntime({ config, logger: false });
  try {
    return await fn(runtime);
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}
