import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.log(
    'server-postgres: skipped, TEST_DATABASE_URL is not set (the server suite runs on SQLite only)',
  );
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
if (!hasChromium) {
  console.log(
    `e2e: skipped, no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );
}

if (!hasChromium) console.log(`e2e-shop: skipped, no Chromium at ${chromiumPath}`);

const serverProject = (name: string, dialect: string) => ({
  test: {
    name,
    include: ['apps/server/**/*.test.ts'],
    env: { TEST_DIALECT: dialect },
    // s3rver, the local S3 of the storage tests, signs listing pages with DES, which OpenSSL 3 keeps here.
    execArgv: ['--openssl-legacy-provider'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/**/*.test.ts'] } },
      { test: { name: 'client', include: ['packages/client/**/*.test.ts'], testTimeout: 20_000 } },
      // Browser code both front ends share (languages, safe storage).
      { test: { name: 'web', include: ['packages/web/**/*.test.ts'] } },
      {
        // Render workers load their models (about 2 s each) once per file, in beforeAll.
        test: {
          name: 'engine',
          include: ['packages/engine/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      serverProject('server-sqlite', 'sqlite'),
      ...(postgres ? [serverProject('server-postgres', 'postgres')] : []),
      {
        test: {
          name: 'dashboard',
          root: 'apps/dashboard',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'shop',
          root: 'apps/shop',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      // The dashboard in Chromium against the real server; one file, so one server and one browser.
      ...(hasChromium
        ? [
            {
              test: {
                name: 'e2e',
                include: ['apps/dashboard/e2e/**/*.e2e.ts'],
                testTimeout: 60_000,
                hookTimeout: 240_000,
                expect: { poll: { timeout: 10_000, interval: 100 } },
              },
            },
            // The shopper pages in Chromium against the real server and engine, framed by another origin.
            {
              test: {
                name: 'e2e-shop',
                include: ['apps/shop/e2e/**/*.e2e.ts'],
                testTimeout: 60_000,
                hookTimeout: 240_000,
                expect: { poll: { timeout: 15_000, interval: 100 } },
              },
            },
          ]
        : []),
    ],
  },
});
