import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import cors from '@fastify/cors';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';
import type { Runtime } from '../runtime.ts';
import { redisWithLocalFallback } from './rate-limit-store.ts';

/** A rate-limit count Redis has not answered in this long is counted in the process instead. */
const COMMAND_TIMEOUT_MS = 500;

/** @fastify/rate-limit's own Redis store (the counting script), wrapped with the fallback. */
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;

export async function registerSecurity(app: FastifyInstance, { config, services }: Runtime): Promise<void> {
  const https = config.PUBLIC_URL.startsWith('https:');
  const securityHeaders = helmetHeaders({
    // The API serves JSON and images to other sites' pages; the pages it serves set their own policy.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: https ? [] : null } },
    strictTransportSecurity: https,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(cors, {
    origin: (origin, callback) => {
      if (!origin) return callback(null, false);
      services.corsOrigins.allows(origin).then(
        (allowed) => callback(null, allowed),
        (error: Error) => callback(error, false),
      );
    },
    methods: ['GET', 'POST'],
    allowedHeaders: [
      'tokenapi',
      'clientuuid',
      'hostreferer',
      'content-type',
      'idempotency-key',
      'x-request-id',
    ],
    // Browsers let a page read only the headers listed here: the request id, the limits, when to try again.
    exposedHeaders: [
      'x-request-id',
      'ratelimit',
      'ratelimit-policy',
      'ratelimit-limit',
      'ratelimit-remaining',
      'ratelimit-reset',
      'retry-after',
    ],
    maxAge: 600,
  });
  const redis = config.REDIS_URL ? await rateLimitRedis(app, config.REDIS_URL) : undefined;
  let local = false;
  const store = redis
    ? redisWithLocalFallback(new RedisStore(false, false, redis, `${config.REDIS_PREFIX}:rl:`), (err) => {
        if (local) return;
        local = true;
        app.log.warn(
          { err },
          'Redis unreachable: rate limits counted by each process on its own until it is back',
        );
      })
    : undefined;
  redis?.on('ready', () => {
    if (local) app.log.info('Redis reachable again: rate limits counted in Redis');
    local = false;
  });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    enableDraftSpec: true,
    // Deployments sharing a Redis keep their counters apart (the prefix), as their queues. While Redis is
    // away each process counts on its own (rate-limit-store.ts); should that fail too, requests pass.
    ...(store ? { store } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const limit = reply.getHeader('ratelimit-limit');
    if (limit !== undefined) {
      reply.header('ratelimit-policy', `"minute";q=${limit};w=60`);
      reply.header(
        'ratelimit',
        `"minute";r=${reply.getHeader('ratelimit-remaining')};t=${reply.getHeader('ratelimit-reset')}`,
      );
    }
    done(null, payload);
  });
}

/**
 * Helmet's headers, worked out once: with no nonces and no per-route options they are the same for every answer,
 * and building helmet's middleware per request (as its Fastify plugin does) cost a few percent of a list call.
 */
function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The rate limiter's connection. Offline, commands fail at once (no queue of waiting requests), and a command
 * Redis does not answer fails after COMMAND_TIMEOUT_MS; the limiter then counts in the process. An outage is
 * logged when it starts and when it ends, not at every retry.
 */
async function rateLimitRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    lazyConnect: true,
  });
  // Reported by the store when a count falls back (the client's own errors repeat at every reconnect).
  redis.on('error', () => undefined);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // Start-up checked Redis a moment ago; if it went since, the client keeps reconnecting in the background.
  await redis.connect().catch(() => undefined);
  return redis;
}
