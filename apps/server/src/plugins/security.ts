import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { hostOf, isHostAllowed, parseAllowedDomains } from '../lib/allowed-domains.ts';
import { AppError } from '../lib/app-error.ts';
import type { KeysRepository } from '../modules/keys/keys.repository.ts';

const ORIGIN_CACHE_MS = 10_000;

/** The origins CORS echoes: our own, CORS_ORIGINS, and the allowed domains of live public keys. */
export class CorsOrigins {
  private entries: string[] = [];
  private loadedAt = 0;

  constructor(
    private readonly keys: KeysRepository,
    private readonly fixed: readonly string[],
  ) {}

  invalidate(): void {
    this.loadedAt = 0;
  }

  async allows(origin: string): Promise<boolean> {
    if (this.fixed.includes(origin)) return true;
    if (Date.now() - this.loadedAt > ORIGIN_CACHE_MS) {
      const lists = await this.keys.allPublicDomainLists();
      this.entries = [
        ...new Set(
          lists.flatMap((list) => {
            const parsed = parseAllowedDomains(list);
            return parsed.ok ? parsed.entries : [];
          }),
        ),
      ];
      this.loadedAt = Date.now();
    }
    return isHostAllowed(this.entries, hostOf(origin));
  }
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const https = app.config.PUBLIC_URL.startsWith('https:');
  await app.register(helmet, {
    // The API serves JSON and images to other sites' pages; the pages it serves set their own policy.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: https ? [] : null } },
    strictTransportSecurity: https,
  });
  await app.register(cors, {
    origin: (origin, callback) => {
      if (!origin) return callback(null, false);
      app.corsOrigins.allows(origin).then(
        (allowed) => callback(null, allowed),
        (error: Error) => callback(error, false),
      );
    },
    methods: ['GET', 'POST'],
    allowedHeaders: ['tokenapi', 'clientuuid', 'hostreferer', 'content-type', 'idempotency-key'],
    maxAge: 600,
  });
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: true,
    max: app.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'tryon-rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
}
