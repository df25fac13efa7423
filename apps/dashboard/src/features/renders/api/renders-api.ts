import { type Look, pageSizes, type TryOn } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

interface Page<T> {
  items: T[];
  nextOffset: number | null;
}
interface PageArgs {
  offset: number;
  limit: number;
}

/** Try-ons and looks of the shop (admin screens); the dashboard lists finished ones (filter stats). */
export const rendersApi = api.injectEndpoints({
  endpoints: (build) => ({
    tryonList: build.query<Page<TryOn>, PageArgs>({
      query: ({ offset, limit }) =>
        callArgs(routeTable.tryOns.list, { query: { offset, limit, filter: 'stats' } }),
      providesTags: ['Tryon'],
    }),
    removeTryon: build.mutation<{ ok: true }, string>({
      query: (tuid) => callArgs(routeTable.tryOns.remove, { params: { tuid } }),
      invalidatesTags: ['Tryon'],
    }),
    lookList: build.query<Page<Look>, PageArgs>({
      query: ({ offset, limit }) =>
        callArgs(routeTable.looks.list, { query: { offset, limit, filter: 'stats' } }),
      providesTags: ['Look'],
    }),
    /** Spec §4: removing a look refreshes Look and Model. */
    removeLook: build.mutation<{ ok: true }, string>({
      query: (luid) => callArgs(routeTable.looks.remove, { params: { luid } }),
      invalidatesTags: ['Look', 'Model'],
    }),
  }),
});

export const renderPageSizes = { tryons: pageSizes.tryons, looks: pageSizes.looks } as const;
