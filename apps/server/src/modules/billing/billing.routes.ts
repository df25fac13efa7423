import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';

export function billingRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { plans, shops } = services;

  registerRoute(app, routes.billing.get, ({ auth }) => plans.billing(auth.shopSuid));

  registerRoute(app, routes.billing.changePlan, async ({ auth, query }) => {
    await shops.require(query.shop_uid);
    return plans.changePlan(query.shop_uid, query.tariff, { uid: auth.userUid, via: 'api' });
  });
}
