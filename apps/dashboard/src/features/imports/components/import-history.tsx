import { Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../../components/stacked-table.tsx';
import type { ImportsState } from '../hooks/use-imports.ts';
import { ImportStateBadge } from './import-state-badge.tsx';

/** The kind's imports, newest first: source, when, outcome counts, the daily re-sync switch and the report. */
export function ImportHistory({ state }: { state: ImportsState }) {
  const { t, i18n } = useTranslation();
  if (state.imports.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('imports.noHistory')}
      </Text>
    );
  }
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <StackedTable minWidth={640} verticalSpacing="xs" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('imports.col.source')}</Table.Th>
          <Table.Th>{t('imports.col.status')}</Table.Th>
          <Table.Th>{t('imports.col.rows')}</Table.Th>
          <Table.Th>{t('imports.col.daily')}</Table.Th>
          <Table.Th>{t('imports.col.report')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {state.imports.map((job) => (
          <Table.Tr key={job.id} data-testid="import-row">
            <Table.Td data-label={t('imports.col.source')}>
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {t(`imports.source.${job.source}`)}
                </Text>
                {job.sourceUrl && (
                  <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {job.sourceUrl}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {when.format(new Date(job.created))}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td data-label={t('imports.col.status')}>
              <ImportStateBadge status={job.status} />
            </Table.Td>
            <Table.Td data-label={t('imports.col.rows')}>
              <Text size="xs">
                {t('imports.summary', {
                  created: job.rows.created,
                  updated: job.rows.updated,
                  skipped: job.rows.skipped,
                  failed: job.rows.failed,
                })}
                {job.removeMissing ? ` · ${t('imports.summaryRemoved', { removed: job.rows.removed })}` : ''}
              </Text>
            </Table.Td>
            <Table.Td data-label={t('imports.col.daily')}>
              {job.source === 'csv' ? (
                <Text size="xs" c="dimmed">
                  —
                </Text>
              ) : (
                <Switch
                  checked={job.dailySync}
                  aria-label={`${t('imports.daily')}: ${job.sourceUrl ?? ''}`}
                  onChange={(event) => state.setDaily(job, event.currentTarget.checked)}
                />
              )}
            </Table.Td>
            <Table.Td data-label={t('imports.col.report')}>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  onClick={() => state.downloadReport(job)}
                  aria-label={`${t('imports.report')}: ${when.format(new Date(job.created))}`}
                >
                  {t('imports.report')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
