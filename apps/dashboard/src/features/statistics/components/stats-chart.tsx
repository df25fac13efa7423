import { LineChart } from '@mantine/charts';
import { Paper, Title } from '@mantine/core';
import type { Stats } from '@tryon/contract';
import { useTranslation } from 'react-i18next';

/** One series as a line chart: days on x, counts from zero on y; unique clients and/or actions. */
export function StatsChart({
  title,
  series,
  withUsers,
  formatDay,
  actionsLabel,
}: {
  title: string;
  series: Stats['tryon'];
  withUsers: boolean;
  formatDay: (day: string) => string;
  /** What the second line counts, when not shopper actions (page views). */
  actionsLabel?: string;
}) {
  const { t } = useTranslation();
  const data = series.map((day) => ({
    day: formatDay(day.curdate),
    users: day.user_count,
    actions: day.action_count,
  }));
  const lines = [
    ...(withUsers ? [{ name: 'users', label: t('statistics.users'), color: 'indigo.6' }] : []),
    { name: 'actions', label: actionsLabel ?? t('statistics.actions'), color: 'teal.6' },
  ];
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      <LineChart
        h={220}
        data={data}
        dataKey="day"
        series={lines}
        curveType="monotone"
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 40 }}
        yAxisProps={{ domain: [0, 'auto'], allowDecimals: false }}
        withDots={data.length <= 31}
        tooltipAnimationDuration={150}
      />
    </Paper>
  );
}
