import { useViewportSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Masonry } from 'react-responsive-masonry';
import { masonryLayout } from './masonry-layout.ts';

/**
 * Spec §2 masonry: the column count and gutter follow the window's width (spec §9 breakpoints), not the
 * grid's own, which the menu and page padding make narrower.
 */
export function MasonryGrid({ children }: { children: ReactNode }) {
  const { width } = useViewportSize();
  const layout = masonryLayout(width || window.innerWidth);
  return (
    <div data-columns={layout.columns}>
      <Masonry columnsCount={layout.columns} gutter={`${layout.gutter}px`}>
        {children}
      </Masonry>
    </div>
  );
}
