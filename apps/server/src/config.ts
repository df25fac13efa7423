import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseStorageUrl } from './lib/storage/index.ts';

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const IP_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]+)(\/\d{1,3})?$/;

/**
 * Which proxies' `X-Forwarded-For` is believed: none (`0`), the last N hops (a count), or the listed addresses
 * and networks. `true` (every hop) is refused: a client would name its own address and dodge per-address limits.
 */
const trustProxy = z
  .string()
  .default('0')
  .transform((v, ctx): false | number | string[] => {
    const value = v.trim();
    if (value === '0' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (value !== 'true' && list.length > 0 && list.every((s) => IP_OR_CIDR.test(s))) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'the number of proxies in front (for example 1) or their addresses (10.0.0.0/8,192.168.1.5); ' +
        '`true` would trust addresses the client makes up',
    });
    return z.NEVER;
  });

/** Every setting of the server. docs/configuration.md describes each one; keep the two in step. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL; leave it unset for the embedded SQLite file')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a plain lower-case PostgreSQL schema name')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  APP_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)')
    .optional(),
  STORAGE_URL: z
    .string()
    .regex(
      /^s3:\/\//,
      'must be an s3:// URL (see docs/configuration.md); leave it unset for files in DATA_DIR/media',
    )
    .optional(),
  URL_IMPORT_ALLOW_PRIVATE: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(5000),
  IMPORT_LEASE_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  IMPORT_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Try-on <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  ADMIN_EMAILS: list,
  CORS_ORIGINS: list,
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, 'letters, digits, dot, dash or underscore')
    .default('tryon'),
  TRUST_PROXY: trustProxy,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  RATE_LIMIT_SIGNIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  ENGINE: z.enum(['builtin', 'fashn']).default('builtin'),
  ENGINE_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  FASHN_API_URL: z.url().default('https://api.fashn.ai'),
  FASHN_API_KEY: z.string().min(1).optional(),
  FASHN_MODEL_NAME: z.string().min(1).optional(),
  PERSON_CHECK: z.enum(['on', 'off']).default('on'),
  PERSON_CHECK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(8),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  RENDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  RENDER_LEASE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  HOT_IMAGE_CACHE_MB: z.coerce.number().int().min(1).max(65536).default(64),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce.number().min(0.001).max(60).default(3),
  RETENTION_DAYS: z.coerce.number().min(0.001).max(3650).default(30),
  AUDIT_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(365),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'APP_SECRET' | 'PUBLIC_URL'> & {
  APP_SECRET: string;
  PUBLIC_URL: string;
};

export class ConfigError extends Error {}

/** Reads and checks the settings; throws ConfigError with one line per bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}\nSee docs/configuration.md.`);
  }
  const c = parsed.data;
  if (c.STORAGE_URL) {
    try {
      parseStorageUrl(c.STORAGE_URL);
    } catch (error) {
      throw new ConfigError(
        `Invalid settings:\n  STORAGE_URL: ${(error as Error).message}\nSee docs/configuration.md.`,
      );
    }
  }
  if (c.ENGINE === 'fashn' && !c.FASHN_API_KEY) {
    throw new ConfigError(
      'Invalid settings:\n  FASHN_API_KEY: required when ENGINE=fashn\nSee docs/configuration.md.',
    );
  }
  const dataDir = path.resolve(c.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...c,
    DATA_DIR: dataDir,
    APP_SECRET: c.APP_SECRET ?? localSecret(dataDir, c.NODE_ENV),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
  };
}

/**
 * Without APP_SECRET, a first run on one machine keeps a generated secret in DATA_DIR so keys survive restarts.
 * Production must set APP_SECRET: several API processes have to share it.
 */
function localSecret(dataDir: string, nodeEnv: string): string {
  if (nodeEnv === 'production') {
    throw new ConfigError(
      'Invalid settings:\n  APP_SECRET: required when NODE_ENV=production\nSee docs/configuration.md.',
    );
  }
  const file = path.join(dataDir, 'app-secret');
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** For process entries: the settings, or the reason they are wrong on stderr and exit code 1. */
export function loadConfigOrExit(check: (config: Config) => void = () => undefined): Config {
  try {
    const config = loadConfig();
    check(config);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
