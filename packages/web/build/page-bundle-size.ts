import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Gzipped JavaScript a first visit to one page loads, from Vite's manifest of the build in `distDir`: the entry,
 * the chunk of the page's module (the manifest key ending in `pageModule`) and everything they import statically.
 * Lazy chunks and other languages' catalogues are not counted. With `ownChunk`, the page must have a chunk of
 * its own, so a renamed page fails rather than going uncounted; without, it may be part of the entry.
 */
export function pageBundleSize(
  distDir: string,
  pageModule: string,
  { ownChunk = false } = {},
): { bytes: number; files: string[] } {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no ${manifestPath}: build the app first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const roots = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isEntry || key.endsWith(pageModule))
    .map(([key]) => key);
  if (ownChunk && !roots.some((key) => key.endsWith(pageModule)))
    throw new Error(`the manifest has no ${pageModule} chunk`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  const files = [...seen].map((key) => manifest[key]?.file).filter((f): f is string => !!f?.endsWith('.js'));
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
    0,
  );
  return { bytes, files };
}
