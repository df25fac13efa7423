import type { Stats } from '@tryon/contract';

type SeriesName = 'tryon' | 'client' | 'person' | 'garment' | 'view' | 'search';

/**
 * The period as CSV, one row per day (oldest first): each series' distinct shoppers and actions (page views
 * apart), in the column names the API uses. `withSearch`: the admin-only search series too.
 */
export function statsCsv(stats: Stats, withSearch: boolean): string {
  const names: SeriesName[] = [
    'tryon',
    'client',
    'person',
    'garment',
    'view',
    ...(withSearch ? ['search' as const] : []),
  ];
  const header = ['date', ...names.flatMap((n) => [`${n}_user_count`, `${n}_action_count`])];
  const rows = stats.tryon.map((day, i) => [
    day.curdate,
    ...names.flatMap((n) => {
      const item = stats[n][i];
      return [String(item?.user_count ?? 0), String(item?.action_count ?? 0)];
    }),
  ]);
  return `${[header, ...rows].map((row) => row.join(',')).join('\r\n')}\r\n`;
}
