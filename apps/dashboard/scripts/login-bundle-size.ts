import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Spec target: at most 150 KB of gzipped JavaScript before the login screen shows. */
export const LOGIN_JS_BUDGET_BYTES = 150 * 1024;

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Gzipped JavaScript a first visit to /login loads, from Vite's manifest: the entry, the login screen's chunk
 * and everything they import statically. Lazy screens and the other languages are not counted.
 */
export function loginBundleSize(distDir: string): { bytes: number; files: string[] } {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no ${manifestPath}: build the dashboard first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const roots = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isEntry || key.endsWith('features/auth/components/login-screen.tsx'))
    .map(([key]) => key);
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
