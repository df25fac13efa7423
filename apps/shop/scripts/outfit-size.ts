import path from 'node:path';
import { pageBundleSize } from '@tryon/web/build/page-bundle-size';

/** Target: at most 100 KB of gzipped JavaScript for the outfit try-on page. */
export const OUTFIT_JS_BUDGET_BYTES = 100 * 1024;

/** Gzipped JavaScript the outfit try-on page (/w/tryon) loads: the entry, the page's chunk and their imports. */
export const outfitBundleSize = (distDir: string) =>
  pageBundleSize(distDir, 'src/pages/outfit-page.tsx', { ownChunk: true });

if (import.meta.url === `file://${process.argv[1]}`) {
  const { bytes, files } = outfitBundleSize(path.resolve(import.meta.dirname, '../dist'));
  const within = bytes <= OUTFIT_JS_BUDGET_BYTES;
  console.log(`outfit page: ${(bytes / 1024).toFixed(1)} KB gzipped JavaScript in ${files.length} files`);
  console.log(`budget ${OUTFIT_JS_BUDGET_BYTES / 1024} KB: ${within ? 'within' : 'OVER'}`);
  if (!within) process.exit(1);
}
