import { shopperUrls } from '@tryon/web';
import type { ListArgs } from './api/catalog-api.ts';
import { type CatalogActions, useGarmentActions, useModelActions } from './hooks/use-catalog-actions.ts';
import { type CountedList, useGarmentList, useModelList } from './hooks/use-catalog-lists.ts';
import { filterSuggestions, garmentSuggestions, type Suggestion } from './search-suggestions.ts';

/** What differs between the Garments and the Models screens; everything else is shared. */
export interface CatalogKind {
  kind: 'garment' | 'model';
  shopperUrl: (code: string, publicKey: string) => string;
  publicPage: (suid: string) => string;
  suggestions: readonly Suggestion[];
  withCategoryAndPrice: boolean;
  useActions: () => CatalogActions;
  /** One search's items, page after page; `skip` waits (for the account data, spec §6). */
  useList: (args: ListArgs, skip: boolean) => CountedList;
}

export const garmentKind: CatalogKind = {
  kind: 'garment',
  shopperUrl: shopperUrls.garmentTryon,
  publicPage: shopperUrls.shopGarments,
  suggestions: garmentSuggestions,
  withCategoryAndPrice: true,
  useActions: useGarmentActions,
  useList: useGarmentList,
};

export const modelKind: CatalogKind = {
  kind: 'model',
  shopperUrl: shopperUrls.modelLook,
  publicPage: shopperUrls.shopModels,
  suggestions: filterSuggestions,
  withCategoryAndPrice: false,
  useActions: useModelActions,
  useList: useModelList,
};
