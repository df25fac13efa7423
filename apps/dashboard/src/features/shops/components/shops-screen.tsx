import { Button, Group, NativeSelect, Pagination, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StackedTable } from '../../../components/stacked-table.tsx';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { useShopListQuery } from '../api/shops-api.ts';
import { SHOPS_PAGE_SIZE, type ShopOrder, shopOrders, shopPage } from '../shop-order.ts';
import { AddShopForm } from './add-shop-form.tsx';
import { ShopRow } from './shop-row.tsx';

/** Spec §9: the shop search applies 1 s after typing stops. */
const SEARCH_DEBOUNCE_MS = 1000;

/** Spec §2 Shops (admin): search, add, and every shop with inline edits saved on blur. */
export function ShopsScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const shops = useShopListQuery({ query });
  const [order, setOrder] = useState<ShopOrder>('newest');
  const [page, setPage] = useState(1);
  const all = shops.data?.items ?? [];
  const pages = Math.max(1, Math.ceil(all.length / SHOPS_PAGE_SIZE));
  const shown = shopPage(all, order, Math.min(page, pages));

  return (
    <>
      <PageHeader title={t('shops.title')}>
        <Button
          leftSection={adding ? <IconX size={16} /> : <IconPlus size={16} />}
          variant={adding ? 'default' : 'filled'}
          onClick={() => setAdding((a) => !a)}
          aria-expanded={adding}
        >
          {adding ? t('shops.hide') : t('shops.add')}
        </Button>
      </PageHeader>
      {adding && <AddShopForm onAdded={() => setAdding(false)} />}
      <Group mb="md" justify="space-between">
        <TextInput
          type="search"
          leftSection={<IconSearch size={16} />}
          aria-label={t('shops.search')}
          placeholder={t('shops.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        {shops.data && !shops.isError && (
          <Group gap="sm">
            <NativeSelect
              aria-label={t('shops.sort')}
              value={order}
              onChange={(event) => {
                setOrder(event.currentTarget.value as ShopOrder);
                setPage(1);
              }}
              data={shopOrders.map((o) => ({ value: o, label: t(`shops.order.${o}`) }))}
            />
            <Text size="sm" c="dimmed">
              {t('shops.count', { count: shops.data.items.length })}
            </Text>
          </Group>
        )}
      </Group>
      {shops.isLoading && <CenteredLoader />}
      {shops.isError && (
        <ErrorAlert
          message={`${t('shops.loaderror')} ${errorText(shops.error, '')}`.trim()}
          onRetry={() => shops.refetch()}
        />
      )}
      {shops.data && !shops.isError && (
        <Paper withBorder>
          <StackedTable minWidth={940} verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('shops.emailName')}</Table.Th>
                <Table.Th>{t('shops.keyReferral')}</Table.Th>
                <Table.Th>{t('shops.balanceStats')}</Table.Th>
                <Table.Th>{t('shops.limits')}</Table.Th>
                <Table.Th>{t('shops.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((shop) => (
                <ShopRow key={shop.shop_uid} shop={shop} />
              ))}
            </Table.Tbody>
          </StackedTable>
          {pages > 1 && (
            <Group justify="center" p="sm">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': t(`shops.page.${control}`) })}
                getItemProps={(n) => ({ 'aria-label': t('shops.pageN', { n }) })}
              />
            </Group>
          )}
          {shops.data.items.length === 0 && (
            <Text c="dimmed" ta="center" p="lg">
              {t('shops.empty')}
            </Text>
          )}
        </Paper>
      )}
    </>
  );
}
