import path from 'node:path';
import type { GarmentKind } from '../packages/engine/src/builtin/garment/garment.ts';
import { createBuiltinEngine } from '../packages/engine/src/index.ts';
import { flatLay } from '../packages/engine/test/fixtures/garments.ts';
import { bodies, faces, personPhoto } from '../packages/engine/test/fixtures/people.ts';
import { type LookRow, lookQuality } from './quality/looks.ts';
import { passes, type TryOnCase, type TryOnRow, tryOnQuality } from './quality/try-ons.ts';

/**
 * The built-in engine's picture quality: try-ons of generated garments of every kind on photos of real
 * people that npm packages ship (front, turned, side and back views), and looks between shipped portraits.
 * Prints a table a render and the share of renders meeting each bar; writes contact sheets to
 * `bench/out/quality/` to grade by eye (0 broken, 1 wrong placement, 2 placed but obviously pasted,
 * 3 convincing), and each try-on at full size to `bench/out/quality/try-ons/` (person-garment.webp). `PEOPLE=a,b` and `KINDS=t-shirt,dress` narrow the run; `ONLY=try-ons` or `ONLY=looks`
 * runs one half; `LOOKS=face:model,...` renders those looks only.
 */
const only = process.env.ONLY;
if (only !== undefined && only !== 'try-ons' && only !== 'looks') throw new Error('ONLY is try-ons or looks');
const outDir = path.resolve(import.meta.dirname, 'out/quality');
const kinds: GarmentKind[] = (process.env.KINDS?.split(',') as GarmentKind[] | undefined) ?? [
  't-shirt',
  'long-sleeve',
  'tank',
  'dress',
  'hoodie',
  'jacket',
  'trousers',
  'skirt',
];
const colours: Record<GarmentKind, string> = {
  't-shirt': '#c0392b',
  'long-sleeve': '#2c6e9e',
  tank: '#f4f4f2',
  dress: '#7d3c98',
  hoodie: '#3d4b3d',
  jacket: '#b8863b',
  trousers: '#30343f',
  shorts: '#6f8fa8',
  skirt: '#a33b5e',
};
const people = bodies.filter((b) => !process.env.PEOPLE || process.env.PEOPLE.split(',').includes(b.name));

const garments = await Promise.all(
  kinds.map(async (kind) => ({
    kind,
    photo: (
      await flatLay(kind, {
        colour: colours[kind],
        // The white tank lies on light grey: the cut-out's hardest case.
        background: kind === 'tank' ? '#e6e6e4' : '#f1f0ee',
        pattern: kind === 't-shirt' ? 'print' : kind === 'long-sleeve' ? 'stripes' : 'plain',
        // Tops as shops sell them (a T-shirt about 1.4 times as long as wide); `PROPORTIONS=long` for the
        // flat lays twice as long as wide that this bench used before 2026-11-27.
        proportions: process.env.PROPORTIONS === 'long' ? 'long' : 'everyday',
      })
    ).jpeg,
  })),
);
const cases: TryOnCase[] = [];
for (const person of only === 'looks' ? [] : people) {
  const photo = await personPhoto(person, 1024);
  for (const g of garments) {
    cases.push({
      person: person.name,
      view: person.view,
      garment: g.kind,
      personPhoto: photo,
      garmentPhoto: g.photo,
    });
  }
}

const engine = createBuiltinEngine({ workers: 1 });
await engine.start();
const tryOns =
  only === 'looks'
    ? []
    : await tryOnQuality(
        async (person, garment) => (await engine.renderTryOn({ person, garment })).bytes,
        cases,
        outDir,
      );
// Looks: every shipped face onto three photos of other people who face the camera with their eyes shown (a
// model's face must be found and turned the same way, or mirrored, for a look to be made at all; a model in
// dark glasses is always refused). A shop's model photo may be a body or a portrait, so the frontal
// portraits serve as models too.
const models = [...bodies, ...faces].filter((b) => b.view === 'front' && !b.darkGlasses);
const everyone = [...bodies, ...faces];
const lookPairs = [];
if (process.env.LOOKS) {
  // `LOOKS=team-1:charles,avatar:kal-sq`: these pairs only.
  for (const pair of process.env.LOOKS.split(',')) {
    const [faceName, modelName] = pair.split(':');
    const face = everyone.find((p) => p.name === faceName);
    const model = everyone.find((p) => p.name === modelName);
    if (!face || !model) throw new Error(`LOOKS: no photo named ${faceName} or ${modelName}`);
    lookPairs.push({
      name: pair.replace(':', '->'),
      face: await personPhoto(face, 800),
      model: await personPhoto(model, 1024),
    });
  }
} else {
  for (const [i, face] of (only === 'try-ons' ? [] : faces).entries()) {
    const others = models.filter((m) => m.name !== face.same && m.name !== face.name);
    for (const model of [0, 1, 2].map((k) => others[(3 * i + k) % others.length])) {
      if (!model) continue;
      lookPairs.push({
        name: `${face.name}->${model.name}`,
        face: await personPhoto(face, 800),
        model: await personPhoto(model, 1024),
      });
    }
  }
}
const looks =
  only === 'try-ons'
    ? []
    : await lookQuality(
        async (face, model) => (await engine.renderLook({ face, model })).bytes,
        lookPairs,
        outDir,
      );
