import { Paper, Table, Text, Title } from '@mantine/core';
import type { TopItem } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../../components/stacked-table.tsx';

/** The most tried, then most liked, garments or models of the period. */
export function TopItems({ title, items, testId }: { title: string; items: TopItem[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" data-testid={testId}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('statistics.topNone')}
        </Text>
      ) : (
        <StackedTable minWidth={320} verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statistics.item')}</Table.Th>
              <Table.Th ta="right">{t('statistics.tryons')}</Table.Th>
              <Table.Th ta="right">{t('statistics.likes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid="top-item">
                <Table.Td data-label={t('statistics.item')}>{item.name || item.code}</Table.Td>
                <Table.Td data-label={t('statistics.tryons')} ta="right">
                  {item.tryons}
                </Table.Td>
                <Table.Td data-label={t('statistics.likes')} ta="right">
                  {item.likes}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
    </Paper>
  );
}
