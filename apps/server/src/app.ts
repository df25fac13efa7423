import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { Access } from '@tryon/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { faceRoutes } from './modules/faces/faces.routes.ts';
import { importRoutes } from './modules/imports/imports.routes.ts';
import { keyRoutes } from './modules/keys/keys.routes.ts';
import { renderRoutes } from './modules/renders/renders.routes.ts';
import { shopLinkRoutes } from './modules/shops/shop-links.ts';
import { shopRoutes } from './modules/shops/shops.routes.ts';
import { simpleRoutes } from './modules/simple/simple.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { type Auth, createAuthenticator } from './plugins/authenticate.ts';
import { answerClientError } from './plugins/client-errors.ts';
import { registerDocs } from './plugins/docs.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { requestIdOf, sendRequestIds } from './plugins/request-id.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSharePreview } from './plugins/share-preview.ts';
import { registerShopPageGuard } from './plugins/shop-page-guard.ts';
import { recordShopperActions } from './plugins/shopper-activity.ts';
import { defaultWebApps, registerWebApps } from './plugins/web-apps.ts';
import { createRuntime, type Runtime, type RuntimeOptions } from './runtime.ts';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest, access: Access): Promise<Auth | null>;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/**
 * HTTP over a runtime: error handling, body parsers, security, docs, the feature routes, then the web apps.
 * The app starts the runtime's background work when it is ready and closes the runtime with itself.
 */
export async function buildHttpApp(runtime: Runtime): Promise<FastifyInstance> {
  const { config, services } = runtime;
  const app = Fastify({
    loggerInstance: runtime.log,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    requestIdHeader: false,
    genReqId: requestIdOf,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  sendRequestIds(app);
  app.addHook('onReady', () => runtime.start());
  app.addHook('onClose', () => runtime.close());

  app.decorate(
    'authenticate',
    createAuthenticator({
      keys: services.keysRepository,
      secrets: services.secrets,
      clock: runtime.clock,
      publicUrl: config.PUBLIC_URL,
      usage: services.keyUsage,
    }),
  );
  app.decorateRequest('auth', null);

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 30 } });
  await registerSecurity(app, runtime);
  await registerDocs(app, config);
  recordShopperActions(app, services.stats);

  for (const routes of [
    authRoutes,
    userRoutes,
    keyRoutes,
    auditRoutes,
    shopRoutes,
    shopLinkRoutes,
    billingRoutes,
    statsRoutes,
    catalogRoutes,
    faceRoutes,
    renderRoutes,
    simpleRoutes,
    webhookRoutes,
    importRoutes,
  ]) {
    routes(app, runtime);
  }
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  registerShopPageGuard(app, runtime);
  await registerWebApps(app, config, defaultWebApps(), (sendPage) =>
    registerSharePreview(app, runtime, sendPage),
  );
  return app;
}

/** A hop count trusts the socket's peer and the hops before it up to the count (as Fastify does for numbers). */
const trustedProxies = (setting: Config['TRUST_PROXY']) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** A runtime and HTTP over it, as the API process (`npm start`) runs them. */
export async function buildApp(options: RuntimeOptions): Promise<FastifyInstance> {
  return buildHttpApp(await createRuntime(options));
}