await engine.close();
// The judge's own reading of two genuine photos of one person (the packages ship two of some faces): what
// "the same person" scores under it, beside Human's documented bar of 0.5.
const genuinePairs = [];
for (const face of faces) {
  const other = bodies.find((b) => b.name === face.same);
  if (!other) continue;
  genuinePairs.push({
    name: `${face.name}~${other.name}`,
    face: await personPhoto(face, 800),
    model: await personPhoto(other, 1024),
  });
}
const genuine = await lookQuality(async (_face, other) => other, genuinePairs, path.join(outDir, 'genuine'));

if (only !== 'looks') printTryOns(tryOns);
if (only !== 'try-ons') printLooks(looks);
console.log(
  `Two genuine photos of the same person, as the judge reads them: ${genuine.map((r) => `${r.name} ${r.toShopper?.toFixed(2) ?? '-'}`).join(', ')}`,
);
console.log(`\nContact sheets: ${path.relative(process.cwd(), outDir)}/try-ons.png and looks.png`);

function printTryOns(rows: TryOnRow[]): void {
  console.log(
    '| person | view | garment | ms | refused | torso covered | shoulder off (% stature) | sleeves | face changed |',
  );
  console.log('| --- | --- | --- | ---: | --- | ---: | ---: | ---: | ---: |');
  const f = (v: number | null, k = 1): string => (v === null ? '-' : (v * k).toFixed(2));
  for (const r of rows) {
    console.log(
      `| ${r.person} | ${r.view} | ${r.garment} | ${r.ms.toFixed(0)} | ${r.refused ?? ''} | ${f(r.cover)} | ${f(r.shoulderOff, 100)} | ${f(r.sleeves)} | ${f(r.faceChanged)} |`,
    );
  }
  const rendered = rows.filter((r) => !r.refused);
  const share = (test: (r: TryOnRow) => boolean): string =>
    `${((100 * rendered.filter(test).length) / Math.max(1, rendered.length)).toFixed(0)}%`;
  const dressable = rows.filter((r) => r.view === 'front' || r.view === 'turned');
  const refusedDressable = dressable.filter((r) => r.refused).length;
  const refusedOther = rows.filter((r) => (r.view === 'back' || r.view === 'side') && r.refused).length;
  console.log(
    `\nTry-ons: ${rows.length}, rendered ${rendered.length}; front and turned refused ${refusedDressable} of ${dressable.length}; back and side refused ${refusedOther} of ${rows.length - dressable.length}`,
  );
  console.log(`| bar | share of rendered try-ons |\n| --- | ---: |`);
  console.log(`| inner torso (thighs for lower garments) >= 80% covered | ${share(passes.cover)} |`);
  console.log(
    `| garment's top edge within 5% of stature of the judge's shoulders (hips) | ${share(passes.shoulder)} |`,
  );
  console.log(
    `| sleeves cover >= 80% of the upper arm (and forearm for long sleeves) | ${share(passes.sleeves)} |`,
  );
  console.log(`| face untouched (<= 2% of its box changed) | ${share(passes.face)} |`);
  const times = rendered.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `Render time (through the engine's worker): median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(0)} ms`,
  );
}

function printLooks(rows: LookRow[]): void {
  console.log('\n| look | ms | refused | to shopper | to model | identity | rim | hair | clean |');
  console.log('| --- | ---: | --- | ---: | ---: | --- | ---: | ---: | --- |');
  const f = (v: number | null): string => (v === null ? '-' : v.toFixed(2));
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.ms.toFixed(0)} | ${r.refused ?? ''} | ${f(r.toShopper)} | ${f(r.toModel)} | ${r.identity ? 'yes' : 'no'} | ${f(r.rim)} | ${f(r.hair)} | ${r.clean ? 'yes' : 'no'} |`,
    );
  }
  const done = rows.filter((r) => !r.refused);
  const share = (n: number): string => `${((100 * n) / Math.max(1, done.length)).toFixed(0)}%`;
  console.log(
    `\nLooks: ${rows.length}, rendered ${done.length}; identity ${share(done.filter((r) => r.identity).length)}; nearer the shopper than the model ${share(done.filter((r) => (r.toShopper ?? 0) > (r.toModel ?? 1)).length)}; clean face ${share(done.filter((r) => r.clean).length)}`,
  );
}
