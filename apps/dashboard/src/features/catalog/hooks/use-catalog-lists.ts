import type { Garment, Model } from '@tryon/contract';
import { type InfiniteList, type Page, useInfiniteList } from '../../../lib/api/infinite-list.ts';
import { catalogApi } from '../api/catalog-api.ts';
import { type CatalogItem, fromGarment, fromModel } from '../catalog-item.ts';

const garmentItems = (page: Page<Garment>) => page.items.map(fromGarment);
const modelItems = (page: Page<Model>) => page.items.map(fromModel);
const idOf = (item: CatalogItem) => item.id;
/** As before the cache: each visit of a screen, and each search, reads the list again. */
const fresh = { refetchOnMountOrArgChange: true } as const;

/** One search's garments, page after page; `skip` while the account data is not there (spec §6). */
export const useGarmentList = (query: string, skip: boolean): InfiniteList<CatalogItem> =>
  useInfiniteList(catalogApi.useGarmentListInfiniteQuery(query, { skip, ...fresh }), garmentItems, idOf);

export const useModelList = (query: string, skip: boolean): InfiniteList<CatalogItem> =>
  useInfiniteList(catalogApi.useModelListInfiniteQuery(query, { skip, ...fresh }), modelItems, idOf);
