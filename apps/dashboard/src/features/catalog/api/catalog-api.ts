import type { Garment, Model } from '@tryon/contract';
import { routeTable } from '@tryon/contract/route-table';
import { api, SHORT_CACHE_SECONDS } from '../../../lib/api/api.ts';
import { callArgs } from '../../../lib/api/base-query.ts';

export interface ListArgs {
  query?: string;
  offset: number;
  limit: number;
}
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
interface Page<T> {
  items: T[];
  nextOffset: number | null;
}

const garmentId = (guid: string) => ({ guid });
const modelId = (muid: string) => ({ muid });

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
const fields = <T extends object>(input: T): T =>
  Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? blank(v) : v])) as T;

const fileBody = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

/** Garments and models work the same way (spec §2); model changes refresh Model, garment changes Garment. */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    garmentList: build.query<Page<Garment>, ListArgs>({
      query: (args) => callArgs(routeTable.garments.list, { query: fields(args) }),
      providesTags: ['Garment'],
      keepUnusedDataFor: SHORT_CACHE_SECONDS,
    }),
    addGarmentFile: build.mutation<Garment, { file: File; fields: GarmentFields }>({
      query: (args) => callArgs(routeTable.garments.add, { query: fields(args.fields) }, fileBody(args.file)),
      invalidatesTags: ['Garment'],
    }),
    addGarmentUrl: build.mutation<Garment, { imageUrl: string; fields: GarmentFields }>({
      query: (args) =>
        callArgs(routeTable.garments.addUrl, {
          query: { ...fields(args.fields), garment_url: args.imageUrl },
        }),
      invalidatesTags: ['Garment'],
    }),
    updateGarment: build.mutation<Garment, EditArgs>({
      query: ({ id, description, url }) =>
        callArgs(routeTable.garments.update, { params: garmentId(id), query: { description, url } }),
      invalidatesTags: ['Garment'],
    }),
    removeGarment: build.mutation<{ ok: true }, string>({
      query: (id) => callArgs(routeTable.garments.remove, { params: garmentId(id) }),
      invalidatesTags: ['Garment'],
    }),
    modelList: build.query<Page<Model>, ListArgs>({
      query: (args) => callArgs(routeTable.models.list, { query: fields(args) }),
      providesTags: ['Model'],
      keepUnusedDataFor: SHORT_CACHE_SECONDS,
    }),
    addModelFile: build.mutation<Model, { file: File; fields: ItemFields }>({
      query: (args) => callArgs(routeTable.models.add, { query: fields(args.fields) }, fileBody(args.file)),
      invalidatesTags: ['Model'],
    }),
    addModelUrl: build.mutation<Model, { imageUrl: string; fields: ItemFields }>({
      query: (args) =>
        callArgs(routeTable.models.addUrl, {
          query: { ...fields(args.fields), model_image_url: args.imageUrl },
        }),
      invalidatesTags: ['Model'],
    }),
    updateModel: build.mutation<Model, EditArgs>({
      query: ({ id, description, url }) =>
        callArgs(routeTable.models.update, { params: modelId(id), query: { description, url } }),
      invalidatesTags: ['Model'],
    }),
    removeModel: build.mutation<{ ok: true }, string>({
      query: (id) => callArgs(routeTable.models.remove, { params: modelId(id) }),
      invalidatesTags: ['Model'],
    }),
  }),
});
