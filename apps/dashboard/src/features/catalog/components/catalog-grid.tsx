import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadMoreSentinel } from '../../../components/load-more-sentinel.tsx';
import { MasonryGrid } from '../../../components/masonry-grid.tsx';
import type { ApiFailure } from '../../../lib/api/api-error.ts';
import type { PagedList } from '../../../lib/hooks/use-paged-list.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import type { CatalogItem } from '../catalog-item.ts';
import { ItemCard } from './item-card.tsx';
import type { ItemMenuProps } from './item-menu.tsx';

type CardActions = Omit<ItemMenuProps, 'item' | 'name' | 'shopperUrl'> & {
  shopperUrlOf: (item: CatalogItem) => string | null;
};

export function CatalogGrid({
  list,
  searching,
  retry,
  ...actions
}: { list: PagedList<CatalogItem, unknown>; searching: boolean; retry: () => void } & CardActions) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { shopperUrlOf, ...menu } = actions;
  const initialLoad = list.loading && list.items.length === 0;

  return (
    <>
      {list.items.length > 0 && (
        <MasonryGrid>
          {list.items.map((item) => (
            <ItemCard key={item.id} item={item} shopperUrl={shopperUrlOf(item)} {...menu} />
          ))}
        </MasonryGrid>
      )}
      {initialLoad && <CenteredLoader />}
      {!list.loading && !list.error && !list.hasMore && list.items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {searching ? t('catalog.noResults') : t('catalog.empty')}
        </Text>
      )}
      {list.error !== undefined && (
        <ErrorAlert message={errorText(list.error as ApiFailure, t('catalog.loadError'))} onRetry={retry} />
      )}
      <LoadMoreSentinel
        onVisible={list.loadMore}
        loading={list.loading && list.items.length > 0}
        active={list.hasMore && list.items.length > 0 && list.error === undefined}
      />
    </>
  );
}
