import type { CallInput } from '@tryon/client';
import { SHOP_LIST_MAX, type ShopEntry, type ShopUpdateField } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

type UpdateQuery = CallInput<typeof routeTable.shops.update>['query'];

/** Admin calls on all shops; shop changes refresh User (spec §4), which the shop list also provides. */
export const shopsApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopList: build.query<{ items: ShopEntry[] }, { query: string }>({
      query: ({ query }) =>
        callArgs(routeTable.shops.list, {
          query: { query: query.trim() || undefined, offset: 0, limit: SHOP_LIST_MAX },
        }),
      providesTags: ['User'],
    }),
    addShop: build.mutation<ShopEntry, { name: string; email: string }>({
      query: (query) => callArgs(routeTable.shops.add, { query }),
      invalidatesTags: ['User'],
    }),
    updateShop: build.mutation<
      ShopEntry,
      { shopUid: string; field: ShopUpdateField; value: string | number }
    >({
      query: ({ shopUid, field, value }) =>
        callArgs(routeTable.shops.update, { query: { shop_uid: shopUid, [field]: value } as UpdateQuery }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useShopListQuery, useAddShopMutation, useUpdateShopMutation } = shopsApi;
