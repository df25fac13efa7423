import type { ReactNode } from 'react';
import { Masonry, ResponsiveMasonry } from 'react-responsive-masonry';

/** Spec §2: 2 columns from 350 px up to 7 from 1350 px; gutters 12, 16 and 24 px. */
export const masonryColumns = { 0: 1, 350: 2, 550: 3, 750: 4, 900: 5, 1150: 6, 1350: 7 };
export const masonryGutters = { 0: '12px', 350: '12px', 750: '16px', 900: '24px' };

export function MasonryGrid({ children }: { children: ReactNode }) {
  return (
    <ResponsiveMasonry columnsCountBreakPoints={masonryColumns} gutterBreakPoints={masonryGutters}>
      <Masonry>{children}</Masonry>
    </ResponsiveMasonry>
  );
}
