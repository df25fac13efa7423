import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';

export function webhookRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { webhooks } = services;
  const r = routes.webhooks;

  registerRoute(app, r.list, async ({ auth }) => ({
    items: await webhooks.list(auth.shopSuid),
    nextOffset: null,
  }));
  registerRoute(app, r.add, ({ auth, query }) => webhooks.add(auth.shopSuid, query));
  registerRoute(app, r.update, ({ auth, query: { id, ...changes } }) =>
    webhooks.update(auth.shopSuid, id, changes),
  );
  registerRoute(app, r.roll, ({ auth, query }) => webhooks.roll(auth.shopSuid, query.id));
  registerRoute(app, r.remove, async ({ auth, query }) => {
    await webhooks.remove(auth.shopSuid, query.id);
    return { ok: true as const };
  });
  registerRoute(app, r.deliveries, ({ auth, query }) =>
    webhooks.deliveries(auth.shopSuid, query.id, query.offset, query.limit),
  );
  registerRoute(app, r.resend, ({ auth, query }) => webhooks.resend(auth.shopSuid, query.delivery));
  registerRoute(app, r.test, ({ auth, query }) => webhooks.sendTest(auth.shopSuid, query.id));
  registerRoute(app, r.oneOffSecret, async ({ auth }) => ({
    secret: await webhooks.rollOneOffSecret(auth.shopSuid),
  }));
}
