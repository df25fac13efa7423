import { Box, Code, Paper, Table, Text, Title } from '@mantine/core';
import type { ErrorCode, FailedRender } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';

/** The latest failed try-ons and looks of the period, with their error codes and what those mean. */
export function FailedRenders({ renders, count }: { renders: FailedRender[]; count: number }) {
  const { t, i18n } = useTranslation();
  const { lang } = useParameters();
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Paper withBorder p="md" component="section" data-testid="failed-renders">
      <Title order={2} size="h5" mb="xs">
        {t('statistics.failedTitle', { count })}
      </Title>
      {renders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('statistics.failedNone')}
        </Text>
      ) : (
        <StackedTable minWidth={560} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statistics.when')}</Table.Th>
              <Table.Th>{t('statistics.kind')}</Table.Th>
              <Table.Th>{t('statistics.errorCode')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {renders.map((r) => (
              <Table.Tr key={r.id} data-testid="failed-render">
                <Table.Td data-label={t('statistics.when')}>{when(r.created)}</Table.Td>
                <Table.Td data-label={t('statistics.kind')}>{t(`statistics.renderKind.${r.kind}`)}</Table.Td>
                <Table.Td data-label={t('statistics.errorCode')}>
                  <Box miw={0}>
                    <Code style={{ wordBreak: 'break-all' }}>{r.errorCode}</Code>{' '}
                    {i18n.exists(`errors.${r.errorCode}`) && (
                      <Text span size="sm">
                        {t(`errors.${r.errorCode as ErrorCode}`)}
                      </Text>
                    )}
                  </Box>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
    </Paper>
  );
}
