import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Target: at most 100 KB of gzipped JavaScript for the outfit try-on page. */
export const OUTFIT_JS_BUDGET_BYTES = 100 * 1024;

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Gzipped JavaScript the outfit try-on page (/w/tryon) loads, from Vite's manifest: the entry, the page's chunk
 * and everything they import statically. Other pages and the other languages' catalogues are not counted.
 */
export function outfitBundleSize(distDir: string): { bytes: number; files: string[] } {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no ${manifestPath}: build the shop pages first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const roots = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isEntry || key.endsWith('src/pages/outfit-page.tsx'))
    .map(([key]) => key);
  if (roots.length < 2) throw new Error('the manifest has no outfit page chunk');
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const { bytes, files } = outfitBundleSize(path.resolve(import.meta.dirname, '../dist'));
  const within = bytes <= OUTFIT_JS_BUDGET_BYTES;
  console.log(`outfit page: ${(bytes / 1024).toFixed(1)} KB gzipped JavaScript in ${files.length} files`);
  console.log(`budget ${OUTFIT_JS_BUDGET_BYTES / 1024} KB: ${within ? 'within' : 'OVER'}`);
  if (!within) process.exit(1);
}
