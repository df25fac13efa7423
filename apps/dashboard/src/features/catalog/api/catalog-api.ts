import {
  type CatalogSort,
  type Garment,
  type Look,
  type Model,
  pageSizes,
  type TryOn,
} from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api, SHORT_CACHE_SECONDS } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';
import { offsetPaging, type Page } from '../../../lib/api/infinite-list.ts';

export interface ItemFields {
  name?: string;
  description?: string;
  url?: string;
}
export interface GarmentFields extends ItemFields {
  category?: string;
  price?: string;
}
export interface EditArgs {
  id: string;
  name: string;
  description: string;
  url: string;
  category?: string;
  price?: string;
}
/** One list of the screen: a search and an order. */
export interface ListArgs {
  query: string;
  sort: CatalogSort;
}
/** A page of a catalogue list: the first carries the count of the whole list. */
export type CatalogPage<T> = Page<T> & { total?: number | undefined };
export interface BulkAnswer {
  done: number;
  not_found: string[];
}
/** Try-ons shown on an item's detail panel. */
const ITEM_RENDERS = 12;
const garmentId = (guid: string) => ({ guid });
const modelId = (muid: string) => ({ muid });

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
const fields = <T extends object>(input: T): T =>
  Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? blank(v) : v])) as T;

/** Puts an edited item into the cached pages in place of its old copy. */
function patchLists<T, K extends keyof T>(lists: { pages: Page<T>[] }, key: K, edited: T): void {
  for (const page of lists.pages) {
    page.items = page.items.map((item) => (item[key] === edited[key] ? edited : item));
  }
}

/** A failed edit changes nothing cached; the caller shows the error. */
const ignoreFailure = () => undefined;

const listQuery = (args: ListArgs, offset: number, limit: number) => ({
  ...fields({ query: args.query }),
  ...(args.sort === 'newest' ? {} : { sort: args.sort }),
  offset,
  limit,
});
const bulkIds = (ids: readonly string[]) => ids.join(',');

const fileBody = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

