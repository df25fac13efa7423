import { type Garment, type Model, pageSizes } from '@tryon/contract';
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
  description: string;
  url: string;
}
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
    garmentList: build.infiniteQuery<Page<Garment>, string, number>({
      infiniteQueryOptions: offsetPaging(pageSizes.garments),
      query: ({ queryArg, pageParam }) =>
        callArgs(routeTable.garments.list, {
          query: fields({ query: queryArg, offset: pageParam, limit: pageSizes.garments }),
        }),
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
      query: ({ id, description, url }) =>
        callArgs(routeTable.garments.update, { params: garmentId(id), query: { description, url } }),
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
    removeGarment: build.mutation<{ ok: true }, string>({
      query: (id) => callArgs(routeTable.garments.remove, { params: garmentId(id) }),
      invalidatesTags: ['Garment'],
    }),
    modelList: build.infiniteQuery<Page<Model>, string, number>({
      infiniteQueryOptions: offsetPaging(pageSizes.models),
      query: ({ queryArg, pageParam }) =>
        callArgs(routeTable.models.list, {
          query: fields({ query: queryArg, offset: pageParam, limit: pageSizes.models }),
        }),
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
      query: ({ id, description, url }) =>
        callArgs(routeTable.models.update, { params: modelId(id), query: { description, url } }),
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
  }),
});
