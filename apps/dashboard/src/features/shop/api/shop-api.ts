import type { CallInput } from '@tryon/client';
import type { ShopEntry, ShopUpdateField } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

type UpdateQuery = CallInput<typeof routeTable.shops.update>['query'];

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One field per call (docs/decisions.md); the profile is read again after it. */
    updateOwnShop: build.mutation<ShopEntry, { field: ShopUpdateField; value: string | number }>({
      query: ({ field, value }) =>
        callArgs(routeTable.shops.update, { query: { [field]: value } as UpdateQuery }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUpdateOwnShopMutation } = shopApi;
