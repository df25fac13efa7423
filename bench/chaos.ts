import { runChaos } from '../apps/server/test/chaos.ts';

/**
 * Chaos of the embedded default (issue 16, item 5), the long run of `apps/server/src/chaos.test.ts` (which
 * runs fewer rounds with a shorter lease in the suite): the one server process is killed with `kill -9`
 * ROUNDS times (10) while UPLOADS garment uploads and TRYONS try-ons (4 and 3 a round) start at random
 * moments, half the kills at a random moment (at most KILL_MS, 2500, into the round) and half while a render
 * runs; started again each time. Then every acknowledged garment is there with its image, every acknowledged
 * try-on has its row, every render ended (done, or failed and refunded), the balance is exactly the start
 * less the renders still charged, and after the media sweep (run as 20 minutes later) no file in the media
 * folder belongs to no row. The server keeps its default settings (a 10 s lease).
 */
const report = await runChaos({
  rounds: Number(process.env.ROUNDS ?? 10),
  uploads: Number(process.env.UPLOADS ?? 4),
  tryOns: Number(process.env.TRYONS ?? 3),
  killMs: Number(process.env.KILL_MS ?? 2500),
  onRound: (line) => console.log(line),
});

const { renders } = report;
const done = renders.filter((r) => r.status === 'done');
const failed = renders.filter((r) => r.status === 'failed');
const charged = renders.filter((r) => r.charged === 1).length;
const wrongCharge = renders.filter(
  (r) => (r.status === 'failed' && r.charged === 1) || (r.status === 'done' && r.charged !== 1),
).length;
const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
console.log(
  `\nChaos of the embedded default: ${report.restartMs.length} rounds of kill -9 (${report.killsMidRender} while a render ran)`,
);
console.log('| check | figure |');
console.log('| --- | ---: |');
for (const [label, value] of [
  ['garments acknowledged (201)', report.garments.length],
  ['  of them missing or without their image', report.missingGarments.length],
  ['try-ons acknowledged (202)', report.tryOns.length],
  ['  of them without a row', report.missingTryOns.length],
  ['requests without an answer (cut in flight, or the server gone)', report.unanswered],
  ['renders in the database (acknowledged or not)', renders.length],
  ['  done', done.length],
  ['  failed (refunded)', failed.length],
  ['  still queued or running', report.unfinished],
  ['  failed yet charged / done yet refunded', wrongCharge],
  ['balance: start', report.startBalance],
  ['balance: end', report.endBalance],
  ['balance: start less renders charged', report.startBalance - charged],
  ['files in the media folder after the sweep', report.files.length],
  ['  of them belonging to no row', report.orphans.length],
  ['half-written adds left (media_intents)', report.intents],
  ['seconds to restart, median', median(report.restartMs) / 1000],
  ['seconds for the queue to drain after the last round', report.drainMs / 1000],
  ['seconds in all', report.totalMs / 1000],
] as const)
  console.log(
    `| ${label} | ${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(1) : value} |`,
  );
const problems = [
  report.missingGarments.length > 0 && 'an acknowledged garment was lost',
  report.missingTryOns.length > 0 && 'an acknowledged try-on was lost',
  report.unfinished > 0 && 'a render never ended',
  wrongCharge > 0 && 'a charge is wrong',
  report.endBalance !== report.startBalance - charged && 'the balance is not exact',
  report.orphans.length > 0 && `orphan files: ${report.orphans.slice(0, 5).join(', ')}`,
  report.intents > 0 && 'half-written adds left',
].filter(Boolean);
console.log(
  problems.length
    ? `\nFAILED: ${problems.join('; ')}`
    : '\nAll held: nothing acknowledged lost, no orphan, every render ended, the balance exact',
);
if (Object.keys(report.refused).length) console.log('refused by the server:', report.refused);
if (failed.length)
  console.log(
    'failed renders:',
    failed.map((r) => `${r.error_code} after ${r.attempts} attempts: ${r.error_message}`),
  );
process.exit(problems.length ? 1 : 0);
