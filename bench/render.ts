import sharp from 'sharp';
import { createBuiltinEngine } from '../packages/engine/src/index.ts';
import { flatLayShirt } from '../packages/engine/test/fixtures/flat-lay-shirt.ts';
import { samplePhoto } from '../packages/engine/test/fixtures/sample-photos.ts';
import { median, p95, timeRuns } from './lib.ts';

/**
 * The built-in engine with one worker on 768x1024 photos (shipped sample photos resized at run time):
 * ms per try-on and per look, against a baseline of sharp alone doing the decode, composite and encode of
 * the same images. Renders run one after another, as one worker takes them.
 */
const runs = Number(process.env.RUNS ?? 30);
const [person, garment, face, model] = await Promise.all([
  samplePhoto('standing'),
  flatLayShirt(),
  samplePhoto('portraitWoman', 512, 512),
  samplePhoto('table'),
]);

const time = (fn: () => Promise<unknown>) => timeRuns(runs, fn);

const composite = async (base: Buffer, overlay: Buffer): Promise<Buffer> => {
  const layer = await sharp(overlay).resize(300).png().toBuffer();
  return sharp(base)
    .composite([{ input: layer, left: 230, top: 300 }])
    .jpeg({ quality: 90 })
    .toBuffer();
};

const started = performance.now();
const engine = createBuiltinEngine({ workers: 1 });
await engine.start();
const startMs = performance.now() - started;

const rows = [
  {
    label: 'sharp decode + composite + encode (baseline)',
    samples: await time(() => composite(person, garment)),
  },
  { label: 'builtin try-on', samples: await time(() => engine.renderTryOn({ person, garment })) },
  { label: 'builtin look', samples: await time(() => engine.renderLook({ face, model })) },
];
await engine.close();

const baseline = median(rows[0]?.samples ?? [1]);
console.log(
  `768x1024 photos, one worker, ${runs} runs each (after one warm-up); engine start ${startMs.toFixed(0)} ms`,
);
console.log('| run | median ms | p95 ms | ratio to baseline (median) |');
console.log('| --- | ---: | ---: | ---: |');
for (const { label, samples } of rows) {
  const m = median(samples);
  console.log(`| ${label} | ${m.toFixed(1)} | ${p95(samples).toFixed(1)} | ${(m / baseline).toFixed(1)} |`);
}
