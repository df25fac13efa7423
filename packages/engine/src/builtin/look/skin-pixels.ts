/** Lab deviations below these are noise, not the skin's spread; they keep a flat sample from rejecting all. */
const MIN_SD = [7, 3, 3] as const;
/** Widens the lightness spread by 1.5: light and shade move lightness across a face more than the cheeks show. */
const L_SLACK = 1.5;
/** Highlights (lighter than the skin's mean, and paler) count half as far: a shiny forehead is still skin. */
const HIGHLIGHT = 0.5;
/** Samples further than this from the first fit are dropped before the second (a strand over a cheek). */
const TRIM = 2.5;

/**
 * Which pixels (Lab, interleaved) look like the skin sampled where `sample` is set: a Gaussian colour model
 * (mean and full covariance of the samples, fitted twice, the second time without the outliers of the
 * first) and a Mahalanobis distance at most `maxDistance`. Hair, eyes, teeth, background and coloured light
 * on a non-skin surface fall outside it; shading mostly moves lightness, which the model lets vary most.
 */
export function skinPixels(lab: Float32Array, sample: Uint8Array, maxDistance: number): Uint8Array {
  const n = sample.length;
  const out = new Uint8Array(n);
  const first = fit(lab, sample);
  if (!first) return out.fill(1);
  const kept = new Uint8Array(n);
  for (let i = 0; i < n; i++) kept[i] = sample[i] && distance(lab, i, first) <= TRIM * TRIM ? 1 : 0;
  const model = fit(lab, kept) ?? first;
  const limit = maxDistance * maxDistance;
  for (let i = 0; i < n; i++) out[i] = distance(lab, i, model) <= limit ? 1 : 0;
  return out;
}

interface Gaussian {
  mean: [number, number, number];
  inverse: Matrix3;
}

function fit(lab: Float32Array, sample: Uint8Array): Gaussian | null {
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < sample.length; i++) {
    if (!sample[i]) continue;
    count++;
    for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (lab[i * 3 + c] ?? 0);
  }
  if (count < 8) return null;
  const mean: [number, number, number] = [
    (sum[0] ?? 0) / count,
    (sum[1] ?? 0) / count,
    (sum[2] ?? 0) / count,
  ];
  const cov = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = 0; i < sample.length; i++) {
    if (!sample[i]) continue;
    for (let r = 0; r < 3; r++) {
      const dr = (lab[i * 3 + r] ?? 0) - (mean[r] ?? 0);
      for (let c = 0; c < 3; c++) {
        cov[r * 3 + c] = (cov[r * 3 + c] ?? 0) + dr * ((lab[i * 3 + c] ?? 0) - (mean[c] ?? 0));
      }
    }
  }
  for (let k = 0; k < 9; k++) cov[k] = (cov[k] ?? 0) / count;
  for (let c = 0; c < 3; c++) cov[c * 4] = Math.max(cov[c * 4] ?? 0, (MIN_SD[c] ?? 1) ** 2);
  for (let c = 0; c < 3; c++) {
    cov[c] = (cov[c] ?? 0) * L_SLACK;
    cov[c * 3] = (cov[c * 3] ?? 0) * L_SLACK;
  }
  return { mean, inverse: invert3(cov) };
}

/** Squared Mahalanobis distance of pixel `i`. */
function distance(lab: Float32Array, i: number, g: Gaussian): number {
  const dl = (lab[i * 3] ?? 0) - g.mean[0];
  const lighter = dl > 0;
  const d0 = lighter ? dl * HIGHLIGHT : dl;
  // A highlight also pales the skin toward grey: that way chroma counts half as well.
  const a = (lab[i * 3 + 1] ?? 0) - g.mean[1];
  const b = (lab[i * 3 + 2] ?? 0) - g.mean[2];
  const d1 = lighter && a * g.mean[1] < 0 ? a * HIGHLIGHT : a;
  const d2 = lighter && b * g.mean[2] < 0 ? b * HIGHLIGHT : b;
  const m = g.inverse;
  return (
    d0 * (m[0] * d0 + m[1] * d1 + m[2] * d2) +
    d1 * (m[3] * d0 + m[4] * d1 + m[5] * d2) +
    d2 * (m[6] * d0 + m[7] * d1 + m[8] * d2)
  );
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
