import { importCsvColumns, routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import type { CatalogImportsTable } from '../../db/schema.ts';
import { parseFields, readMultipart } from '../../lib/read-multipart.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';
import { csvTemplate } from './csv-source.ts';

export function importRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { imports } = services;
  const r = routes.imports;
  const page = async (list: CatalogImportsTable[], limit: number, offset: number) => ({
    items: await imports.presentAll(list),
    nextOffset: list.length === limit ? offset + limit : null,
  });

  registerRoute(app, r.csv, async ({ auth, request }) => {
    const upload = await readMultipart(request, 1, 'IMPORT_FILE_TOO_LARGE');
    const fields = parseFields(r.csv.query, { ...upload.fields, ...(request.query as object) });
    const file = upload.files.get('file') ?? upload.files.values().next().value;
    const options = { removeMissing: fields.removeMissing === '1' };
    return imports.presentOne(await imports.startCsv(auth, fields.kind, file, options));
  });
  registerRoute(app, r.url, async ({ auth, query }) =>
    imports.presentOne(
      await imports.startUrl(auth, query.kind, query.source, query.url, {
        removeMissing: query.removeMissing === '1',
        daily: query.daily === '1',
      }),
    ),
  );
  registerRoute(app, r.daily, async ({ auth, params, query }) =>
    imports.presentOne(
      await imports.setDaily(auth, params.iuid, query.on === '1', {
        removeMissing: query.removeMissing === '1',
      }),
    ),
  );
  registerRoute(app, r.list, async ({ auth, query }) =>
    page(await imports.list(auth, query), query.limit, query.offset),
  );
  registerRoute(app, r.adminList, async ({ auth, query }) =>
    page(await imports.list(auth, query, true), query.limit, query.offset),
  );
  registerRoute(app, r.adminReport, async ({ auth, params, query }) => ({
    items: await imports.report(auth, params.iuid, query.failedOnly === '1', true),
  }));
  registerRoute(app, r.template, async () => ({ columns: [...importCsvColumns], csv: csvTemplate() }));
  registerRoute(app, r.get, async ({ auth, params }) =>
    imports.presentOne(await imports.get(auth, params.iuid)),
  );
  registerRoute(app, r.cancel, async ({ auth, params }) =>
    imports.presentOne(await imports.cancel(auth, params.iuid)),
  );
  registerRoute(app, r.report, async ({ auth, params, query }) => ({
    items: await imports.report(auth, params.iuid, query.failedOnly === '1'),
  }));
}
