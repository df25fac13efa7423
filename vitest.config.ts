import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.log(
    'server-postgres: skipped, TEST_DATABASE_URL is not set (the server suite runs on SQLite only)',
  );
}

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
      serverProject('server-sqlite', 'sqlite'),
      ...(postgres ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
