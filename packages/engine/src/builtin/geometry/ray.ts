/**
 * The furthest step (1 to `max`) along a ray at which `hit` holds, walking on through up to `gap` misses in a
 * row; 0 when it holds at none. `hit` answers null where the ray leaves its grid, which ends the walk.
 */
export function lastAlong(max: number, gap: number, hit: (step: number) => boolean | null): number {
  let last = 0;
  for (let step = 1, missed = 0; step <= max && missed <= gap; step++) {
    const h = hit(step);
    if (h === null) break;
    if (h) {
      last = step;
      missed = 0;
    } else missed++;
  }
  return last;
}
