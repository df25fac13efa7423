import type { CatalogImport, ImportReportRow } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

const r = routeTable.imports;
const LIST = { type: 'Import', id: 'LIST' } as const;
/** The history shows the kind's newest imports; older ones stay in the API (`/v1/import/list?offset=`). */
export const IMPORT_HISTORY_SIZE = 20;

export type ImportKind = 'garment' | 'model';
export type UrlSource = 'merchant' | 'shopify';

const flag = (on: boolean) => (on ? '1' : '0');

/** Catalogue imports: started from the dialog, followed by polling the list while one runs. */
export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    importList: build.query<CatalogImport[], ImportKind>({
      query: (kind) => callArgs(r.list, { query: { limit: IMPORT_HISTORY_SIZE, kind } }),
      transformResponse: (page: { items: CatalogImport[] }) => page.items,
      providesTags: [LIST],
    }),
    startCsvImport: build.mutation<CatalogImport, { kind: ImportKind; file: File; removeMissing: boolean }>({
      query: ({ kind, file, removeMissing }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return callArgs(r.csv, { query: { kind, removeMissing: flag(removeMissing) } }, body);
      },
      invalidatesTags: [LIST],
    }),
    startUrlImport: build.mutation<
      CatalogImport,
      { kind: ImportKind; source: UrlSource; url: string; removeMissing: boolean; daily: boolean }
    >({
      query: ({ kind, source, url, removeMissing, daily }) =>
        callArgs(r.url, {
          query: { kind, source, url, removeMissing: flag(removeMissing), daily: flag(daily) },
        }),
      invalidatesTags: [LIST],
    }),
    cancelImport: build.mutation<CatalogImport, string>({
      query: (iuid) => callArgs(r.cancel, { params: { iuid } }),
      invalidatesTags: [LIST],
    }),
    setImportDaily: build.mutation<CatalogImport, { iuid: string; on: boolean; removeMissing: boolean }>({
      query: ({ iuid, on, removeMissing }) =>
        callArgs(r.daily, { params: { iuid }, query: { on: flag(on), removeMissing: flag(removeMissing) } }),
      invalidatesTags: [LIST],
    }),
    importTemplate: build.query<{ columns: string[]; csv: string }, void>({
      query: () => callArgs(r.template, {}),
    }),
    importReport: build.query<ImportReportRow[], string>({
      query: (iuid) => callArgs(r.report, { params: { iuid }, query: { failedOnly: '0' } }),
      transformResponse: (page: { items: ImportReportRow[] }) => page.items,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useImportListQuery,
  useStartCsvImportMutation,
  useStartUrlImportMutation,
  useCancelImportMutation,
  useSetImportDailyMutation,
  useLazyImportTemplateQuery,
  useLazyImportReportQuery,
} = importsApi;
