import type { FastifyInstance } from 'fastify';
import type { StatsService } from '../modules/stats/stats.service.ts';

/**
 * The `client` statistic (spec §3: any shopper action): every successful POST a shopper makes with a public
 * key (uploads, try-ons, looks, likes, removals). Reads are not actions: a page polling a render would count
 * dozens of times.
 */
export function recordShopperActions(app: FastifyInstance, stats: StatsService): void {
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (request.method !== 'POST' || reply.statusCode >= 400 || auth?.kind !== 'public' || !auth.clientUuid)
      return;
    await stats
      .record(auth.shopSuid, 'client', auth.clientUuid)
      .catch((err: unknown) => request.log.warn({ err }, 'could not record a shopper action'));
  });
}
