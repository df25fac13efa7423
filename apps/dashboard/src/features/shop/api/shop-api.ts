import type { CallInput } from '@tryon/client';
import type { ShopEntry, ShopUpdateField } from '@tryon/contract';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';
import { routes } from '../../../lib/api/route-table.ts';

type UpdateQuery = CallInput<typeof routes.shops.update>['query'];

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One field per call (docs/decisions.md); the profile is read again after it. */
    updateOwnShop: build.mutation<ShopEntry, { field: ShopUpdateField; value: string | number }>({
      query: ({ field, value }) =>
        callArgs(routes.shops.update, { query: { [field]: value } as UpdateQuery }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUpdateOwnShopMutation } = shopApi;
