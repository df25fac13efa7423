import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { InfiniteList } from '../lib/api/infinite-list.ts';
import { CenteredLoader } from './centered-loader.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { LoadMoreSentinel } from './load-more-sentinel.tsx';
import { MasonryGrid } from './masonry-grid.tsx';

/** An infinite list in the masonry grid: loading, empty and error states, and the next page near the end. */
export function InfiniteGrid<T>({
  list,
  render,
  emptyText,
  empty,
  errorText,
}: {
  list: InfiniteList<T>;
  render: (item: T) => ReactNode;
  emptyText: string;
  /** Shown instead of `emptyText` when given: an empty state with next steps. */
  empty?: ReactNode;
  errorText: string;
}) {
  return (
    <>
      {list.items.length > 0 && <MasonryGrid>{list.items.map(render)}</MasonryGrid>}
      {list.loading && list.items.length === 0 && <CenteredLoader />}
      {!list.loading &&
        list.error === undefined &&
        !list.hasMore &&
        list.items.length === 0 &&
        (empty ?? (
          <Text c="dimmed" ta="center" py="xl">
            {emptyText}
          </Text>
        ))}
      {list.error !== undefined && <ErrorAlert message={errorText} onRetry={list.retry} />}
      <LoadMoreSentinel
        onVisible={list.loadMore}
        loading={list.loading && list.items.length > 0}
        active={list.hasMore && list.items.length > 0 && list.error === undefined}
      />
    </>
  );
}
