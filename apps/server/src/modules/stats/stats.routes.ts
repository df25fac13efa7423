import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { Auth } from '../../plugins/authenticate.ts';
import type { Runtime } from '../../runtime.ts';

export function statsRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { stats, statsInsights, shops } = services;

  /** The shop whose statistics are asked for: the caller's own, or any shop for administrators. */
  const shopOf = async (auth: Auth, shopUid: string | undefined): Promise<string> => {
    const suid = shopUid ?? auth.shopSuid;
    if (suid !== auth.shopSuid) {
      if (!auth.isAdmin) throw new AppError('ADMIN_ONLY');
      await shops.require(suid);
    }
    return suid;
  };

  registerRoute(app, routes.stats.get, async ({ auth, query }) =>
    stats.series(await shopOf(auth, query.shop_uid), query.days),
  );

  registerRoute(app, routes.stats.insights, async ({ auth, query }) =>
    statsInsights.insights(await shopOf(auth, query.shop_uid), query.days),
  );
}
