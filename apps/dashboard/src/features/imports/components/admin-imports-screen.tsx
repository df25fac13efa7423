import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ShopPicker } from '../../../components/shop-picker.tsx';
import { useShopDirectoryQuery } from '../../../lib/api/shop-directory-api.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { useShopParam } from '../../../lib/urls/use-shop-param.ts';
import { ADMIN_IMPORTS_PAGE_SIZE, type ImportKind, useAdminImportListQuery } from '../api/imports-api.ts';
import { isActive, useReportDownload } from '../hooks/use-imports.ts';
import { AdminImportsTable } from './admin-imports-table.tsx';

/** The shop picker's choice of every shop. */
const ALL_SHOPS = '*';
/** The kind filter's choice of both kinds. */
const ALL_KINDS = '*';
/** How often the page is read again while one of its imports is queued or running. */
const ACTIVE_POLL_MS = 2000;

/**
 * Issue 11 (admin): every shop's catalogue imports, newest first, 25 a page, or one shop's by the picker (kept in
 * the address, so a shop detail links here with its shop picked), with each import's report.
 */
export function AdminImportsScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [shop, setShop] = useShopParam(ALL_SHOPS);
  const [kind, setKind] = useState<ImportKind | typeof ALL_KINDS>(ALL_KINDS);
  const [offset, setOffset] = useState(0);
  const directory = useShopDirectoryQuery();
  const [polling, setPolling] = useState(false);
  const list = useAdminImportListQuery(
    {
      offset,
      shop: shop === ALL_SHOPS ? undefined : shop,
      kind: kind === ALL_KINDS ? undefined : kind,
    },
    { pollingInterval: polling ? ACTIVE_POLL_MS : 0 },
  );
  const anyActive = list.data?.items.some(isActive) ?? false;
  useEffect(() => setPolling(anyActive), [anyActive]);
  const downloadReport = useReportDownload(true);
  const names = new Map((directory.data ?? []).map((s) => [s.suid, s.name || s.email]));
  const page = offset / ADMIN_IMPORTS_PAGE_SIZE + 1;

  return (
    <>
      <PageHeader title={t('adminImports.title')}>
        <Group align="flex-end" gap="sm" w={{ base: '100%', xs: 'auto' }}>
          <ShopPicker
            value={shop}
            first={{ value: ALL_SHOPS, label: t('adminImports.allShops') }}
            shops={directory.data ?? []}
            onChange={(next) => {
              setShop(next);
              setOffset(0);
            }}
          />
          <NativeSelect
            label={t('adminImports.kind')}
            value={kind}
            onChange={(event) => {
              setKind(event.currentTarget.value as ImportKind | typeof ALL_KINDS);
              setOffset(0);
            }}
            data={[
              { value: ALL_KINDS, label: t('adminImports.allKinds') },
              { value: 'garment', label: t('adminImports.kinds.garment') },
              { value: 'model', label: t('adminImports.kinds.model') },
            ]}
            w={{ base: '100%', xs: 180 }}
            data-testid="kind-filter"
          />
        </Group>
      </PageHeader>
      <Text size="sm" c="dimmed" mb="md">
        {t('adminImports.description')}
      </Text>
      {list.isError && (
        <ErrorAlert message={errorText(list.error, t('imports.loadError'))} onRetry={() => list.refetch()} />
      )}
      {list.isLoading && <CenteredLoader />}
      {list.data && !list.isError && (
        <Paper
          withBorder
          p="md"
          style={{ opacity: list.isFetching && !polling ? 0.6 : 1 }}
          data-testid="admin-imports-panel"
        >
          {list.data.items.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="imports-empty">
              {t('imports.noHistory')}
            </Text>
          ) : (
            <AdminImportsTable
              imports={list.data.items}
              nameOf={(suid) => names.get(suid) ?? suid}
              onReport={downloadReport}
            />
          )}
          <Group justify="space-between" mt="md">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - ADMIN_IMPORTS_PAGE_SIZE))}
            >
              {t('adminImports.newer')}
            </Button>
            <Text size="sm" data-testid="imports-page">
              {t('adminImports.page', { page })}
            </Text>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={list.data.nextOffset === null}
              onClick={() => setOffset(list.data?.nextOffset ?? offset)}
            >
              {t('adminImports.older')}
            </Button>
          </Group>
        </Paper>
      )}
    </>
  );
}
