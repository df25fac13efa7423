import type { Stats } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `shop`: another shop's statistics (admins); the caller's own when absent. */
    stats: build.query<Stats, { days: number; shop?: string | undefined }>({
      query: ({ days, shop }) => callArgs(routeTable.stats.get, { query: { days, shop_uid: shop } }),
    }),
  }),
});

export const { useStatsQuery } = statsApi;
