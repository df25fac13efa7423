import { routes } from '@tryon/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RenderKind } from '../../db/schema.ts';
import { registerImageRoute } from '../../lib/image-route.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';
import { idempotencyKeyOf } from './idempotency-key.ts';

/** Aborts when the connection closes before the answer is sent: a waiting get stops waiting for nobody. */
function callerGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}

export function renderRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { renders, renderPresenter: present, storage, hotImages, webhooks } = services;
  const tryOn = present.tryOn.bind(present);
  const look = present.look.bind(present);

  const oneOffWebhook = (url: string | undefined) => (url === undefined ? null : webhooks.checkUrl(url));

  registerRoute(app, routes.tryOns.add, async ({ auth, query: { webhook_url, ...query }, request }) =>
    tryOn(
      await renders.createFromCatalog(
        auth,
        { kind: 'tryon', ...query },
        idempotencyKeyOf(request),
        oneOffWebhook(webhook_url),
      ),
    ),
  );
  registerRoute(app, routes.tryOns.list, async ({ auth, query }) => {
    const page = await renders.list(auth, 'tryon', query);
    return { items: page.items.map(tryOn), nextOffset: page.nextOffset };
  });
  registerRoute(app, routes.tryOns.get, async ({ auth, params, query, reply }) =>
    tryOn(await renders.get(auth, 'tryon', params.tuid, query.wait, callerGone(reply))),
  );
  registerRoute(app, routes.tryOns.remove, async ({ auth, params }) => {
    await renders.remove(auth, 'tryon', params.tuid);
    return { ok: true as const };
  });
  registerRoute(app, routes.tryOns.view, ({ params }) => services.renderShare.tryOn(params.t));

  registerRoute(app, routes.looks.add, async ({ auth, query: { webhook_url, ...query }, request }) =>
    look(
      await renders.createFromCatalog(
        auth,
        { kind: 'look', ...query },
        idempotencyKeyOf(request),
        oneOffWebhook(webhook_url),
      ),
    ),
  );
  registerRoute(app, routes.looks.list, async ({ auth, query }) => {
    const page = await renders.list(auth, 'look', query);
    return { items: page.items.map(look), nextOffset: page.nextOffset };
  });
  registerRoute(app, routes.looks.get, async ({ auth, params, query, reply }) =>
    look(await renders.get(auth, 'look', params.luid, query.wait, callerGone(reply))),
  );
  registerRoute(app, routes.looks.remove, async ({ auth, params }) => {
    await renders.remove(auth, 'look', params.luid);
    return { ok: true as const };
  });
  registerRoute(app, routes.looks.like, async ({ auth, params }) =>
    look(await renders.setLiked(auth, params.luid, true)),
  );
  registerRoute(app, routes.looks.unlike, async ({ auth, params }) =>
    look(await renders.setLiked(auth, params.luid, false)),
  );
  registerRoute(app, routes.looks.view, ({ params }) => services.renderShare.look(params.l));

  for (const kind of ['tryon', 'look'] as const satisfies readonly RenderKind[]) {
    registerImageRoute(app, {
      route: kind,
      storage,
      hot: hotImages,
      links: services.imageLinks,
      find: (id, part) => renders.imageSource(kind, id, part),
    });
  }
}
