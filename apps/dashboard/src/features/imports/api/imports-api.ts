import type { CatalogImport, ImportReportRow } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

const r = routeTable.imports;
const LIST = { type: 'Import', id: 'LIST' } as const;
/** The history shows the kind's newest imports; older ones stay in the API (`/v1/import/list?offset=`). */
export const IMPORT_HISTORY_SIZE = 20;

/** The admin Imports screen's page, as the audit log's. */
export const ADMIN_IMPORTS_PAGE_SIZE = 25;

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
    /** `admin`: any shop's report, through the admin route (an owner's route finds only its own shop's). */
    importReport: build.query<ImportReportRow[], { iuid: string; admin: boolean }>({
      query: ({ iuid, admin }) =>
        callArgs(admin ? r.adminReport : r.report, { params: { iuid }, query: { failedOnly: '0' } }),
      transformResponse: (page: { items: ImportReportRow[] }) => page.items,
      keepUnusedDataFor: 0,
    }),
    /** Admins: one page of every shop's imports, or of one shop's (`shop`), newest first. */
    adminImportList: build.query<
      { items: CatalogImport[]; nextOffset: number | null },
      { offset: number; shop?: string | undefined; kind?: ImportKind | undefined }
    >({
      query: ({ offset, shop, kind }) =>
        callArgs(r.adminList, { query: { offset, limit: ADMIN_IMPORTS_PAGE_SIZE, shop, kind } }),
      providesTags: [LIST],
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
  useAdminImportListQuery,
} = importsApi;
