import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { CatalogImport } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { shopDetailPath } from '../../../lib/urls/app-paths.ts';
import { importErrorText } from '../import-error-text.ts';
import { ImportStateBadge } from './import-state-badge.tsx';

/** URLs and ids wrap anywhere rather than widen the table. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * Every shop's imports (admins): the shop (linking to its detail), kind, source, state, rows, when it started and
 * ended, whether its source is re-synced daily, and the report.
 */
export function AdminImportsTable({
  imports,
  nameOf,
  onReport,
}: {
  imports: readonly CatalogImport[];
  nameOf: (suid: string) => string;
  onReport: (job: CatalogImport) => void;
}) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const col = {
    shop: t('adminImports.col.shop'),
    kind: t('adminImports.col.kind'),
    source: t('imports.col.source'),
    status: t('imports.col.status'),
    rows: t('imports.col.rows'),
    when: t('adminImports.col.when'),
    daily: t('imports.col.daily'),
    report: t('imports.col.report'),
  };
  return (
    <StackedTable minWidth={860} verticalSpacing="xs" striped data-testid="admin-imports">
      <Table.Thead>
        <Table.Tr>
          {Object.values(col).map((label) => (
            <Table.Th key={label}>{label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {imports.map((job) => {
          const shopName = nameOf(job.shop);
          return (
            <Table.Tr key={job.id} data-testid="admin-import-row" data-shop={job.shop}>
              <Table.Td data-label={col.shop} style={wrapAnywhere}>
                <Anchor component={Link} to={shopDetailPath(job.shop)} size="sm" data-testid="import-shop">
                  {shopName}
                </Anchor>
              </Table.Td>
              <Table.Td data-label={col.kind}>
                <Text size="sm">{t(`adminImports.kinds.${job.kind}`)}</Text>
              </Table.Td>
              <Table.Td data-label={col.source}>
                <Stack gap={2}>
                  <Text size="sm">{t(`imports.source.${job.source}`)}</Text>
                  {job.sourceUrl && (
                    <Text size="xs" ff="monospace" style={wrapAnywhere}>
                      {job.sourceUrl}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td data-label={col.status}>
                <Stack gap={4} align="flex-start">
                  <ImportStateBadge status={job.status} />
                  {job.error && (
                    <Text size="xs" c="red">
                      {importErrorText(t, job.error)}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td data-label={col.rows}>
                <Stack gap={0}>
                  <Text size="xs" fw={500} data-testid="import-done">
                    {t('adminImports.rowsOf', { done: job.rows.done, total: job.rows.total })}
                  </Text>
                  <Text size="xs" data-testid="import-counts">
                    {t('imports.summary', {
                      created: job.rows.created,
                      updated: job.rows.updated,
                      skipped: job.rows.skipped,
                      failed: job.rows.failed,
                    })}
                    {job.removeMissing
                      ? ` · ${t('imports.summaryRemoved', { removed: job.rows.removed })}`
                      : ''}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td data-label={col.when}>
                <Stack gap={0}>
                  <Text size="xs" data-testid="import-started">
                    {t('adminImports.started', { when: when.format(new Date(job.created)) })}
                  </Text>
                  <Text size="xs" data-testid="import-ended">
                    {job.finished
                      ? t('adminImports.ended', { when: when.format(new Date(job.finished)) })
                      : t('adminImports.notEnded')}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td data-label={col.daily}>
                <Text size="xs" data-testid="import-daily">
                  {job.source === 'csv'
                    ? '—'
                    : t(job.dailySync ? 'adminImports.daily.on' : 'adminImports.daily.off')}
                </Text>
              </Table.Td>
              <Table.Td data-label={col.report} style={{ whiteSpace: 'nowrap' }}>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  onClick={() => onReport(job)}
                  aria-label={t('adminImports.reportOf', {
                    shop: shopName,
                    when: when.format(new Date(job.created)),
                  })}
                >
                  {t('imports.report')}
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </StackedTable>
  );
}
