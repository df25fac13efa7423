import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';

export function auditRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { audit, shops } = services;

  registerRoute(app, routes.audit.list, async ({ auth, query }) => {
    const wanted = query.shop_uid ?? auth.shopSuid;
    if (wanted !== auth.shopSuid) {
      if (!auth.isAdmin) throw new AppError('ADMIN_ONLY');
      if (wanted !== '*') await shops.require(wanted);
    }
    return audit.list(wanted === '*' ? null : wanted, query.offset, query.limit);
  });
}
