import { routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { registerImageRoute } from '../../lib/image-route.ts';
import { readMultipart } from '../../lib/read-multipart.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';

export function faceRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { faces, renderPresenter: present, storage, hotImages } = services;

  registerRoute(app, routes.faces.list, async ({ auth, query }) => {
    const page = await faces.list(auth, query.offset, query.limit);
    return { items: page.items.map((row) => present.face(row)), nextOffset: page.nextOffset };
  });

  registerRoute(app, routes.faces.add, async ({ auth, query, request }) => {
    const upload = await readMultipart(request);
    // The shopper pages send the part `file` named camera-image.jpg; any single file part is accepted.
    const file = upload.files.get('file') ?? upload.files.values().next().value;
    return present.face(await faces.add(auth, file, query.consent));
  });

  registerRoute(app, routes.faces.remove, async ({ auth, params }) => {
    await faces.remove(auth, params.fuid);
    return { ok: true as const };
  });

  registerRoute(app, routes.faces.removeAll, async ({ auth }) => ({
    ok: true as const,
    ...(await faces.removeAllOf(auth)),
  }));

  registerImageRoute(app, {
    route: 'face',
    storage,
    hot: hotImages,
    links: services.imageLinks,
    find: (id) => faces.imageSource(id),
  });
}
