/** Lab deviations below these are noise, not the skin's spread; they keep a flat sample from rejecting all. */
const MIN_SD = [7, 3, 3] as const;

/**
 * Which pixels (Lab, interleaved) look like the skin sampled where `sample` is set: a Gaussian colour model
 * (mean and full covariance of the samples) and a Mahalanobis distance at most `maxDistance`. Hair, eyes,
 * teeth, background and coloured light on a non-skin surface fall outside it; shading within the skin
 * mostly moves lightness, which the model lets vary most.
 */
export function skinPixels(lab: Float32Array, sample: Uint8Array, maxDistance: number): Uint8Array {
  const n = sample.length;
  const mean = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (!sample[i]) continue;
    count++;
    for (let c = 0; c < 3; c++) mean[c] = (mean[c] ?? 0) + (lab[i * 3 + c] ?? 0);
  }
  const out = new Uint8Array(n);
  if (count < 8) return out.fill(1);
  for (let c = 0; c < 3; c++) mean[c] = (mean[c] ?? 0) / count;
  const cov = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    if (!sample[i]) continue;
    for (let r = 0; r < 3; r++) {
      const dr = (lab[i * 3 + r] ?? 0) - (mean[r] ?? 0);
      for (let c = 0; c < 3; c++)
        cov[r * 3 + c] = (cov[r * 3 + c] ?? 0) + dr * ((lab[i * 3 + c] ?? 0) - (mean[c] ?? 0));
    }
  }
  for (let k = 0; k < 9; k++) cov[k] = (cov[k] ?? 0) / count;
  for (let c = 0; c < 3; c++) cov[c * 4] = Math.max(cov[c * 4] ?? 0, (MIN_SD[c] ?? 1) ** 2);
  const inv = invert3(cov);
  const limit = maxDistance * maxDistance;
  for (let i = 0; i < n; i++) {
    const d0 = (lab[i * 3] ?? 0) - (mean[0] ?? 0);
    const d1 = (lab[i * 3 + 1] ?? 0) - (mean[1] ?? 0);
    const d2 = (lab[i * 3 + 2] ?? 0) - (mean[2] ?? 0);
    const q =
      d0 * (inv[0] * d0 + inv[1] * d1 + inv[2] * d2) +
      d1 * (inv[3] * d0 + inv[4] * d1 + inv[5] * d2) +
      d2 * (inv[6] * d0 + inv[7] * d1 + inv[8] * d2);
    out[i] = q <= limit ? 1 : 0;
  }
  return out;
}

type Matrix3 = [number, number, number, number, number, number, number, number, number];

function invert3(m: readonly number[]): Matrix3 {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, k = 0] = m;
  const A = e * k - f * h;
  const B = -(d * k - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C || 1e-9;
  return [
    A / det,
    -(b * k - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * k - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ];
}
