import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { Access } from '@tryon/contract';
import type { RenderEngine } from '@tryon/engine';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { connectDatabase, type Db } from './db/connect.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { ImageLinks } from './lib/image-links.ts';
import type { Mailer } from './lib/mailer.ts';
import type { MediaStorage } from './lib/storage/index.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { faceRoutes } from './modules/faces/faces.routes.ts';
import { keyRoutes } from './modules/keys/keys.routes.ts';
import { engineFromConfig } from './modules/renders/engine-from-config.ts';
import { startBullProducer, startInProcessRendering } from './modules/renders/render-runtime.ts';
import { renderRoutes } from './modules/renders/renders.routes.ts';
import { startRetentionSweep } from './modules/renders/retention.ts';
import { simpleRoutes } from './modules/renders/simple.routes.ts';
import { shopRoutes } from './modules/shops/shops.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { type Auth, createAuthenticator } from './plugins/authenticate.ts';
import { registerDocs } from './plugins/docs.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { CorsOrigins, registerSecurity } from './plugins/security.ts';
import { registerShopPageGuard } from './plugins/shop-page-guard.ts';
import { recordShopperActions } from './plugins/shopper-activity.ts';
import { registerWebApps } from './plugins/web-apps.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    db: Db;
    services: Services;
    corsOrigins: CorsOrigins;
    imageLinks: ImageLinks;
    authenticate(request: FastifyRequest, access: Access): Promise<Auth | null>;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

const MEDIA_SWEEP_MS = 5 * 60_000;

/** Cleans up after adds that died half-way and removals whose files could not be deleted at once. */
function startMediaSweep(app: FastifyInstance): void {
  const sweep = () =>
    app.services.media
      .sweep()
      .catch((err: unknown) => app.log.warn({ err }, 'media sweep failed; will retry'));
  const timer = setInterval(sweep, MEDIA_SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(timer));
}

export interface AppOptions {
  config: Config;
  clock?: Clock;
  /** A logger, or false for none; defaults to JSON logs at LOG_LEVEL. */
  logger?: FastifyBaseLogger | boolean;
  mailer?: Mailer;
  /** Media storage; defaults to STORAGE_URL or DATA_DIR/media. */
  storage?: MediaStorage;
  /** Render engine; defaults to the one ENGINE names. */
  engine?: RenderEngine;
  /**
   * Embedded mode: whether this process runs render jobs (default true); false only queues them. With
   * REDIS_URL the API only queues, and worker processes run them.
   */
  renderJobs?: boolean;
}

/** Builds the server: infrastructure first, then the feature routes. Migrations run before it answers. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    ...(typeof options.logger === 'object'
      ? { loggerInstance: options.logger }
      : {
          logger:
            options.logger === false ? false : { level: config.LOG_LEVEL, redact: ['req.headers.tokenapi'] },
        }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const db = await connectDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
  });
  app.addHook('onClose', async () => {
    await db.db.destroy();
  });
  await migrateToLatest(db);

  const services = createServices({
    config,
    db: db.db,
    clock,
    log: app.log,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
  });
  app.addHook('onClose', async () => {
    services.mailer.close();
    await services.storage.close();
  });
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('db', db);
  app.decorate('services', services);
  app.decorate('imageLinks', services.imageLinks);
  app.decorate(
    'corsOrigins',
    new CorsOrigins(services.keysRepository, [new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS]),
  );
  app.decorate(
    'authenticate',
    createAuthenticator({
      keys: services.keysRepository,
      secrets: services.secrets,
      clock,
      publicUrl: config.PUBLIC_URL,
    }),
  );
  app.decorateRequest('auth', null);

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 30 } });
  await registerSecurity(app);
  await registerDocs(app);
  recordShopperActions(app);

  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(keyRoutes);
  await app.register(shopRoutes);
  await app.register(billingRoutes);
  await app.register(statsRoutes);
  await app.register(catalogRoutes);
  await app.register(faceRoutes);
  await app.register(renderRoutes);
  await app.register(simpleRoutes);
  if (config.REDIS_URL) {
    services.renders.useQueue(startBullProducer(app));
  } else if (options.renderJobs !== false) {
    services.renders.useQueue(startInProcessRendering(app, options.engine ?? engineFromConfig(config)));
  }
  startMediaSweep(app);
  startRetentionSweep(app);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  registerShopPageGuard(app);
  await registerWebApps(app);
  return app;
}
