import { SimpleGrid } from '@mantine/core';
import type { StatsInsights } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { StatCard } from './stat-card.tsx';

/**
 * The period's figures, each against the period before it. The shopper totals come from the daily statistics
 * (they show as soon as those do); the comparison arrives with the insights.
 */
export function PeriodComparison(props: {
  days: number;
  totals: { uniqueClients: number; actions: number };
  insights: StatsInsights | undefined;
}) {
  const { t } = useTranslation();
  const { insights, days } = props;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} mb="lg">
      <StatCard
        label={t('statistics.uniqueClients')}
        value={props.totals.uniqueClients}
        previous={insights?.previous.shoppers}
        days={days}
        testId="total-clients"
      />
      <StatCard
        label={t('statistics.allActions')}
        value={props.totals.actions}
        previous={insights?.previous.client}
        days={days}
        testId="total-actions"
      />
      {insights && (
        <>
          <StatCard
            label={t('statistics.tryons')}
            value={insights.current.tryon}
            previous={insights.previous.tryon}
            days={days}
            testId="total-tryons"
          />
          <StatCard
            label={t('statistics.views')}
            value={insights.current.view}
            previous={insights.previous.view}
            days={days}
            testId="total-views"
          />
          <StatCard
            label={t('statistics.failed')}
            value={insights.current.failed}
            previous={insights.previous.failed}
            days={days}
            testId="total-failed"
            lowerIsBetter
          />
        </>
      )}
    </SimpleGrid>
  );
}
