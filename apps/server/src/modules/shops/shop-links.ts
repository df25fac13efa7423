import { shopperUrls } from '@tryon/web/shopper-urls';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Runtime } from '../../runtime.ts';
import { shopPage } from './shop-page.ts';

const ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Permanent links for printed QR codes: `/v1/link/<suid>/<garment|model>/<code>` redirects (302) to the try-on
 * or look page with the shop's page key of the moment, so switching a public key off, or deleting it, does not
 * break codes already printed. A shop without a public page goes to its public garments or models page, which
 * says so to the shopper.
 */
export function shopLinkRoutes(app: FastifyInstance, { services, config }: Runtime): void {
  app.get<{ Params: { suid: string; kind: string; code: string } }>(
    '/v1/link/:suid/:kind/:code',
    { schema: { hide: true } },
    async (request, reply) => {
      const { suid, kind, code } = request.params;
      if ((kind !== 'garment' && kind !== 'model') || !ID.test(suid) || !ID.test(code))
        throw new AppError('NOT_FOUND');
      const key = await shopPage({ ...services, retentionDays: config.RETENTION_DAYS }, suid).then(
        (page) => page.key,
        () => null,
      );
      const target =
        key === null
          ? kind === 'garment'
            ? shopperUrls.shopGarments(suid)
            : shopperUrls.shopModels(suid)
          : kind === 'garment'
            ? shopperUrls.garmentTryon(code, key)
            : shopperUrls.modelLook(code, key);
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}
