import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { Stats, StatsInsights } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../lib/browser/download.ts';
import { insightsCsv } from '../insights-csv.ts';
import { statsCsv } from '../stats-csv.ts';
import { statsFileName, statsPeriod } from '../stats-period.ts';

/**
 * The period's figures as CSV files: the daily series, or the insights (totals against the period before, top
 * items, failed renders); each file is named by what it holds and its dates.
 */
export function CsvExportMenu(props: {
  days: number;
  stats: Stats | undefined;
  insights: StatsInsights | undefined;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  const save = (what: 'daily' | 'insights', csv: string) =>
    downloadText(csv, statsFileName(what, statsPeriod(props.days, new Date())), 'text/csv');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={!props.stats && !props.insights}
        >
          {t('statistics.csv')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          disabled={!props.stats}
          onClick={() => props.stats && save('daily', statsCsv(props.stats, props.isAdmin))}
        >
          {t('statistics.csvDaily')}
        </Menu.Item>
        <Menu.Item
          disabled={!props.insights}
          onClick={() => props.insights && save('insights', insightsCsv(props.insights, props.isAdmin))}
        >
          {t('statistics.csvInsights')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