/**
 * Garments and models work the same way (spec §2). Lists are infinite queries, one per search. An add or a
 * removal refreshes them through their tag (an add the account data too, spec §4); an edit puts the server's
 * answer into every cached page (`patchLists`), with no request.
 */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    garmentList: build.infiniteQuery<CatalogPage<Garment>, ListArgs, number>({
      infiniteQueryOptions: offsetPaging(pageSizes.garments),
      query: ({ queryArg, pageParam }) =>
        callArgs(routeTable.garments.list, { query: listQuery(queryArg, pageParam, pageSizes.garments) }),
      providesTags: ['Garment'],
      keepUnusedDataFor: SHORT_CACHE_SECONDS,
    }),
    addGarmentFile: build.mutation<Garment, { file: File; fields: GarmentFields }>({
      query: (args) => callArgs(routeTable.garments.add, { query: fields(args.fields) }, fileBody(args.file)),
      invalidatesTags: ['Garment', 'User'],
    }),
    addGarmentUrl: build.mutation<Garment, { imageUrl: string; fields: GarmentFields }>({
      query: (args) =>
        callArgs(routeTable.garments.addUrl, {
          query: { ...fields(args.fields), garment_url: args.imageUrl },
        }),
      invalidatesTags: ['Garment', 'User'],
    }),
    updateGarment: build.mutation<Garment, EditArgs>({
      query: ({ id, ...changes }) =>
        callArgs(routeTable.garments.update, { params: garmentId(id), query: changes }),
      // A new name, category or price may move the item in a sorted or searched list: read them again.
      invalidatesTags: ['Garment'],
    }),
    replaceGarmentImage: build.mutation<Garment, { id: string; file: File }>({
      query: ({ id, file }) =>
        callArgs(routeTable.garments.updateImage, { params: garmentId(id) }, fileBody(file)),
      onQueryStarted: (_args, { queryFulfilled, dispatch, getState }) =>
        queryFulfilled.then(({ data }) => {
          for (const search of catalogApi.util.selectCachedArgsForQuery(getState(), 'garmentList')) {
            dispatch(
              catalogApi.util.updateQueryData('garmentList', search, (lists) =>
                patchLists(lists, 'guid', data),
              ),
            );
          }
        }, ignoreFailure),
    }),
    bulkRemoveGarments: build.mutation<BulkAnswer, readonly string[]>({
      query: (ids) => callArgs(routeTable.garments.bulkRemove, { query: { ids: bulkIds(ids) } }),
      invalidatesTags: ['Garment', 'User'],
    }),
    bulkCategorizeGarments: build.mutation<BulkAnswer, { ids: readonly string[]; category: string }>({
      query: ({ ids, category }) =>
        callArgs(routeTable.garments.bulkUpdate, { query: { ids: bulkIds(ids), category } }),
      invalidatesTags: ['Garment'],
    }),
    removeGarment: build.mutation<{ ok: true }, string>({
      query: (id) => callArgs(routeTable.garments.remove, { params: garmentId(id) }),
      invalidatesTags: ['Garment'],
    }),
    modelList: build.infiniteQuery<CatalogPage<Model>, ListArgs, number>({
      infiniteQueryOptions: offsetPaging(pageSizes.models),
      query: ({ queryArg, pageParam }) =>
        callArgs(routeTable.models.list, { query: listQuery(queryArg, pageParam, pageSizes.models) }),
      providesTags: ['Model'],
      keepUnusedDataFor: SHORT_CACHE_SECONDS,
    }),
    addModelFile: build.mutation<Model, { file: File; fields: ItemFields }>({
      query: (args) => callArgs(routeTable.models.add, { query: fields(args.fields) }, fileBody(args.file)),
      invalidatesTags: ['Model', 'User'],
    }),
    addModelUrl: build.mutation<Model, { imageUrl: string; fields: ItemFields }>({
      query: (args) =>
        callArgs(routeTable.models.addUrl, {
          query: { ...fields(args.fields), model_image_url: args.imageUrl },
        }),
      invalidatesTags: ['Model', 'User'],
    }),
    updateModel: build.mutation<Model, EditArgs>({
      query: ({ id, name, description, url }) =>
        callArgs(routeTable.models.update, { params: modelId(id), query: { name, description, url } }),
      invalidatesTags: ['Model'],
    }),
    replaceModelImage: build.mutation<Model, { id: string; file: File }>({
      query: ({ id, file }) =>
        callArgs(routeTable.models.updateImage, { params: modelId(id) }, fileBody(file)),
      onQueryStarted: (_args, { queryFulfilled, dispatch, getState }) =>
        queryFulfilled.then(({ data }) => {
          for (const search of catalogApi.util.selectCachedArgsForQuery(getState(), 'modelList')) {
            dispatch(
              catalogApi.util.updateQueryData('modelList', search, (lists) =>
                patchLists(lists, 'muid', data),
              ),
            );
          }
        }, ignoreFailure),
    }),
    removeModel: build.mutation<{ ok: true }, string>({
      query: (id) => callArgs(routeTable.models.remove, { params: modelId(id) }),
      invalidatesTags: ['Model'],
    }),
    bulkRemoveModels: build.mutation<BulkAnswer, readonly string[]>({
      query: (ids) => callArgs(routeTable.models.bulkRemove, { query: { ids: bulkIds(ids) } }),
      invalidatesTags: ['Model', 'User'],
    }),
    /** The newest try-ons made with a garment or model, for its detail panel. */
    itemTryons: build.query<Page<TryOn>, string>({
      query: (item) => callArgs(routeTable.tryOns.list, { query: { item, limit: ITEM_RENDERS } }),
      providesTags: ['Tryon'],
    }),
    /** The newest looks made with a model, for its detail panel. */
    itemLooks: build.query<Page<Look>, string>({
      query: (item) => callArgs(routeTable.looks.list, { query: { item, limit: ITEM_RENDERS } }),
      providesTags: ['Look'],
    }),
  }),
});
