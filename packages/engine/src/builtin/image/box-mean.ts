/**
 * Each pixel's mean of `value` (three channels a pixel, `width` x `height`) over the square of `radius`
 * round it (cut at the edges), each pixel weighing `weight` (1 each when null); 0 where the square weighs
 * nothing. By summed-area tables: the cost does not grow with the radius.
 */
export function boxMean(
  value: Float32Array,
  weight: ArrayLike<number> | null,
  width: number,
  height: number,
  radius: number,
): Float32Array {
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1) * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const w = weight === null ? 1 : (weight[i] ?? 0);
      const o = ((y + 1) * stride + x + 1) * 4;
      const up = (y * stride + x + 1) * 4;
      const left = ((y + 1) * stride + x) * 4;
      const diagonal = (y * stride + x) * 4;
      for (let c = 0; c < 4; c++) {
        const own = c === 3 ? w : w * (value[i * 3 + c] ?? 0);
        sums[o + c] = own + (sums[up + c] ?? 0) + (sums[left + c] ?? 0) - (sums[diagonal + c] ?? 0);
      }
    }
  }
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const a = (y1 * stride + x1) * 4;
      const b = (y0 * stride + x1) * 4;
      const c = (y1 * stride + x0) * 4;
      const d = (y0 * stride + x0) * 4;
      const w = (sums[a + 3] ?? 0) - (sums[b + 3] ?? 0) - (sums[c + 3] ?? 0) + (sums[d + 3] ?? 0);
      if (w <= 0) continue;
      for (let k = 0; k < 3; k++) {
        out[(y * width + x) * 3 + k] =
          ((sums[a + k] ?? 0) - (sums[b + k] ?? 0) - (sums[c + k] ?? 0) + (sums[d + k] ?? 0)) / w;
      }
    }
  }
  return out;
}
