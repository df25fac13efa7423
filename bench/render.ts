import sharp from 'sharp';
import { analyseGarment } from '../packages/engine/src/builtin/garment/analyse-garment.ts';
import { decodeRgb } from '../packages/engine/src/builtin/image/raster.ts';
import { createBuiltinEngine } from '../packages/engine/src/index.ts';
import { flatLay, openCvForTests } from '../packages/engine/test/fixtures/garments.ts';
import { bodies, faces, type PersonPhoto, personPhoto } from '../packages/engine/test/fixtures/people.ts';
import { median, p95, timeRuns } from './lib.ts';

/**
 * The built-in engine with one worker on 768x1024 photos (photos of people that npm packages ship, scaled at
 * run time; a generated T-shirt):
 * ms per try-on and per look, against a baseline of sharp alone doing the decode, composite and encode of
 * the same images. Renders run one after another, as one worker takes them. Try-ons are timed twice: on a
 * photo the worker has not seen (what every first render of a shopper's photo costs) and on the same photo
 * again (the worker remembers what the models read of its last person photos).
 */
const runs = Number(process.env.RUNS ?? 30);
const find = (list: readonly PersonPhoto[], name: string): PersonPhoto => {
  const found = list.find((p) => p.name === name);
  if (!found) throw new Error(`no photo ${name}`);
  return found;
};
const [person, garment, face, model] = await Promise.all([
  personPhoto(find(bodies, 'charles'), 1024),
  flatLay('t-shirt', { colour: '#c0392b', pattern: 'print' }).then((f) => f.jpeg),
  personPhoto(find(faces, 'team-1'), 800),
  personPhoto(find(bodies, 'kal'), 1024),
]);

const time = (fn: () => Promise<unknown>) => timeRuns(runs, fn);
/** One photo for each of `time`'s calls (its warm-up and each run), none the engine has seen before. */
const newPhotos = await Promise.all(
  Array.from({ length: runs + 1 }, (_, i) =>
    sharp(person)
      .jpeg({ quality: 60 + (i % 40) })
      .toBuffer(),
  ),
);

const composite = async (base: Buffer, overlay: Buffer): Promise<Buffer> => {
  const layer = await sharp(overlay).resize(300).png().toBuffer();
  return sharp(base)
    .composite([{ input: layer, left: 230, top: 300 }])
    .jpeg({ quality: 90 })
    .toBuffer();
};

const rssBefore = process.memoryUsage().rss;
const started = performance.now();
const engine = createBuiltinEngine({ workers: 1 });
await engine.start();
const startMs = performance.now() - started;
const rssStarted = process.memoryUsage().rss;

const rows = [
  {
    label: 'sharp decode + composite + encode (baseline)',
    samples: await time(() => composite(person, garment)),
  },
  // The worker keeps what the models read of a person photo: a shopper's next garment on the same photo
  // skips the pose and the segmentation. Each row asks as its case does: a photo the worker has not seen
  // (the same picture, re-encoded at another JPEG quality each run) and the same photo again.
  {
    label: 'builtin try-on, a new photo each time',
    samples: await time(() => engine.renderTryOn({ person: newPhotos.shift() ?? person, garment })),
  },
  {
    label: 'builtin try-on, the same photo again',
    samples: await time(() => engine.renderTryOn({ person, garment })),
  },
  { label: 'builtin look', samples: await time(() => engine.renderLook({ face, model })) },
];
const rssAfter = process.memoryUsage().rss;
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
// The garment step alone, on this thread: its share of a try-on (target 60 ms at 900 px).
const { cv } = await openCvForTests();
const garmentRgb = await decodeRgb(garment, 900);
const analysis = await time(async () => analyseGarment(cv, garmentRgb));
console.log(
  `Garment analysis (900 px, one thread): median ${median(analysis).toFixed(1)} ms, p95 ${p95(analysis).toFixed(1)} ms`,
);
// Worker threads share the process: the worker's share is what the process grew by when it started.
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;
console.log(
  `Resident memory: process before the engine ${mb(rssBefore)}, with its worker started ${mb(rssStarted)} ` +
    `(+${mb(rssStarted - rssBefore)}), after the runs ${mb(rssAfter)} (+${mb(rssAfter - rssBefore)})`,
);
