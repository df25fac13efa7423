import { load, printLoads, serve } from './lib.ts';

/**
 * A cached 384x384 garment thumbnail served by the API (signed link, from storage) against a plain static file
 * server sending the same bytes. Target: at least half its throughput.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const api = await serve('thumbnail.ts');
console.log(`thumbnail ${api.info.size}, ${api.info.bytes} bytes`);
const ours = await load('API thumbnail (signed link, local storage)', api.url, { seconds });
await api.stop();

const plain = await serve('static.ts', { FILE: api.info.file ?? '' });
const baseline = await load('plain static file server, same bytes', plain.url, { seconds });
await plain.stop();

printLoads('Cached 384x384 thumbnail vs a static file server (32 connections)', baseline, [ours]);
const ratio = ours.requestsPerSecond / baseline.requestsPerSecond;
console.log(
  ratio >= 0.5 ? '\nTarget met: >= 0.5 of baseline' : `\nMISSED target: ratio ${ratio.toFixed(2)} < 0.5`,
);
