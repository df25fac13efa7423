import type { FastifyInstance } from 'fastify';
import type { StatsService } from '../modules/stats/stats.service.ts';

/**
 * The `client` statistic (spec §3: any shopper action): every successful POST a shopper makes with a public
 * key (uploads, try-ons, looks, likes, removals). Reads are not actions: a page polling a render would count
 * dozens of times. Recorded in `onSend`, before the answer leaves: whoever reads the statistics after the answer
 * finds the action counted (in `onResponse` it raced the next request).
 */
export function recordShopperActions(app: FastifyInstance, stats: StatsService): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const auth = request.auth;
    if (request.method !== 'POST' || reply.statusCode >= 400 || auth?.kind !== 'public' || !auth.clientUuid) {
      done(null, payload);
      return;
    }
    stats
      .record(auth.shopSuid, 'client', auth.clientUuid)
      .catch((err: unknown) => request.log.warn({ err }, 'could not record a shopper action'))
      .then(() => done(null, payload));
  });
}
