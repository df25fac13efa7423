import type { Stats } from '@tryon/contract';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';
import { routes } from '../../../lib/api/route-table.ts';

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    stats: build.query<Stats, { days: number }>({
      query: ({ days }) => callArgs(routes.stats.get, { query: { days } }),
    }),
  }),
});

export const { useStatsQuery } = statsApi;
