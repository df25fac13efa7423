import { routes } from '@tryon/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RenderKind } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerImageRoute } from '../../lib/image-route.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { renderParts } from './render-paths.ts';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header of a billable call, if any; a malformed one is refused before anything else. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (Array.isArray(value) || !IDEMPOTENCY_KEY.test(value)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return value;
}

export async function renderRoutes(app: FastifyInstance): Promise<void> {
  const { renders, rendersRepository, renderPresenter: present, storage, hotImages } = app.services;
  const tryOn = present.tryOn.bind(present);
  const look = present.look.bind(present);

  registerRoute(app, routes.tryOns.add, async ({ auth, query, request }) =>
    tryOn(await renders.createFromCatalog(auth, { kind: 'tryon', ...query }, idempotencyKeyOf(request))),
  );
  registerRoute(app, routes.tryOns.list, async ({ auth, query }) => {
    const page = await renders.list(auth, 'tryon', query);
    return { items: page.items.map(tryOn), nextOffset: page.nextOffset };
  });
  registerRoute(app, routes.tryOns.get, async ({ auth, params, query }) =>
    tryOn(await renders.get(auth, 'tryon', params.tuid, query.wait)),
  );
  registerRoute(app, routes.tryOns.remove, async ({ auth, params }) => {
    await renders.remove(auth, 'tryon', params.tuid);
    return { ok: true as const };
  });
  registerRoute(app, routes.tryOns.view, async ({ params }) =>
    tryOn(await renders.byToken('tryon', params.t)),
  );

  registerRoute(app, routes.looks.add, async ({ auth, query, request }) =>
    look(await renders.createFromCatalog(auth, { kind: 'look', ...query }, idempotencyKeyOf(request))),
  );
  registerRoute(app, routes.looks.list, async ({ auth, query }) => {
    const page = await renders.list(auth, 'look', query);
    return { items: page.items.map(look), nextOffset: page.nextOffset };
  });
  registerRoute(app, routes.looks.get, async ({ auth, params, query }) =>
    look(await renders.get(auth, 'look', params.luid, query.wait)),
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
  registerRoute(app, routes.looks.view, async ({ params }) => look(await renders.byToken('look', params.l)));

  for (const kind of ['tryon', 'look'] as const satisfies readonly RenderKind[]) {
    registerImageRoute(app, {
      route: kind,
      tag: kind === 'tryon' ? 'Try-ons' : 'Looks',
      storage,
      hot: hotImages,
      parts: renderParts[kind],
      find: async (id, part) => {
        const row = await rendersRepository.findById(id);
        if (!row || row.kind !== kind) return undefined;
        const keys: Record<string, string | null> = {
          garment: row.garment_key,
          person: row.person_key,
          face: row.face_key,
          model: row.model_key,
        };
        const source = { shopSuid: row.shop_suid, clientId: row.client_id };
        if (part === undefined)
          return row.status === 'failed' ? undefined : { ...source, imageKey: row.image_key };
        const imageKey = keys[part] ?? null;
        return imageKey === null ? undefined : { ...source, imageKey };
      },
    });
  }
}
