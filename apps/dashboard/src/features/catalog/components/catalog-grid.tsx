import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InfiniteGrid } from '../../../components/infinite-grid.tsx';
import type { ApiFailure } from '../../../lib/api/api-error.ts';
import type { InfiniteList } from '../../../lib/api/infinite-list.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import type { CatalogItem } from '../catalog-item.ts';
import { type CardSelection, ItemCard } from './item-card.tsx';
import type { ItemMenuProps } from './item-menu.tsx';

type CardActions = Omit<ItemMenuProps, 'item' | 'name' | 'shopperUrl'> &
  Omit<CardSelection, 'selected' | 'priceText'> & {
    shopperUrlOf: (item: CatalogItem) => string | null;
    selected: ReadonlySet<string>;
    priceOf: (item: CatalogItem) => string;
  };

export function CatalogGrid({
  list,
  searching,
  onboarding,
  ...actions
}: { list: InfiniteList<CatalogItem>; searching: boolean; onboarding: ReactNode } & CardActions) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { shopperUrlOf, selected, priceOf, ...menu } = actions;
  return (
    <InfiniteGrid
      list={list}
      render={(item) => (
        <ItemCard
          key={item.id}
          item={item}
          shopperUrl={shopperUrlOf(item)}
          selected={selected.has(item.id)}
          priceText={priceOf(item)}
          {...menu}
        />
      )}
      emptyText={searching ? t('catalog.noResults') : t('catalog.empty')}
      empty={searching ? undefined : onboarding}
      errorText={errorText(list.error as ApiFailure, t('catalog.loadError'))}
    />
  );
}
