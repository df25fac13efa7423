import type { ClientError } from '@tryon/client';
import { type BulkAnswer, catalogApi, type EditArgs, type GarmentFields } from '../api/catalog-api.ts';
import { type CatalogItem, fromGarment, fromModel } from '../catalog-item.ts';

type Outcome<T> = { data: T; error?: undefined } | { data?: undefined; error: ClientError | undefined };

export interface CatalogActions {
  addFile: (file: File, fields: GarmentFields) => Promise<Outcome<CatalogItem>>;
  addUrl: (imageUrl: string, fields: GarmentFields) => Promise<Outcome<CatalogItem>>;
  update: (args: EditArgs) => Promise<Outcome<CatalogItem>>;
  remove: (id: string) => Promise<Outcome<unknown>>;
  replaceImage: (id: string, file: File) => Promise<Outcome<CatalogItem>>;
  bulkRemove: (ids: readonly string[]) => Promise<Outcome<BulkAnswer>>;
  /** Garments only (models have no category). */
  bulkCategorize?: (ids: readonly string[], category: string) => Promise<Outcome<BulkAnswer>>;
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
  const [replaceImage] = catalogApi.useReplaceGarmentImageMutation();
  const [bulkRemove] = catalogApi.useBulkRemoveGarmentsMutation();
  const [bulkCategorize] = catalogApi.useBulkCategorizeGarmentsMutation();
  return {
    replaceImage: async (id, file) => outcome(await replaceImage({ id, file }), fromGarment),
    bulkRemove: async (ids) => outcome(await bulkRemove(ids), (answer) => answer),
    bulkCategorize: async (ids, category) => outcome(await bulkCategorize({ ids, category }), (a) => a),
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
  const [replaceImage] = catalogApi.useReplaceModelImageMutation();
  const [bulkRemove] = catalogApi.useBulkRemoveModelsMutation();
  const withoutGarmentFields = ({ category: _c, price: _p, ...rest }: GarmentFields) => rest;
  return {
    addFile: async (file, fields) =>
      outcome(await addFile({ file, fields: withoutGarmentFields(fields) }), fromModel),
    addUrl: async (imageUrl, fields) =>
      outcome(await addUrl({ imageUrl, fields: withoutGarmentFields(fields) }), fromModel),
    update: async (args) => outcome(await update(args), fromModel),
    replaceImage: async (id, file) => outcome(await replaceImage({ id, file }), fromModel),
    bulkRemove: async (ids) => outcome(await bulkRemove(ids), (answer) => answer),
    remove: async (id) => outcome(await remove(id), (ok) => ok),
  };
}
