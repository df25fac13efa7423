import { Badge, Button, Table } from '@mantine/core';
import type { Billing } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { notify } from '../../../lib/notify/notify.ts';

export function TariffTable({ billing, lang }: { billing: Billing; lang: string }) {
  const { t } = useTranslation();
  const usd = (value: number, digits: number) =>
    value.toLocaleString(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return (
    <StackedTable minWidth={560} verticalSpacing="sm" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('billing.name')}</Table.Th>
          <Table.Th ta="right">{t('billing.included')}</Table.Th>
          <Table.Th ta="right">{t('billing.perTryon')}</Table.Th>
          <Table.Th ta="right">{t('billing.price')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {billing.tariffs.map((tariff) => (
          <Table.Tr key={tariff.id} data-testid={`tariff-${tariff.id}`}>
            <Table.Td fw={600}>
              {tariff.name}{' '}
              {tariff.id === billing.tariff && (
                <Badge size="sm" variant="light" ml={4}>
                  {t('billing.current')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td ta="right" data-label={t('billing.included')}>
              {tariff.tryons.toLocaleString(lang)}
            </Table.Td>
            <Table.Td ta="right" data-label={t('billing.perTryon')}>
              {usd(tariff.pricePerTryonUsd, 2)}
            </Table.Td>
            <Table.Td ta="right" data-label={t('billing.price')}>
              {usd(tariff.priceUsd, 0)}
            </Table.Td>
            <Table.Td ta="right">
              {tariff.priceUsd > 0 && (
                <Button size="xs" onClick={() => notify.warning(t('billing.underConstruction'))}>
                  {t('billing.buy')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
