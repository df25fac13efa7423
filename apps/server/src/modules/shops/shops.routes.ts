import { routes, type ShopUpdateField, shopUpdateFields } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';
import { publicShop, shopPage } from './shop-page.ts';

export function shopRoutes(app: FastifyInstance, { services, config }: Runtime): void {
  const { shops, stats } = services;

  registerRoute(app, routes.shops.publicInfo, async ({ auth }) => {
    const shop = await shops.require(auth.shopSuid);
    // Every shopper page asks this once as it opens: a page view, not a shopper action.
    if (auth.kind === 'public' && auth.clientUuid) await stats.record(shop.suid, 'view', auth.clientUuid);
    return publicShop(shop, config.RETENTION_DAYS);
  });

  registerRoute(app, routes.shops.page, ({ params }) =>
    shopPage({ ...services, retentionDays: config.RETENTION_DAYS }, params.suid),
  );

  registerRoute(app, routes.shops.update, async ({ auth, query }) => {
    const field = (Object.keys(shopUpdateFields) as ShopUpdateField[]).find(
      (name) => query[name] !== undefined,
    );
    const value = field ? query[field] : undefined;
    if (!field || value === undefined) throw new Error('unreachable: the schema requires one field');
    return shops.updateField(auth, query.shop_uid, field, value);
  });

  registerRoute(app, routes.shops.list, ({ query }) => shops.list(query.query, query.offset, query.limit));

  registerRoute(app, routes.shops.detail, ({ params }) => shops.detail(params.suid));

  registerRoute(app, routes.shops.add, async ({ auth, query }) => {
    const shop = await shops.createShop({
      email: query.email,
      name: query.name,
      allowedDomains: query.allowed_domains,
      actorUid: auth.userUid,
    });
    services.corsOrigins.invalidate();
    return shops.entry(shop);
  });
}
