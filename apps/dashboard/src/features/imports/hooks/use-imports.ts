import type { CatalogImport, ErrorCode, ImportReportRow } from '@tryon/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { api } from '../../../lib/api/api.ts';
import { downloadText } from '../../../lib/browser/download.ts';
import { csvCell } from '../../../lib/csv/csv-cell.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { notify } from '../../../lib/notify/notify.ts';
import {
  type ImportKind,
  type UrlSource,
  useCancelImportMutation,
  useImportListQuery,
  useLazyImportReportQuery,
  useLazyImportTemplateQuery,
  useSetImportDailyMutation,
  useStartCsvImportMutation,
  useStartUrlImportMutation,
} from '../api/imports-api.ts';

/** How often the history is read while an import of the shop is queued or running. */
const PROGRESS_POLL_MS = 1000;

export const isActive = (job: CatalogImport) => job.status === 'queued' || job.status === 'running';

/**
 * The imports of one kind (the Garments or Models screen): their history, polled while one runs, and the
 * calls with their toasts. When an import ends, the screen's list and the account's counts are refreshed.
 */
export function useImports(kind: ImportKind, open: boolean) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const dispatch = useDispatch();
  const [polling, setPolling] = useState(false);
  const list = useImportListQuery(kind, {
    skip: !open && !polling,
    pollingInterval: polling ? PROGRESS_POLL_MS : 0,
  });
  const mine = list.data ?? [];

  // An import that ends refreshes what it changed: the screen's items and the account's counts.
  const wasActive = useRef(new Set<string>());
  useEffect(() => {
    const jobs = list.data ?? [];
    setPolling(jobs.some(isActive));
    const now = new Set(jobs.filter(isActive).map((job) => job.id));
    const ended = [...wasActive.current].filter((id) => !now.has(id));
    wasActive.current = now;
    if (ended.length > 0) dispatch(api.util.invalidateTags(['Garment', 'Model', 'User']));
  }, [list.data, dispatch]);

  const [startCsv, csvState] = useStartCsvImportMutation();
  const [startUrl, urlState] = useStartUrlImportMutation();
  const [cancel] = useCancelImportMutation();
  const [setDaily] = useSetImportDailyMutation();
  const [loadTemplate] = useLazyImportTemplateQuery();
  const downloadReport = useReportDownload();

  const started = (result: { data?: CatalogImport; error?: unknown }): CatalogImport | null => {
    if (result.error || !result.data) {
      notify.error(errorText(result.error as never, t('imports.startError')));
      return null;
    }
    setPolling(true);
    notify.success(t('imports.started'));
    return result.data;
  };

  return {
    imports: mine,
    loading: list.isLoading,
    loadError: list.isError,
    retry: () => list.refetch(),
    starting: csvState.isLoading || urlState.isLoading,
    startCsv: async (file: File, removeMissing: boolean) =>
      started(await startCsv({ kind, file, removeMissing })),
    startUrl: async (source: UrlSource, url: string, removeMissing: boolean, daily: boolean) =>
      started(await startUrl({ kind, source, url, removeMissing, daily })),
    cancel: async (id: string) => {
      const result = await cancel(id);
      if (result.error) notify.error(errorText(result.error, t('imports.cancelError')));
      else notify.success(t('imports.cancelled'));
    },
    setDaily: async (job: CatalogImport, on: boolean) => {
      const result = await setDaily({ iuid: job.id, on, removeMissing: job.removeMissing });
      if (result.error) notify.error(errorText(result.error, t('imports.dailyError')));
      else notify.success(on ? t('imports.dailyOn') : t('imports.dailyOff'));
    },
    downloadTemplate: async () => {
      const result = await loadTemplate();
      if (result.data) downloadText(result.data.csv, 'catalog-template.csv', 'text/csv');
      else notify.error(errorText(result.error as never, t('imports.templateError')));
    },
    downloadReport,
  };
}

/**
 * Downloads an import's report as a CSV file in the dashboard's language; `admin` reads it through the admin
 * route, which opens any shop's import.
 */
export function useReportDownload(admin = false) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [loadReport] = useLazyImportReportQuery();
  return async (job: CatalogImport) => {
    const result = await loadReport({ iuid: job.id, admin });
    if (!result.data) {
      notify.error(errorText(result.error as never, t('imports.reportError')));
      return;
    }
    downloadText(
      reportCsv(result.data, (code, details) => t(`errors.${code as ErrorCode}`, details ?? {})),
      `import-${job.id}.csv`,
      'text/csv',
    );
  };
}

/**
 * The report as a CSV file: each row's outcome, its error code and that code's text in the dashboard's language,
 * with the values it names (an image's size and the minimum).
 */
export function reportCsv(
  rows: readonly ImportReportRow[],
  textOf: (code: string, details: ImportReportRow['details']) => string,
): string {
  const lines = [['row', 'key', 'outcome', 'error', 'message', 'item'].join(',')];
  for (const row of rows) {
    lines.push(
      [row.row, row.key, row.outcome, row.error, row.error ? textOf(row.error, row.details) : '', row.item]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

export type ImportsState = ReturnType<typeof useImports>;
