import '@mantine/charts/styles.css';
import { Box, Group, SegmentedControl, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { statsPeriods } from '@tryon/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ShopPicker } from '../../../components/shop-picker.tsx';
import { useProfileQuery } from '../../../lib/api/profile-api.ts';
import { useShopDirectoryQuery } from '../../../lib/api/shop-directory-api.ts';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';
import { useShopParam } from '../../../lib/urls/use-shop-param.ts';
import { useInsightsQuery, useStatsQuery } from '../api/stats-api.ts';
import { CsvExportMenu } from './csv-export-menu.tsx';
import { FailedRenders } from './failed-renders.tsx';
import { PeriodComparison } from './period-comparison.tsx';
import { StatsChart } from './stats-chart.tsx';
import { statsTotals } from './stats-totals.ts';
import { TopItems } from './top-items.tsx';

/** Spec §9: the periods, 7 days by default. */
export const DEFAULT_PERIOD = 7;
/** The shop picker's choice for the admin's own shop (no `?shop=` in the address). */
const OWN_SHOP = 'own';

export function StatisticsScreen() {
  const { t } = useTranslation();
  const { lang } = useParameters();
  const { data: profile } = useProfileQuery();
  const [days, setDays] = useState(DEFAULT_PERIOD);
  const narrow = useMediaQuery('(max-width: 30em)');
  const [shop, setShop] = useShopParam(OWN_SHOP);
  const directory = useShopDirectoryQuery(undefined, { skip: !profile?.isAdmin });
  // Only administrators may name another shop; an owner's link with `?shop=` shows the owner's own.
  const shopUid = profile?.isAdmin && shop !== OWN_SHOP ? shop : undefined;
  const stats = useStatsQuery({ days, shop: shopUid });
  const insights = useInsightsQuery({ days, shop: shopUid });
  const formatDay = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(lang, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
  const totals = stats.data ? statsTotals(stats.data) : null;

  return (
    <>
      <PageHeader title={t('statistics.title')}>
        <Group gap="sm" w={{ base: '100%', xs: 'auto' }} wrap="wrap" align="flex-end">
          {profile?.isAdmin && (
            <ShopPicker
              value={shop}
              first={{ value: OWN_SHOP, label: t('statistics.ownShop') }}
              shops={directory.data ?? []}
              onChange={setShop}
            />
          )}
          <SegmentedControl
            fullWidth
            w={{ base: '100%', xs: 'auto' }}
            aria-label={t('statistics.period')}
            value={String(days)}
            onChange={(value) => setDays(Number(value))}
            data={statsPeriods.map((p) => ({
              value: String(p),
              label: t(narrow ? 'statistics.daysShort' : 'statistics.days', { count: p }),
            }))}
          />
          <CsvExportMenu
            days={days}
            stats={stats.currentData}
            insights={insights.currentData}
            isAdmin={profile?.isAdmin ?? false}
          />
        </Group>
      </PageHeader>
      {stats.isError && <ErrorAlert message={t('statistics.error')} onRetry={() => stats.refetch()} />}
      {stats.isLoading && <CenteredLoader />}
      {stats.data && totals && !stats.isError && (
        <>
          <PeriodComparison days={days} totals={totals} insights={insights.data} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ opacity: stats.isFetching ? 0.6 : 1 }}>
            <StatsChart
              title={t('statistics.tryons')}
              series={stats.data.tryon}
              withUsers
              formatDay={formatDay}
            />
            <StatsChart
              title={t('statistics.clients')}
              series={stats.data.client}
              withUsers
              formatDay={formatDay}
            />
            <StatsChart
              title={t('statistics.persons')}
              series={stats.data.person}
              withUsers
              formatDay={formatDay}
            />
            <StatsChart
              title={t('statistics.views')}
              series={stats.data.view}
              actionsLabel={t('statistics.pagesOpened')}
              withUsers
              formatDay={formatDay}
            />
            <StatsChart
              title={t('statistics.garments')}
              series={stats.data.garment}
              withUsers={false}
              formatDay={formatDay}
            />
            {profile?.isAdmin && (
              <StatsChart
                title={t('statistics.search')}
                series={stats.data.search}
                withUsers
                formatDay={formatDay}
              />
            )}
          </SimpleGrid>
          {insights.data && (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" mt="lg">
              <TopItems
                title={t('statistics.topGarments')}
                items={insights.data.topGarments}
                testId="top-garments"
              />
              <TopItems
                title={t('statistics.topModels')}
                items={insights.data.topModels}
                testId="top-models"
              />
            </SimpleGrid>
          )}
          {insights.data && (
            <Box mt="lg">
              <FailedRenders renders={insights.data.failedRenders} count={insights.data.current.failed} />
            </Box>
          )}
        </>
      )}
    </>
  );
}
