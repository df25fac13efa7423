import type { Garment, Model } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import type { MutationDef, QueryDef } from '../../../lib/api/query-cache.ts';
import { SHORT_KEEP_SECONDS } from '../../../lib/api/query-cache.ts';
import { setCurrent } from './current-item.ts';

/** A garment by id or public code; the fetched one becomes the current garment, a failure clears it. */
export const garmentQuery: QueryDef<string, Garment> = {
  name: 'garment',
  provides: ['Garment'],
  keepUnusedSeconds: SHORT_KEEP_SECONDS,
  run: (call, code, signal) => call(routeTable.garments.get, { params: { guid: code } }, { signal }),
  onSettled: (_code, result) => setCurrent('garment', result.data?.guid ?? null),
};

export const modelQuery: QueryDef<string, Model> = {
  name: 'model',
  provides: ['Model'],
  keepUnusedSeconds: SHORT_KEEP_SECONDS,
  run: (call, code, signal) => call(routeTable.models.get, { params: { muid: code } }, { signal }),
  onSettled: (_code, result) => setCurrent('model', result.data?.muid ?? null),
};

export interface ListArgs {
  query: string;
  offset: number;
  limit: number;
}

/** A page of the shop's garments, newest first (a text query searches name, description and category). */
export const garmentListQuery: QueryDef<ListArgs, { items: Garment[]; nextOffset: number | null }> = {
  name: 'garments',
  provides: ['Garment'],
  keepUnusedSeconds: SHORT_KEEP_SECONDS,
  run: (call, args, signal) =>
    call(
      routeTable.garments.list,
      { query: { query: args.query || null, offset: args.offset, limit: args.limit } },
      { signal },
    ),
};

export const modelListQuery: QueryDef<ListArgs, { items: Model[]; nextOffset: number | null }> = {
  name: 'models',
  provides: ['Model'],
  keepUnusedSeconds: SHORT_KEEP_SECONDS,
  run: (call, args, signal) =>
    call(
      routeTable.models.list,
      { query: { query: args.query || null, offset: args.offset, limit: args.limit } },
      { signal },
    ),
};

export const likeGarment: MutationDef<{ guid: string; like: boolean }, Garment> = {
  name: 'likeGarment',
  invalidates: ['Garment'],
  run: (call, { guid, like }) =>
    call(like ? routeTable.garments.like : routeTable.garments.unlike, { params: { guid } }),
};
