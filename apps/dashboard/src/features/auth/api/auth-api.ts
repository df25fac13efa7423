import type { RouteResponse } from '@tryon/contract';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';
import { routes } from '../../../lib/api/route-table.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<RouteResponse<typeof routes.auth.logout>, void>({
      query: () => callArgs(routes.auth.logout, {}),
    }),
  }),
});

export const { useLogoutMutation } = authApi;
