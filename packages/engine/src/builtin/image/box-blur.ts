/** A box blur of radius r, horizontal then vertical, by running sums. */
export function boxBlur(values: Float32Array, w: number, h: number, r: number): Float32Array {
  if (r < 1) return values;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  const n = 2 * r + 1;
  for (let y = 0; y < h; y++) {
    let s = 0;
    for (let x = -r; x <= r; x++) s += values[y * w + Math.min(w - 1, Math.max(0, x))] ?? 0;
    for (let x = 0; x < w; x++) {
      tmp[y * w + x] = s / n;
      s += (values[y * w + Math.min(w - 1, x + r + 1)] ?? 0) - (values[y * w + Math.max(0, x - r)] ?? 0);
    }
  }
  // Down the columns with a running sum per column, row by row: in memory order, not a column at a time.
  const sums = new Float64Array(w);
  for (let y = -r; y <= r; y++) {
    const row = Math.min(h - 1, Math.max(0, y)) * w;
    for (let x = 0; x < w; x++) sums[x] = (sums[x] ?? 0) + (tmp[row + x] ?? 0);
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const entering = Math.min(h - 1, y + r + 1) * w;
    const leaving = Math.max(0, y - r) * w;
    for (let x = 0; x < w; x++) {
      const s = sums[x] ?? 0;
      out[row + x] = s / n;
      sums[x] = s + ((tmp[entering + x] ?? 0) - (tmp[leaving + x] ?? 0));
    }
  }
  return out;
}

/**
 * `boxBlur` of `values` that are 0 outside `inner` (a box of the w x h grid), worked over `inner` grown by
 * `r` only: the result is the same (0 further out), at the cost of the box rather than the grid. The
 * clean-up's paint covers a small part of the region round the arms and neck it blurs.
 */
export function boxBlurAround(
  values: Float32Array,
  w: number,
  h: number,
  r: number,
  inner: { left: number; top: number; width: number; height: number },
): Float32Array {
  if (r < 1) return values;
  if (inner.width <= 0 || inner.height <= 0) return new Float32Array(w * h);
  const x0 = Math.max(0, inner.left - r);
  const y0 = Math.max(0, inner.top - r);
  const x1 = Math.min(w, inner.left + inner.width + r);
  const y1 = Math.min(h, inner.top + inner.height + r);
  const out = new Float32Array(w * h);
  if (x1 <= x0 || y1 <= y0) return out;
  const cw = x1 - x0;
  const ch = y1 - y0;
  const crop = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) crop.set(values.subarray((y0 + y) * w + x0, (y0 + y) * w + x1), y * cw);
  const blurred = boxBlur(crop, cw, ch, r);
  for (let y = 0; y < ch; y++) out.set(blurred.subarray(y * cw, (y + 1) * cw), (y0 + y) * w + x0);
  return out;
}
