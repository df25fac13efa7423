import { Button, Group, Paper, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { AUDIT_PAGE_SIZE } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ShopPicker } from '../../../components/shop-picker.tsx';
import { useProfileQuery } from '../../../lib/api/profile-api.ts';
import { useShopDirectoryQuery } from '../../../lib/api/shop-directory-api.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { useAuditLogQuery } from '../api/audit-api.ts';
import { AuditTable } from './audit-table.tsx';

/** The shop picker's choice of every shop (admins). */
const ALL_SHOPS = '*';

/**
 * Who changed what and when. Shop owners see their own shop's entries; administrators every shop's, or one
 * shop's by the picker. Paged by 25, newest first.
 */
export function AuditScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { data: profile } = useProfileQuery();
  const isAdmin = profile?.isAdmin ?? false;
  const [shop, setShop] = useState(ALL_SHOPS);
  const [offset, setOffset] = useState(0);
  const directory = useShopDirectoryQuery(undefined, { skip: !isAdmin });
  const log = useAuditLogQuery({ offset, shop: isAdmin ? shop : undefined }, { skip: !profile });
  const page = offset / AUDIT_PAGE_SIZE + 1;

  return (
    <>
      <PageHeader title={t('audit.title')}>
        {isAdmin && (
          <ShopPicker
            value={shop}
            first={{ value: ALL_SHOPS, label: t('audit.allShops') }}
            shops={directory.data ?? []}
            onChange={(next) => {
              setShop(next);
              setOffset(0);
            }}
          />
        )}
      </PageHeader>
      <Text size="sm" c="dimmed" mb="md">
        {t(isAdmin ? 'audit.descriptionAdmin' : 'audit.description')}
      </Text>
      {log.isError && (
        <ErrorAlert message={errorText(log.error, t('app.loadError'))} onRetry={() => log.refetch()} />
      )}
      {log.isLoading && <CenteredLoader />}
      {log.data && !log.isError && (
        <Paper withBorder p="md" style={{ opacity: log.isFetching ? 0.6 : 1 }}>
          {log.data.items.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="audit-empty">
              {t('audit.empty')}
            </Text>
          ) : (
            <AuditTable entries={log.data.items} withShop={isAdmin && shop === ALL_SHOPS} />
          )}
          <Group justify="space-between" mt="md">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} aria-hidden />}
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - AUDIT_PAGE_SIZE))}
            >
              {t('audit.newer')}
            </Button>
            <Text size="sm" data-testid="audit-page">
              {t('audit.page', { page })}
            </Text>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              disabled={log.data.nextOffset === null}
              onClick={() => setOffset(log.data?.nextOffset ?? offset)}
            >
              {t('audit.older')}
            </Button>
          </Group>
        </Paper>
      )}
    </>
  );
}
