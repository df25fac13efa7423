import type { CallInput } from '@tryon/client';
import {
  SHOP_LIST_MAX,
  type ShopDetail,
  type ShopEntry,
  type ShopUpdateField,
  type Stats,
  type TryOn,
} from '@tryon/contract';
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
    shopDetail: build.query<ShopDetail, string>({
      query: (suid) => callArgs(routeTable.shops.detail, { params: { suid } }),
      providesTags: ['User'],
    }),
    /** The summary on a shop's detail view: its statistics of the last days. */
    shopStats: build.query<Stats, { suid: string; days: number }>({
      query: ({ suid, days }) => callArgs(routeTable.stats.get, { query: { days, shop_uid: suid } }),
    }),
    shopRecentTryons: build.query<{ items: TryOn[] }, string>({
      query: (shop) => callArgs(routeTable.tryOns.list, { query: { shop, filter: 'done', limit: 6 } }),
      providesTags: ['Tryon'],
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

export const {
  useShopListQuery,
  useAddShopMutation,
  useUpdateShopMutation,
  useShopDetailQuery,
  useShopStatsQuery,
  useShopRecentTryonsQuery,
} = shopsApi;
