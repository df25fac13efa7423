import { Table, type TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below this width tables stack: one card per row, each cell labelled by its column (`data-label`). */
export const STACK_TABLES_BELOW = '36em';

/**
 * A table that scrolls sideways on narrow desktops but, on phones, shows each row as a block of labelled lines
 * (global.css `.stacked-table`), so no row loses its labels. Cells name their column with `data-label`.
 */
export function StackedTable({ minWidth, ...props }: TableProps & { minWidth: number }) {
  const phone = useMediaQuery(`(max-width: ${STACK_TABLES_BELOW})`);
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : minWidth}>
      <Table {...props} className="stacked-table" />
    </Table.ScrollContainer>
  );
}
