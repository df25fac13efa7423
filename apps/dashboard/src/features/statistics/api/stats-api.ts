import type { Stats } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    stats: build.query<Stats, { days: number }>({
      query: ({ days }) => callArgs(routeTable.stats.get, { query: { days } }),
    }),
  }),
});

export const { useStatsQuery } = statsApi;
