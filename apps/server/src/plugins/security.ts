import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';
import type { Runtime } from '../runtime.ts';

export async function registerSecurity(app: FastifyInstance, { config, services }: Runtime): Promise<void> {
  const https = config.PUBLIC_URL.startsWith('https:');
  await app.register(helmet, {
    // The API serves JSON and images to other sites' pages; the pages it serves set their own policy.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: https ? [] : null } },
    strictTransportSecurity: https,
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
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    enableDraftSpec: true,
    // Deployments sharing a Redis keep their counters apart, as their queues.
    ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}:rl:` } : {}),
    // Redis down: requests pass uncounted rather than fail, so reads and /healthz keep working.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
  app.addHook('onSend', async (_request, reply) => {
    const limit = reply.getHeader('ratelimit-limit');
    if (limit === undefined) return;
    reply.header('ratelimit-policy', `"minute";q=${limit};w=60`);
    reply.header(
      'ratelimit',
      `"minute";r=${reply.getHeader('ratelimit-remaining')};t=${reply.getHeader('ratelimit-reset')}`,
    );
  });
}

/**
 * The rate limiter's connection. Offline, commands fail at once (no queue of waiting requests); the limiter
 * then lets requests through. An outage is logged when it starts and when it ends, not at every retry.
 */
async function rateLimitRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    lazyConnect: true,
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    app.log.warn({ err }, 'Redis unreachable: rate limits are not counted until it is back');
  });
  redis.on('ready', () => {
    if (down) app.log.info('Redis reachable again: rate limits counted');
    down = false;
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // Start-up checked Redis a moment ago; if it went since, the client keeps reconnecting in the background.
  await redis.connect().catch(() => undefined);
  return redis;
}
