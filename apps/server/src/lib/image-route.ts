import { type ImageRouteName, imageRoutes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../plugins/authenticate.ts';
import { AppError } from './app-error.ts';
import type { HotImages } from './hot-images.ts';
import type { ImageLinks } from './image-links.ts';
import { derivativeKeyFor, makeDerivative } from './images/index.ts';
import { versionOf } from './storage/atomic-media.ts';
import type { MediaStorage } from './storage/index.ts';

/** Where an image lives and who may see it with a key. */
export interface ImageSource {
  shopSuid: string;
  /** The original's storage key (`.../original-<version>.webp`); null while it is being rendered. */
  imageKey: string | null;
  /** Set for a shopper's own images: a public key sees them only with this clientuuid. */
  clientId?: string | null;
}

export interface ImageRouteOptions {
  /** The contract's image route (`/v1/<route>/image/:id`), also the name signed links are made for. */
  route: ImageRouteName;
  /** The image of an id (and part); undefined when there is none. */
  find(id: string, part: string | undefined): Promise<ImageSource | undefined>;
  storage: MediaStorage;
  /** Hot images of signed links, which need no storage read. */
  hot: HotImages;
  /** Verifies signed links. */
  links: ImageLinks;
}

/** A key may see an image of its own shop; a public key only a shopper's own images. */
function mayView(auth: Auth | null, source: ImageSource): boolean {
  if (auth?.shopSuid !== source.shopSuid) return false;
  if (auth.kind !== 'public' || source.clientId === undefined) return true;
  return source.clientId !== null && source.clientId === auth.clientUuid;
}

/**
 * GET /v1/<route>/image/:id: an image made once per size, then served from storage. Access with the signed
 * link the API returns (for <img>), or with a tokenapi key that may see it.
 */
export function registerImageRoute(app: FastifyInstance, options: ImageRouteOptions): void {
  const making = new Map<string, Promise<Buffer>>();

  async function original(imageKey: string): Promise<Buffer> {
    const stored = await options.storage.get(imageKey);
    if (!stored) throw new AppError('IMAGE_NOT_FOUND');
    return stored.bytes;
  }

  async function derivative(
    storageKey: string,
    originalKey: string,
    requested: { width?: number; height?: number },
  ) {
    const stored = await options.storage.get(storageKey);
    if (stored) return stored.bytes;
    // One resize per size even when many first requests arrive together.
    let pending = making.get(storageKey);
    if (!pending) {
      pending = (async () => {
        const made = await makeDerivative(await original(originalKey), requested);
        await options.storage.put(storageKey, made.bytes, made.contentType);
        return made.bytes;
      })().finally(() => making.delete(storageKey));
      making.set(storageKey, pending);
    }
    return pending;
  }

  const def = imageRoutes[options.route];
  // Registered apart from registerRoute: a signed link needs no key, and the answer is bytes, not JSON.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      tags: [...def.tags],
      summary: def.summary,
      description: def.description,
      params: def.params,
      querystring: def.query,
      security: [{ tokenapi: [] }, {}],
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const query = request.query;
      const part = 'part' in query ? query.part : undefined;
      const requested = {
        ...(query.width !== undefined ? { width: Number(query.width) } : {}),
        ...(query.height !== undefined ? { height: Number(query.height) } : {}),
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
        options.links.verify(options.route, id, query.v ?? '', query.exp, query.sig, part);
      const send = (bytes: Buffer, version: string) => {
        const etag = `"${id}-${part ?? ''}-${version}-${name}"`;
        reply
          .header('etag', etag)
          .header('cache-control', signed ? 'private, max-age=3600' : 'private, no-cache')
          .header('content-type', 'image/webp');
        return request.headers['if-none-match'] === etag ? reply.code(304).send() : reply.send(bytes);
      };
      // A signed link names the version it was made for, so its bytes can be served without a database read.
      const hotKey = `${options.route}/${id}/${part ?? ''}/${query.v ?? ''}/${name}`;
      const hot = signed ? options.hot.get(hotKey) : undefined;
      const auth = signed ? null : await app.authenticate(request, 'shopper');
      // The row decides even on a hit (the cache spares the storage read): an item another process removed
      // or replaced is not served from this process's memory.
      const source = await options.find(id, part);
      if (hot) {
        if (source?.imageKey && versionOf(source.imageKey) === query.v) return send(hot, query.v ?? '');
        options.hot.delete(hotKey);
      }
      // Another shop's or another shopper's image answers as if it did not exist.
      if (!source || (!signed && !mayView(auth, source))) throw new AppError('IMAGE_NOT_FOUND');
      if (source.imageKey === null) throw new AppError('RENDER_PENDING');
      const version = versionOf(source.imageKey);
      const bytes =
        name === 'full'
          ? await original(source.imageKey)
          : await derivative(
              `${source.imageKey.replace(/original-[^/]+$/, '')}${name}-${version}.webp`,
              source.imageKey,
              requested,
            );
      if (signed && part === undefined && version === query.v) options.hot.set(hotKey, bytes);
      return send(bytes, version);
    },
  });
}
