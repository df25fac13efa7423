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
