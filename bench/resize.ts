import sharp from 'sharp';
import { makeDerivative } from '../apps/server/src/lib/images/index.ts';
import { median, timeRuns } from './lib.ts';
import { photoLike } from './photo.ts';

/**
 * The first resize of a 2-megapixel JPEG into each thumbnail size, as the image route does on a cache miss
 * (the stored original is WebP, so the bench re-encodes the JPEG as intake does first). Baseline: a bare sharp
 * resize of the same original to 384 px wide.
 */
const runs = Number(process.env.RUNS ?? 25);
const jpeg = await photoLike(1600, 1250);
const original = await sharp(jpeg).webp({ quality: 90 }).toBuffer();

const time = (fn: () => Promise<unknown>) => timeRuns(runs, fn);

const baseline = median(await time(() => sharp(original).resize({ width: 384 }).webp().toBuffer()));
console.log(`Original: 1600x1250 (2.0 MP), WebP ${original.length} bytes; ${runs} runs each, median ms`);
console.log('| resize | median ms | ratio to bare sharp resize |');
console.log('| --- | ---: | ---: |');
console.log(`| bare sharp resize to 384 wide (baseline) | ${baseline.toFixed(1)} | 1.00 |`);
for (const size of [{ width: 64 }, { width: 384 }, { width: 384, height: 384 }]) {
  const ms = median(await time(() => makeDerivative(original, size)));
  console.log(
    `| makeDerivative ${JSON.stringify(size)} | ${ms.toFixed(1)} | ${(ms / baseline).toFixed(2)} |`,
  );
}
