import { importCsvColumns, routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { parseFields, readMultipart } from '../../lib/read-multipart.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { Runtime } from '../../runtime.ts';
import { csvTemplate } from './csv-source.ts';

export function importRoutes(app: FastifyInstance, { services }: Runtime): void {
  const { imports } = services;
  const r = routes.imports;
  const page = (list: Parameters<typeof imports.present>[0][], limit: number, offset: number) => ({
    items: list.map((job) => imports.present(job)),
    nextOffset: list.length === limit ? offset + limit : null,
  });

  registerRoute(app, r.csv, async ({ auth, request }) => {
    const upload = await readMultipart(request);
    const fields = parseFields(r.csv.query, { ...upload.fields, ...(request.query as object) });
    const file = upload.files.get('file') ?? upload.files.values().next().value;
    return imports.present(await imports.startCsv(auth, fields.kind, file));
  });
  registerRoute(app, r.url, async ({ auth, query }) =>
    imports.present(await imports.startUrl(auth, query.kind, query.source, query.url)),
  );
  registerRoute(app, r.list, async ({ auth, query }) =>
    page(await imports.list(auth, query), query.limit, query.offset),
  );
  registerRoute(app, r.adminList, async ({ auth, query }) =>
    page(await imports.list(auth, query, true), query.limit, query.offset),
  );
  registerRoute(app, r.template, async () => ({ columns: [...importCsvColumns], csv: csvTemplate() }));
  registerRoute(app, r.get, async ({ auth, params }) =>
    imports.present(await imports.get(auth, params.iuid)),
  );
  registerRoute(app, r.cancel, async ({ auth, params }) =>
    imports.present(await imports.cancel(auth, params.iuid)),
  );
  registerRoute(app, r.report, async ({ auth, params, query }) => ({
    items: await imports.report(auth, params.iuid, query.failedOnly === '1'),
  }));
}
