import type { SkinStats } from './skin-stats.ts';

/**
 * The spread of a channel may change by at most these factors (lightness, then a and b): the model's own
 * light and shade, which set the lightness spread, stay hers; only the tone moves.
 */
const GAIN = [
  [0.85, 1.15],
  [0.7, 1.3],
  [0.7, 1.3],
] as const;

/**
 * The share of the shift in mean lightness that is carried: a photo's exposure and light move lightness as
 * much as skin does, and all of it made a well-lit pale shopper's face glow in a dark, moody photo.
 */
const LIGHT_SHARE = 0.5;
/** And never more than this (Lab L): a pale shopper's face in a dark, moody photo still glowed at half. */
const MAX_LIGHT = 8;

/**
 * Moves skin (Lab, interleaved, changed in place) from one tone to another, each pixel by its `weight` (0
 * to 1): each channel's deviation from the old mean, scaled by the ratio of spreads, around the new mean.
 * A transfer of statistics, not paint: the shading, pores and blush of the skin stay, at the new tone.
 */
export function retoneSkin(lab: Float32Array, weight: Float32Array, from: SkinStats, to: SkinStats): void {
  const gains = GAIN.map(([lo, hi], c) =>
    Math.min(hi, Math.max(lo, (to.sd[c] ?? 1) / Math.max(0.5, from.sd[c] ?? 1))),
  );
  for (let i = 0; i < weight.length; i++) {
    const w = weight[i] ?? 0;
    if (w <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const v = lab[i * 3 + c] ?? 0;
      const gap = (to.mean[c] ?? 0) - (from.mean[c] ?? 0);
      const shift = c === 0 ? Math.max(-MAX_LIGHT, Math.min(MAX_LIGHT, gap * LIGHT_SHARE)) : gap;
      const moved = (v - (from.mean[c] ?? 0)) * (gains[c] ?? 1) + (from.mean[c] ?? 0) + shift;
      lab[i * 3 + c] = v + (moved - v) * w;
    }
  }
}
