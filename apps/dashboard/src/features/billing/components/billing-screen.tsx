import { List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { LOW_BALANCE } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';
import { useBillingQuery } from '../api/billing-api.ts';
import { TariffTable } from './tariff-table.tsx';

const terms = ['term1', 'term2', 'term3', 'term4', 'term5', 'term6'] as const;

/** Spec §2 Billing: balance, tariff, plan terms and the tariff table (buying is not open yet). */
export function BillingScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { lang } = useParameters();
  const billing = useBillingQuery(undefined, { refetchOnMountOrArgChange: true });
  const date = (iso: string) => new Date(iso).toLocaleDateString(lang, { dateStyle: 'medium' });

  if (billing.isLoading) return <CenteredLoader label={t('app.loading')} />;
  if (!billing.data)
    return (
      <ErrorAlert message={errorText(billing.error, t('billing.error'))} onRetry={() => billing.refetch()} />
    );
  const data = billing.data;
  const current = data.tariffs.find((tariff) => tariff.id === data.tariff);

  return (
    <>
      <PageHeader title={t('billing.title')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
        <Paper withBorder p="lg">
          <Text size="sm" c="dimmed">
            {t('billing.balance')}
          </Text>
          <Text
            size="xl"
            fw={700}
            c={data.balance < LOW_BALANCE ? 'red.7' : undefined}
            data-testid="billing-balance"
          >
            {data.balance}
          </Text>
        </Paper>
        <Paper withBorder p="lg">
          <Text size="sm" c="dimmed">
            {t('billing.tariff')}
          </Text>
          <Text size="xl" fw={700}>
            {current?.name ?? data.tariff}
          </Text>
          <Text size="xs" c="dimmed">
            {t('billing.period', { start: date(data.periodStart), end: date(data.periodEnd) })}
          </Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="lg" mb="lg" component="section">
        <Title order={2} size="h4" mb="sm">
          {t('billing.terms')}
        </Title>
        <List type="ordered" spacing="xs" size="sm">
          {terms.map((term) => (
            <List.Item key={term}>{t(`billing.${term}`)}</List.Item>
          ))}
        </List>
      </Paper>
      <Paper withBorder p="lg" component="section">
        <Title order={2} size="h4" mb="sm">
          {t('billing.tariffs')}
        </Title>
        <TariffTable billing={data} lang={lang} />
      </Paper>
    </>
  );
}
