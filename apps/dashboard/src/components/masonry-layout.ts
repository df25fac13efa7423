/** Spec §2: 2 columns from 350 px wide, 3 from 550, 4 from 750, 5 from 900, 6 from 1150, 7 from 1350. */
const columnSteps: readonly (readonly [number, number])[] = [
  [1350, 7],
  [1150, 6],
  [900, 5],
  [750, 4],
  [550, 3],
  [350, 2],
];
/** Spec §2: gutters 12 px from 350, 16 px from 750, 24 px from 900. */
const gutterSteps: readonly (readonly [number, number])[] = [
  [900, 24],
  [750, 16],
];

const pick = (steps: readonly (readonly [number, number])[], width: number, below: number) =>
  steps.find(([from]) => width >= from)?.[1] ?? below;

/** Columns and gutter (px) of the masonry grid for a window this wide. */
export const masonryLayout = (windowWidth: number) => ({
  columns: pick(columnSteps, windowWidth, 1),
  gutter: pick(gutterSteps, windowWidth, 12),
});
