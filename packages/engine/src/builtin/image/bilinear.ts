/**
 * `grid` (`w` x `h` values a row) read bilinearly at (x, y), the point clamped to the grid's edges: between
 * cells' values with no step, as a map of gains or a fold's coverage is read at a pixel.
 */
export function bilinear(grid: ArrayLike<number>, w: number, h: number, x: number, y: number): number {
  const cx = Math.min(w - 1, Math.max(0, x));
  const cy = Math.min(h - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const tx = cx - x0;
  const ty = cy - y0;
  const top = (grid[y0 * w + x0] ?? 0) * (1 - tx) + (grid[y0 * w + x1] ?? 0) * tx;
  const bottom = (grid[y1 * w + x0] ?? 0) * (1 - tx) + (grid[y1 * w + x1] ?? 0) * tx;
  return top * (1 - ty) + bottom * ty;
}
