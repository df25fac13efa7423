import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';

export function keyRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { keys } = services;

  registerRoute(app, routes.keys.account, ({ auth }) => keys.account(auth.shopSuid));

  registerRoute(app, routes.keys.add, async ({ auth, query }) => {
    const entry = await keys.addKey(
      auth.shopSuid,
      query.kind,
      { allowedDomains: query.allowed_domains, name: query.name },
      { uid: auth.userUid, via: 'api' },
    );
    services.corsOrigins.invalidate();
    return entry;
  });

  registerRoute(app, routes.keys.update, async ({ auth, query }) => {
    const entry = await keys.update(auth.shopSuid, query.key, query, { uid: auth.userUid, via: 'api' });
    services.corsOrigins.invalidate();
    return entry;
  });

  registerRoute(app, routes.keys.roll, async ({ auth, query }) => {
    const entry = await keys.roll(auth.shopSuid, query.key, query.grace_hours, {
      uid: auth.userUid,
      via: 'api',
    });
    services.corsOrigins.invalidate();
    return entry;
  });

  registerRoute(app, routes.keys.remove, async ({ auth, query }) => {
    await keys.remove(auth.shopSuid, query.key, { uid: auth.userUid, via: 'api' });
    services.corsOrigins.invalidate();
    return { ok: true as const };
  });
}
