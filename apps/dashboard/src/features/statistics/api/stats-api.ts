import type { Stats, StatsInsights } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

type StatsArgs = { days: number; shop?: string | undefined };

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `shop`: another shop's statistics (admins); the caller's own when absent. */
    stats: build.query<Stats, StatsArgs>({
      query: ({ days, shop }) => callArgs(routeTable.stats.get, { query: { days, shop_uid: shop } }),
    }),
    /** The period against the one before, top garments and models, failed renders. */
    insights: build.query<StatsInsights, StatsArgs>({
      query: ({ days, shop }) => callArgs(routeTable.stats.insights, { query: { days, shop_uid: shop } }),
    }),
  }),
});

export const { useStatsQuery, useInsightsQuery } = statsApi;
