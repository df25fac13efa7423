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
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: 'tryon-rl:' } : {}),
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
