import type { Billing } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    billing: build.query<Billing, void>({
      query: () => callArgs(routeTable.billing.get, {}),
      providesTags: ['User'],
    }),
  }),
});

export const { useBillingQuery } = billingApi;
