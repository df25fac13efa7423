import type { Garment, Model } from '@tryon/contract';
import { type InfiniteList, useInfiniteList } from '../../../lib/api/infinite-list.ts';
import { type CatalogPage, catalogApi, type ListArgs } from '../api/catalog-api.ts';
import { type CatalogItem, fromGarment, fromModel } from '../catalog-item.ts';

const garmentItems = (page: CatalogPage<Garment>) => page.items.map(fromGarment);
const modelItems = (page: CatalogPage<Model>) => page.items.map(fromModel);
const idOf = (item: CatalogItem) => item.id;
/** As before the cache: each visit of a screen, and each search, reads the list again. */
const fresh = { refetchOnMountOrArgChange: true } as const;

/** A list and the count of all its pages (from the first page), or null until it is known. */
export type CountedList = InfiniteList<CatalogItem> & { total: number | null };

const totalOf = (pages: readonly { total?: number | undefined }[] | undefined) => pages?.[0]?.total ?? null;

/** One search's garments, page after page; `skip` while the account data is not there (spec §6). */
export function useGarmentList(args: ListArgs, skip: boolean): CountedList {
  const result = catalogApi.useGarmentListInfiniteQuery(args, { skip, ...fresh });
  return { ...useInfiniteList(result, garmentItems, idOf), total: totalOf(result.data?.pages) };
}

export function useModelList(args: ListArgs, skip: boolean): CountedList {
  const result = catalogApi.useModelListInfiniteQuery(args, { skip, ...fresh });
  return { ...useInfiniteList(result, modelItems, idOf), total: totalOf(result.data?.pages) };
}
