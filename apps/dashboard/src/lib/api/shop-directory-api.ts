import { SHOP_LIST_MAX, type ShopEntry } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from './api.ts';
import { callArgs } from './base-query.ts';

/**
 * Every shop's id and name (admins): the shop pickers of the admin screens. Shop changes refresh User
 * (spec §4), which this provides.
 */
export const shopDirectoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    shopDirectory: build.query<{ suid: string; name: string; email: string }[], void>({
      query: () => callArgs(routeTable.shops.list, { query: { offset: 0, limit: SHOP_LIST_MAX } }),
      transformResponse: (page: { items: ShopEntry[] }) =>
        page.items.map((s) => ({ suid: s.shop_uid, name: s.name, email: s.email })),
      providesTags: ['User'],
    }),
  }),
});

export const { useShopDirectoryQuery } = shopDirectoryApi;
