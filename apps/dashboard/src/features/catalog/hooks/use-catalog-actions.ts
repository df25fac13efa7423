import type { ClientError } from '@tryon/client';
import { catalogApi, type EditArgs, type GarmentFields } from '../api/catalog-api.ts';
import { type CatalogItem, fromGarment, fromModel } from '../catalog-item.ts';

type Outcome<T> = { data: T; error?: undefined } | { data?: undefined; error: ClientError | undefined };

export interface CatalogActions {
  addFile: (file: File, fields: GarmentFields) => Promise<Outcome<CatalogItem>>;
  addUrl: (imageUrl: string, fields: GarmentFields) => Promise<Outcome<CatalogItem>>;
  update: (args: EditArgs) => Promise<Outcome<CatalogItem>>;
  remove: (id: string) => Promise<Outcome<unknown>>;
}

function outcome<T, U>(result: { data?: T; error?: unknown }, map: (data: T) => U): Outcome<U> {
  if (result.data !== undefined) return { data: map(result.data) };
  return { error: result.error as ClientError | undefined };
}

export function useGarmentActions(): CatalogActions {
  const [addFile] = catalogApi.useAddGarmentFileMutation();
  const [addUrl] = catalogApi.useAddGarmentUrlMutation();
  const [update] = catalogApi.useUpdateGarmentMutation();
  const [remove] = catalogApi.useRemoveGarmentMutation();
  return {
    addFile: async (file, fields) => outcome(await addFile({ file, fields }), fromGarment),
    addUrl: async (imageUrl, fields) => outcome(await addUrl({ imageUrl, fields }), fromGarment),
    update: async (args) => outcome(await update(args), fromGarment),
    remove: async (id) => outcome(await remove(id), (ok) => ok),
  };
}

export function useModelActions(): CatalogActions {
  const [addFile] = catalogApi.useAddModelFileMutation();
  const [addUrl] = catalogApi.useAddModelUrlMutation();
  const [update] = catalogApi.useUpdateModelMutation();
  const [remove] = catalogApi.useRemoveModelMutation();
  const withoutGarmentFields = ({ category: _c, price: _p, ...rest }: GarmentFields) => rest;
  return {
    addFile: async (file, fields) =>
      outcome(await addFile({ file, fields: withoutGarmentFields(fields) }), fromModel),
    addUrl: async (imageUrl, fields) =>
      outcome(await addUrl({ imageUrl, fields: withoutGarmentFields(fields) }), fromModel),
    update: async (args) => outcome(await update(args), fromModel),
    remove: async (id) => outcome(await remove(id), (ok) => ok),
  };
}
