import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogKind } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { derivativeKeyFor, makeDerivative } from '../../lib/images/index.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import type { CatalogImages } from './catalog-images.ts';

const size = z.coerce.number<number | string>().int().min(1).max(4096).optional();

export const imageQuerySchema = z.object({
  width: size.describe('64 or 384; with height=384 a square card; neither: full size'),
  height: size,
  v: z.string().max(40).optional().describe('Image version, from the signed link'),
  exp: z.coerce.number<number | string>().int().optional().describe('Expiry of a signed link (Unix seconds)'),
  sig: z.string().max(64).optional().describe('Signature of a signed link'),
});

/**
 * GET /v1/{garment|model}/image/{id}: an image made once per size, then served from storage. Access with the
 * signed link the API returns (for <img>), or with a tokenapi key of the item's shop.
 */
export function registerImageRoute(
  app: FastifyInstance,
  kind: CatalogKind,
  deps: { items: CatalogRepository; images: CatalogImages },
): void {
  const making = new Map<string, Promise<Buffer>>();

  async function derivative(
    storageKey: string,
    originalKey: string,
    requested: { width?: number; height?: number },
  ) {
    const stored = await deps.images.storage.get(storageKey);
    if (stored) return stored.bytes;
    // One resize per size even when many first requests arrive together.
    let pending = making.get(storageKey);
    if (!pending) {
      pending = (async () => {
        const made = await makeDerivative(await deps.images.original(originalKey), requested);
        await deps.images.storage.put(storageKey, made.bytes, made.contentType);
        return made.bytes;
      })().finally(() => making.delete(storageKey));
      making.set(storageKey, pending);
    }
    return pending;
  }

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `/v1/${kind}/image/:id`,
    schema: {
      tags: [kind === 'garment' ? 'Garments' : 'Models'],
      summary: `The ${kind} image (image/webp), at an allowed size`,
      params: z.object({ id: z.string().min(1).max(100) }),
      querystring: imageQuerySchema,
      security: [{ tokenapi: [] }, {}],
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = request.params as { id: string };
      const query = request.query as z.output<typeof imageQuerySchema>;
      const requested = {
        ...(query.width !== undefined ? { width: query.width } : {}),
        ...(query.height !== undefined ? { height: query.height } : {}),
      };
      const name = derivativeKeyFor(requested);
      if (name === null) {
        throw new AppError(
          'VALIDATION_ERROR',
          'Image sizes: width=64, width=384, width=384&height=384, or none.',
        );
      }
      const signed =
        query.sig !== undefined &&
        query.exp !== undefined &&
        app.imageLinks.verify(kind, id, query.v ?? '', query.exp, query.sig);
      const send = (bytes: Buffer, version: string) => {
        const etag = `"${id}-${version}-${name}"`;
        reply
          .header('etag', etag)
          .header('cache-control', signed ? 'private, max-age=3600' : 'private, no-cache')
          .header('content-type', 'image/webp');
        return request.headers['if-none-match'] === etag ? reply.code(304).send() : reply.send(bytes);
      };
      // A signed link names the version it was made for, so its bytes can be served without a database read.
      const hotKey = `${kind}/${id}/${query.v ?? ''}/${name}`;
      const hot = signed ? deps.images.hot.get(hotKey) : undefined;
      if (hot) return send(hot, query.v ?? '');

      const row = await deps.items.findAnyShop(kind, id);
      if (!row) throw new AppError('IMAGE_NOT_FOUND');
      const version = deps.images.versionOf(row.image_key);
      if (!signed) {
        const auth = await app.authenticate(request, 'shopper');
        if (auth?.shopSuid !== row.shop_suid) throw new AppError('IMAGE_NOT_FOUND');
      }
      const bytes =
        name === 'full'
          ? await deps.images.original(row.image_key)
          : await derivative(
              `${row.image_key.replace(/original-[^/]+$/, '')}${name}-${version}.webp`,
              row.image_key,
              requested,
            );
      if (signed && version === query.v) deps.images.hot.set(hotKey, bytes);
      return send(bytes, version);
    },
  });
}
