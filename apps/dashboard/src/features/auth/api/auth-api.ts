import type { RouteResponse } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<RouteResponse<typeof routeTable.auth.logout>, void>({
      query: () => callArgs(routeTable.auth.logout, {}),
    }),
  }),
});

export const { useLogoutMutation } = authApi;
