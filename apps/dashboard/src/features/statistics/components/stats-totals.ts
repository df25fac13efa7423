import type { Stats } from '@tryon/contract';

/** Totals of the period (the `client` series, any shopper action), counted by the server over the whole period. */
export function statsTotals(stats: Stats): { uniqueClients: number; actions: number } {
  return { uniqueClients: stats.totals.user_count, actions: stats.totals.action_count };
}
