import { pageSizes } from '@tryon/contract';
import { shopperUrls } from '../../lib/urls/shopper-urls.ts';
import { type CatalogActions, useGarmentActions, useModelActions } from './hooks/use-catalog-actions.ts';
import { filterSuggestions, garmentSuggestions, type Suggestion } from './search-suggestions.ts';

/** What differs between the Garments and the Models screens; everything else is shared. */
export interface CatalogKind {
  kind: 'garment' | 'model';
  pageSize: number;
  shopperUrl: (code: string, publicKey: string) => string;
  publicPage: (suid: string) => string;
  suggestions: readonly Suggestion[];
  withCategoryAndPrice: boolean;
  useActions: () => CatalogActions;
}

export const garmentKind: CatalogKind = {
  kind: 'garment',
  pageSize: pageSizes.garments,
  shopperUrl: shopperUrls.garmentTryon,
  publicPage: shopperUrls.shopGarments,
  suggestions: garmentSuggestions,
  withCategoryAndPrice: true,
  useActions: useGarmentActions,
};

export const modelKind: CatalogKind = {
  kind: 'model',
  pageSize: pageSizes.models,
  shopperUrl: shopperUrls.modelLook,
  publicPage: shopperUrls.shopModels,
  suggestions: filterSuggestions,
  withCategoryAndPrice: false,
  useActions: useModelActions,
};
