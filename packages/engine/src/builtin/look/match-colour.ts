/**
 * Moves the colours of `rgb` (where `weight` > 0.5) to the mean and deviation, per channel, of `target`
 * over the same pixels, so a face from another photo takes on this photo's skin tone and light.
 */
export function matchColour(rgb: Float32Array, target: Float32Array, weight: Float32Array): void {
  for (let c = 0; c < 3; c++) {
    const a = stats(rgb, weight, c);
    const b = stats(target, weight, c);
    const gain = Math.min(2, Math.max(0.5, b.sd / Math.max(1, a.sd)));
    for (let i = 0; i < weight.length; i++) {
      const v = rgb[i * 3 + c] ?? 0;
      rgb[i * 3 + c] = Math.min(255, Math.max(0, (v - a.mean) * gain + b.mean));
    }
  }
}

function stats(rgb: Float32Array, weight: Float32Array, c: number): { mean: number; sd: number } {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < weight.length; i++) {
    if ((weight[i] ?? 0) < 0.5) continue;
    const v = rgb[i * 3 + c] ?? 0;
    n++;
    sum += v;
    sq += v * v;
  }
  const mean = n ? sum / n : 0;
  return { mean, sd: n ? Math.sqrt(Math.max(0, sq / n - mean * mean)) : 1 };
}
