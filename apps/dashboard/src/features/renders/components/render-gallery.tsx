import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadMoreSentinel } from '../../../components/load-more-sentinel.tsx';
import { MasonryGrid } from '../../../components/masonry-grid.tsx';
import type { PagedList } from '../../../lib/hooks/use-paged-list.ts';

/** Loading, empty and error states around the masonry grid with infinite scroll. */
export function RenderGallery<T>({
  list,
  render,
  emptyText,
  errorText,
}: {
  list: PagedList<T, unknown>;
  render: (item: T) => ReactNode;
  emptyText: string;
  errorText: string;
}) {
  return (
    <>
      {list.items.length > 0 && <MasonryGrid>{list.items.map(render)}</MasonryGrid>}
      {list.loading && list.items.length === 0 && <CenteredLoader />}
      {!list.loading && list.error === undefined && !list.hasMore && list.items.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {emptyText}
        </Text>
      )}
      {list.error !== undefined && <ErrorAlert message={errorText} onRetry={list.reset} />}
      <LoadMoreSentinel
        onVisible={list.loadMore}
        loading={list.loading && list.items.length > 0}
        active={list.hasMore && list.items.length > 0 && list.error === undefined}
      />
    </>
  );
}
