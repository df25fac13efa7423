import { routes } from '@tryon/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CatalogKind } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerImageRoute } from '../../lib/image-route.ts';
import { registerRoute } from '../../lib/register-route.ts';

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Reads a multipart upload: the image part (`file`, or any file part) and the text fields. */
async function readUpload(
  request: FastifyRequest,
): Promise<{ file: Buffer | undefined; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  if (!request.isMultipart()) return { file, fields };
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 30 },
    })) {
      if (part.type === 'file') file = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('VALIDATION_ERROR', 'Send one image file and at most 30 fields.');
    }
    throw new AppError('VALIDATION_ERROR', 'The multipart body could not be read.');
  }
  return { file, fields };
}

function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ');
    throw new AppError('VALIDATION_ERROR', details);
  }
  return parsed.data;
}

export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const { catalog, catalogRepository, catalogImages } = app.services;

  for (const kind of ['garment', 'model'] as const satisfies readonly CatalogKind[]) {
    const defs = kind === 'garment' ? routes.garments : routes.models;
    const present = (row: Parameters<typeof catalog.present>[1]) =>
      kind === 'garment' ? catalog.present('garment', row) : catalog.present('model', row);
    const idOf = (params: Record<string, string>) => (kind === 'garment' ? params.guid : params.muid) ?? '';

    registerRoute(app, defs.add, async ({ auth, request }) => {
      const upload = await readUpload(request);
      const fields = parseFields(defs.add.query, { ...upload.fields, ...(request.query as object) });
      return present(await catalog.addUpload(auth, kind, fields, upload.file));
    });

    registerRoute(app, defs.addUrl, async ({ auth, query, reply }) => {
      const urls: { garment_url?: string; model_image_url?: string; model_url?: string } = query;
      const imageUrl = urls.garment_url ?? urls.model_image_url ?? urls.model_url;
      const { row, created } = await catalog.getOrAddFromUrl(auth, kind, query, imageUrl);
      reply.code(created ? 201 : 200);
      return present(row);
    });

    registerRoute(app, defs.list, async ({ auth, query }) => {
      const page = await catalog.list(auth, kind, query);
      return { items: page.items.map(present), nextOffset: page.nextOffset };
    });

    registerRoute(app, defs.get, async ({ auth, params }) =>
      present(await catalog.get(auth, kind, idOf(params))),
    );

    registerRoute(app, defs.update, async ({ auth, params, query }) =>
      present(await catalog.update(auth, kind, idOf(params), query)),
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

    registerImageRoute(app, {
      route: kind,
      tag: kind === 'garment' ? 'Garments' : 'Models',
      storage: catalogImages.storage,
      hot: catalogImages.hot,
      find: async (id) => {
        const row = await catalogRepository.findAnyShop(kind, id);
        return row && { shopSuid: row.shop_suid, imageKey: row.image_key };
      },
    });
  }
}
