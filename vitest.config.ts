import { existsSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

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

/**
 * Server tests that never open the database (the libraries, settings, the Fastify plugins built without an app)
 * or that pin SQLite themselves (`main.ts` and `cli.ts` as processes, with DATABASE_URL empty): they run the very
 * same way whatever TEST_DIALECT says, so they run once, in the `server` project.
 */
const serverWithoutDatabase = [
  'apps/server/src/lib/{images,storage,url-import}/*.test.ts',
  'apps/server/src/lib/{allowed-domains,hot-images,register-route}.test.ts',
  'apps/server/src/config.test.ts',
  'apps/server/src/cli.test.ts',
  'apps/server/src/main.test.ts',
  'apps/server/src/modules/imports/host-slots.test.ts',
  'apps/server/src/modules/render-jobs/isolated-engine.test.ts',
  'apps/server/src/modules/webhooks/webhook-signature.test.ts',
  'apps/server/src/plugins/web-apps.test.ts',
];

const serverTest = {
  // s3rver, the local S3 of the storage tests, signs listing pages with DES, which OpenSSL 3 keeps here.
  execArgv: ['--openssl-legacy-provider'],
  testTimeout: 20_000,
  hookTimeout: 30_000,
};

/**
 * The tests on a database, once per dialect. Each file builds its own apps on its own SQLite file or PostgreSQL
 * schema, and none mocks a module, so a worker runs file after file with the modules it has loaded (isolate
 * false): importing the server (Fastify, Kysely, BullMQ, the AWS SDK...) cost 3-5 s a file, more than most
 * files' tests. Spies are restored after each file (Vitest does so). A test file that needs vi.mock belongs in
 * the `server` project.
 */
const serverProject = (name: string, dialect: string) => ({
  test: {
    ...serverTest,
    name,
    include: ['apps/server/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...serverWithoutDatabase],
    env: { TEST_DIALECT: dialect },
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores - 1), which ran every file one after another.
    // Most files spend much of their time waiting (Chromium, child processes, network idle, polling), so two
    // files at a time keep both cores busy (measured: docs/architecture.md, Tests).
    maxWorkers: 2,
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
      // Server tests that open no database (or pin SQLite in a child process), each file in its own module graph.
      { test: { ...serverTest, name: 'server', include: serverWithoutDatabase } },
      serverProject('server-sqlite', 'sqlite'),
      // Alongside the others: each file has a schema of its own, and the migrator's introspection reads only its
      // own (db/own-schema-introspector.ts; Kysely's read every schema and failed while another was dropped).
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
