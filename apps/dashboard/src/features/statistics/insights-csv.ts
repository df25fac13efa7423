import type { PeriodTotals, StatsInsights, TopItem } from '@tryon/contract';
import { csvCell } from '../../lib/csv/csv-cell.ts';

const columns = [
  'section',
  'metric',
  'current',
  'previous',
  'rank',
  'id',
  'code',
  'name',
  'tryons',
  'likes',
  'kind',
  'error_code',
  'created',
] as const;
type Row = Partial<Record<(typeof columns)[number], string | number>>;

const metrics: (keyof PeriodTotals)[] = [
  'shoppers',
  'client',
  'tryon',
  'view',
  'garment',
  'person',
  'failed',
];

const topRows = (section: string, items: readonly TopItem[]): Row[] =>
  items.map((item, i) => ({
    section,
    rank: i + 1,
    id: item.id,
    code: item.code,
    name: item.name,
    tryons: item.tryons,
    likes: item.likes,
  }));

/**
 * What the Statistics screen shows beyond the daily figures, as one table (the `section` column tells the rows
 * apart): the period's totals against the period before, the top garments and models by try-ons and likes, and
 * the failed renders with their error codes. Column names follow the API's fields. `withSearch`: the admin-only
 * search figure too.
 */
export function insightsCsv(insights: StatsInsights, withSearch: boolean): string {
  const rows: Row[] = [
    ...[...metrics, ...(withSearch ? ['search' as const] : [])].map((metric) => ({
      section: 'period',
      metric,
      current: insights.current[metric],
      previous: insights.previous[metric],
    })),
    ...topRows('top_garments', insights.topGarments),
    ...topRows('top_models', insights.topModels),
    ...insights.failedRenders.map((r) => ({
      section: 'failed_renders',
      id: r.id,
      kind: r.kind,
      error_code: r.errorCode,
      created: r.created,
    })),
  ];
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((c) => csvCell(row[c] ?? null)).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
