const DAY_MS = 86_400_000;

/** The period's first and last UTC days (YYYY-MM-DD): the last `days` days up to today, as the server counts. */
export function statsPeriod(days: number, now: Date): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(today - (days - 1) * DAY_MS), to: day(today) };
}

/** A CSV export's file name: what it holds and its period, e.g. `statistics-daily-2026-11-19-to-2026-11-25.csv`. */
export const statsFileName = (what: 'daily' | 'insights', period: { from: string; to: string }) =>
  `statistics-${what}-${period.from}-to-${period.to}.csv`;
