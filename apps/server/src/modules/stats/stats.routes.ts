import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';

export function statsRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { stats, shops } = services;

  registerRoute(app, routes.stats.get, async ({ auth, query }) => {
    const suid = query.shop_uid ?? auth.shopSuid;
    if (suid !== auth.shopSuid) {
      if (!auth.isAdmin) throw new AppError('ADMIN_ONLY');
      await shops.require(suid);
    }
    return stats.series(suid, query.days);
  });
}
