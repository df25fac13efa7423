import { type RouteResponse, routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import type { CatalogKind } from '../../db/schema.ts';
import { registerImageRoute } from '../../lib/image-route.ts';
import { parseFields, readMultipart } from '../../lib/read-multipart.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';

export function catalogRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { catalog, storage, hotImages } = services;

  for (const kind of ['garment', 'model'] as const satisfies readonly CatalogKind[]) {
    const defs = kind === 'garment' ? routes.garments : routes.models;
    const present = (row: Parameters<typeof catalog.present>[1]) =>
      kind === 'garment' ? catalog.present('garment', row) : catalog.present('model', row);
    const idOf = (params: Record<string, string>) => (kind === 'garment' ? params.guid : params.muid) ?? '';

    registerRoute(app, defs.add, async ({ auth, request }) => {
      const upload = await readMultipart(request);
      const fields = parseFields(defs.add.query, { ...upload.fields, ...(request.query as object) });
      // The image is the part named `file`, or else the one file part there is.
      const file = upload.files.get('file') ?? upload.files.values().next().value;
      return present(await catalog.addUpload(auth, kind, fields, file));
    });

    registerRoute(app, defs.addUrl, async ({ auth, query, reply }) => {
      const urls: { garment_url?: string; model_image_url?: string; model_url?: string } = query;
      const imageUrl = urls.garment_url ?? urls.model_image_url ?? urls.model_url;
      const { row, created } = await catalog.getOrAddFromUrl(auth, kind, query, imageUrl);
      reply.code(created ? 201 : 200);
      return present(row);
    });

    registerRoute(
      app,
      defs.list,
      async ({ auth, query }) => {
        const { items, ...page } = await catalog.list(auth, kind, query);
        // One loop serves both kinds, so TypeScript sees a list of either kind; `present` makes this kind's.
        return { items: items.map(present), ...page } as RouteResponse<typeof defs.list>;
      },
      { compiledResponse: true },
    );

    registerRoute(app, defs.get, async ({ auth, params }) =>
      present(await catalog.get(auth, kind, idOf(params))),
    );

    registerRoute(app, defs.update, async ({ auth, params, query }) =>
      present(await catalog.update(auth, kind, idOf(params), query)),
    );

    registerRoute(app, defs.updateImage, async ({ auth, params, request }) => {
      const upload = await readMultipart(request);
      const file = upload.files.get('file') ?? upload.files.values().next().value;
      return present(await catalog.replaceImage(auth, kind, idOf(params), file));
    });

    registerRoute(app, defs.bulkRemove, ({ auth, query }) =>
      catalog.bulkRemove(auth, kind, query.ids.split(',')),
    );

    registerRoute(app, defs.remove, async ({ auth, params }) => {
      await catalog.remove(auth, kind, idOf(params));
      return { ok: true as const };
    });

    registerRoute(app, defs.like, async ({ auth, params }) =>
      present(await catalog.setLiked(auth, kind, idOf(params), true)),
    );
    registerRoute(app, defs.unlike, async ({ auth, params }) =>
      present(await catalog.setLiked(auth, kind, idOf(params), false)),
    );

    if (kind === 'garment') {
      registerRoute(app, routes.garments.bulkUpdate, ({ auth, query }) =>
        catalog.bulkSetCategory(auth, query.ids.split(','), query.category),
      );
    }

    registerImageRoute(app, {
      route: kind,
      storage,
      hot: hotImages,
      links: services.imageLinks,
      find: (id) => catalog.imageSource(kind, id),
    });
  }
}
