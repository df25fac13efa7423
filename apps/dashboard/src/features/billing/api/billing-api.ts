import type { Billing } from '@tryon/contract';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';
import { routes } from '../../../lib/api/route-table.ts';

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    billing: build.query<Billing, void>({
      query: () => callArgs(routes.billing.get, {}),
      providesTags: ['User'],
    }),
  }),
});

export const { useBillingQuery } = billingApi;
