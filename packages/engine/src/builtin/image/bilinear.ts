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

/**
 * `rgb` (three values a cell, `w` x `h` cells) read bilinearly at (x, y), the point clamped to the grid's
 * edges, into `out`: over the cells `keep` holds (over 0; every cell when null) only, their weights made
 * whole again, so no colour of a cell left out bleeds in (a garment's backdrop at its outline, the person
 * beside a hole). False, `out` unchanged, when none of the four cells round the point is kept.
 */
export function bilinearRgb(
  rgb: ArrayLike<number>,
  w: number,
  h: number,
  x: number,
  y: number,
  keep: ArrayLike<number> | null,
  out: Float32Array | Float64Array,
): boolean {
  const cx = Math.min(w - 1, Math.max(0, x));
  const cy = Math.min(h - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const tx = cx - x0;
  const ty = cy - y0;
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  let r = 0;
  let g = 0;
  let b = 0;
  let total = 0;
  for (let c = 0; c < 4; c++) {
    const j = (c < 2 ? y0 : y1) * w + (c % 2 === 0 ? x0 : x1);
    const weight = (c % 2 === 0 ? 1 - tx : tx) * (c < 2 ? 1 - ty : ty);
    if ((keep !== null && (keep[j] ?? 0) <= 0) || weight <= 0) continue;
    r += (rgb[j * 3] ?? 0) * weight;
    g += (rgb[j * 3 + 1] ?? 0) * weight;
    b += (rgb[j * 3 + 2] ?? 0) * weight;
    total += weight;
  }
  if (total <= 0) return false;
  out[0] = r / total;
  out[1] = g / total;
  out[2] = b / total;
  return true;
}
