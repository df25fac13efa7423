import { type Look, pageSizes, type TryOn } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';
import { offsetPaging, type Page } from '../../../lib/api/infinite-list.ts';

/** Every shop's, in the admin screens' shop filter. */
export const ALL_SHOPS = '*';

/**
 * Try-ons and looks (admin screens) as infinite lists of one shop or of all (`ALL_SHOPS`, spec §1); the
 * dashboard lists finished ones (filter stats). A removal refreshes the list through its tag.
 */
export const rendersApi = api.injectEndpoints({
  endpoints: (build) => ({
    tryonList: build.infiniteQuery<Page<TryOn>, string, number>({
      infiniteQueryOptions: offsetPaging(pageSizes.tryons),
      query: ({ pageParam, queryArg: shop }) =>
        callArgs(routeTable.tryOns.list, {
          query: { offset: pageParam, limit: pageSizes.tryons, filter: 'stats', shop },
        }),
      providesTags: ['Tryon'],
    }),
    removeTryon: build.mutation<{ ok: true }, string>({
      query: (tuid) => callArgs(routeTable.tryOns.remove, { params: { tuid } }),
      invalidatesTags: ['Tryon'],
    }),
    lookList: build.infiniteQuery<Page<Look>, string, number>({
      infiniteQueryOptions: offsetPaging(pageSizes.looks),
      query: ({ pageParam, queryArg: shop }) =>
        callArgs(routeTable.looks.list, {
          query: { offset: pageParam, limit: pageSizes.looks, filter: 'stats', shop },
        }),
      providesTags: ['Look'],
    }),
    /** Spec §4: removing a look refreshes Look and Model. */
    removeLook: build.mutation<{ ok: true }, string>({
      query: (luid) => callArgs(routeTable.looks.remove, { params: { luid } }),
      invalidatesTags: ['Look', 'Model'],
    }),
  }),
});
