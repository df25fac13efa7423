import { readFileSync } from 'node:fs';

/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, or a bench run with CPU_PROF=dir): self time by package
 * (node_modules/<name>, node: internals, our own files by folder) and the TOP (30) functions, in per cent of
 * the samples, and microseconds a request when REQUESTS gives how many each profiled process answered.
 * WINDOW_S (say 10, a bench load's length) counts only the busiest window that long: the load, without the
 * server's start-up and seeding. `npx tsx bench/cpu-profile.ts file.cpuprofile [file2.cpuprofile]`; with two,
 * side by side.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const top = Number(process.env.TOP ?? 30);
/** Requests each profiled process answered, in the files' order (comma-separated). */
const requests = (process.env.REQUESTS ?? '').split(',').map(Number);

function packageOf(url: string): string {
  if (!url) return '(native, gc, idle)';
  if (url.startsWith('node:')) return 'node: internals';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const repo = url.match(/\/(apps\/[^/]+\/src\/[^/]+|packages\/[^/]+|bench)\//);
  return repo?.[1] ?? url;
}

function summarise(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const idleIds = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  // WINDOW_S: only the samples of the busiest window that long (a load, not the start-up and seeding).
  const times: number[] = [];
  let t = 0;
  for (const delta of profile.timeDeltas) {
    t += delta;
    times.push(t);
  }
  let [from, to] = [0, Number.POSITIVE_INFINITY];
  const windowUs = Number(process.env.WINDOW_S ?? 0) * 1e6;
  if (windowUs > 0) {
    let best = -1;
    let busy = 0;
    let start = 0;
    for (let end = 0; end < times.length; end++) {
      if (!idleIds.has(profile.samples[end] ?? -1)) busy += profile.timeDeltas[end] ?? 0;
      while ((times[end] ?? 0) - (times[start] ?? 0) > windowUs) {
        if (!idleIds.has(profile.samples[start] ?? -1)) busy -= profile.timeDeltas[start] ?? 0;
        start++;
      }
      if (busy > best) [best, from, to] = [busy, times[start] ?? 0, times[end] ?? 0];
    }
  }
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    const at = times[i] ?? 0;
    if (at >= from && at <= to) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    if (frame.functionName === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/')}:${frame.lineNumber + 1}`
      : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const pkg = frame.functionName.startsWith('(') && !frame.url ? frame.functionName : packageOf(frame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  return { total, idle, byFunction, byPackage };
}

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: bench/cpu-profile.ts file.cpuprofile [file2.cpuprofile]');
const summaries = files.map(summarise);
const cell = (us: number, total: number, i: number) =>
  `${((100 * us) / total).toFixed(1)} %${requests[i] ? ` ${(us / (requests[i] ?? 1)).toFixed(1)} µs` : ''}`;
for (const [title, pick] of [
  ['package', (s: ReturnType<typeof summarise>) => s.byPackage],
  ['function', (s: ReturnType<typeof summarise>) => s.byFunction],
] as const) {
  const keys = new Map<string, number>();
  for (const s of summaries)
    for (const [k, us] of pick(s)) keys.set(k, Math.max(keys.get(k) ?? 0, us / s.total));
  const rows = [...keys].sort((a, b) => b[1] - a[1]).slice(0, title === 'package' ? 25 : top);
  console.log(`\n| ${title} | ${files.map((f) => f.split('/').pop()).join(' | ')} |`);
  console.log(`| --- |${files.map(() => ' ---: |').join('')}`);
  for (const [k] of rows)
    console.log(`| ${k} | ${summaries.map((s, i) => cell(pick(s).get(k) ?? 0, s.total, i)).join(' | ')} |`);
}
for (const [i, s] of summaries.entries())
  console.log(
    `\n${files[i]}: ${(s.total / 1000).toFixed(0)} ms busy${requests[i] ? ` (${(s.total / (requests[i] ?? 1)).toFixed(0)} µs a request)` : ''}, ${(s.idle / 1000).toFixed(0)} ms idle`,
  );
