import { Anchor, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { sizedImage } from '@tryon/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { FactsTable } from '../../../components/facts-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { importsOfShop, paths, rendersOfShop, statisticsOfShop } from '../../../lib/urls/app-paths.ts';
import { useShopDetailQuery, useShopRecentTryonsQuery, useShopStatsQuery } from '../api/shops-api.ts';

/** The statistics summary covers this many days. */
const SUMMARY_DAYS = 30;

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const sum = (series: readonly { action_count: number }[]) => series.reduce((n, d) => n + d.action_count, 0);

/** Issue 15: an administrator's view of one shop, from the Shops table. */
export function ShopDetailScreen() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const suid = useParams().suid ?? '';
  const detail = useShopDetailQuery(suid);
  const stats = useShopStatsQuery({ suid, days: SUMMARY_DAYS });
  const recent = useShopRecentTryonsQuery(suid);
  const back = (
    <Button
      component={Link}
      to={paths.shops}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
    >
      {t('shopDetail.back')}
    </Button>
  );
  if (detail.isError)
    return (
      <>
        <PageHeader title={t('shopDetail.title', { name: suid })}>{back}</PageHeader>
        <ErrorAlert
          message={errorText(detail.error, t('shopDetail.loadError'))}
          onRetry={() => detail.refetch()}
        />
      </>
    );
  if (!detail.data) return <CenteredLoader />;
  const { shop, keys, catalog, renders } = detail.data;
  const none = t('shopDetail.none');
  const settings: [string, ReactNode][] = [
    [t('shopDetail.email'), shop.email],
    ['ID', shop.shop_uid],
    [
      t('shopDetail.site'),
      shop.url ? (
        <Anchor key="site" href={shop.url} target="_blank" rel="noopener noreferrer">
          {shop.url}
        </Anchor>
      ) : (
        none
      ),
    ],
    [t('shopDetail.currency'), shop.currency || none],
    [t('shopDetail.tariff'), shop.tariff],
    [t('shopDetail.balance'), shop.tryon_balance],
    [t('shopDetail.created'), new Date(shop.created).toLocaleDateString(i18n.language)],
    [
      t('shopDetail.status'),
      <Text key="status" fw={600} c={shop.disabled ? 'red.9' : undefined}>
        {shop.disabled ? t('shops.disabled') : t('shops.active')}
      </Text>,
    ],
  ];
  const limits: [string, number][] = [
    [t('shops.limitTryon'), shop.limit_tryon_daily],
    [t('shops.limitTryonPerClient'), shop.limit_tryon_daily_per_client],
    [t('shops.limitGarment'), shop.limit_garment_daily],
    [t('shopDetail.limitPerson'), shop.limit_person_daily],
    [t('shopDetail.limitPersonPerClient'), shop.limit_person_daily_per_client],
    [t('shopDetail.limitSearch'), shop.limit_search_daily],
  ];
  return (
    <>
      <PageHeader title={t('shopDetail.title', { name: shop.name || shop.email })}>{back}</PageHeader>
      <Stack gap="md" data-testid="shop-detail">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Section title={t('shopDetail.settings')}>
            <FactsTable rows={settings} />
          </Section>
          <Section title={t('shopDetail.limits')}>
            <FactsTable rows={limits} labelWidth="60%" />
          </Section>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Section title={t('shopDetail.keys')}>
            <Text data-testid="detail-keys">{t('shopDetail.keysCount', keys)}</Text>
          </Section>
          <Section title={t('shopDetail.catalog')}>
            <Group gap="xl">
              <Figure label={t('shopDetail.garments')} value={catalog.garments} />
              <Figure label={t('shopDetail.models')} value={catalog.models} />
            </Group>
          </Section>
          <Section title={t('shopDetail.renders')}>
            <Group gap="xl">
              <Figure label={t('shopDetail.tryons')} value={renders.tryons} />
              <Figure label={t('shopDetail.looks')} value={renders.looks} />
              <Figure label={t('shopDetail.failed')} value={renders.failed} />
            </Group>
          </Section>
        </SimpleGrid>
        <Section title={t('shopDetail.stats', { days: SUMMARY_DAYS })}>
          {stats.data ? (
            <Group gap="xl">
              <Figure label={t('shopDetail.clients')} value={stats.data.totals.user_count} />
              <Figure label={t('shopDetail.actions')} value={stats.data.totals.action_count} />
              <Figure label={t('shopDetail.statsTryons')} value={sum(stats.data.tryon)} />
            </Group>
          ) : stats.isError ? (
            <Text c="red.8">{errorText(stats.error, t('statistics.error'))}</Text>
          ) : (
            <CenteredLoader />
          )}
          <Group gap="md" mt="md">
            <Anchor component={Link} to={rendersOfShop('tryons', shop.shop_uid)}>
              {t('shopDetail.openTryons')}
            </Anchor>
            <Anchor component={Link} to={rendersOfShop('looks', shop.shop_uid)}>
              {t('shopDetail.openLooks')}
            </Anchor>
            <Anchor component={Link} to={statisticsOfShop(shop.shop_uid)}>
              {t('shopDetail.openStats')}
            </Anchor>
            <Anchor component={Link} to={importsOfShop(shop.shop_uid)}>
              {t('shopDetail.openImports')}
            </Anchor>
          </Group>
        </Section>
        <Section title={t('shopDetail.recent')}>
          {(recent.data?.items.length ?? 0) === 0 ? (
            <Text size="sm" c="dimmed">
              {recent.isLoading ? '' : t('shopDetail.noRecent')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
              {recent.data?.items.map((r) => (
                <Image
                  key={r.tuid}
                  src={r.image ? sizedImage(r.image, 'square') : undefined}
                  alt={t('detail.renderAlt', { date: new Date(r.created).toLocaleDateString(i18n.language) })}
                  radius="sm"
                  fallbackSrc="/favicon.svg"
                />
              ))}
            </SimpleGrid>
          )}
        </Section>
      </Stack>
    </>
  );
}
