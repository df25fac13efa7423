import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { findTariff } from '../billing/plan.service.ts';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const { shops, users } = app.services;

  registerRoute(app, routes.user.profile, async ({ auth }) => {
    const shop = await shops.require(auth.shopSuid);
    const user = await users.findByUid(auth.userUid);
    return {
      name: shop.name,
      mail: user?.email ?? shop.email,
      suid: shop.suid,
      uid: auth.userUid,
      apiKey: auth.apiKey,
      isAdmin: auth.isAdmin,
      tryonBalance: shop.tryon_balance,
      tariff: findTariff(shop.tariff).id,
      logo: shop.logo,
      url: shop.url,
      disabled: shop.disabled === 1,
      limitDailyGarment: shop.limit_garment_daily,
      limitDailyPerClientPerson: shop.limit_person_daily_per_client,
      limitDailyPerClientTryon: shop.limit_tryon_daily_per_client,
      limitDailyPerson: shop.limit_person_daily,
      limitDailySearch: shop.limit_search_daily,
      limitDailyTryon: shop.limit_tryon_daily,
    };
  });
}
