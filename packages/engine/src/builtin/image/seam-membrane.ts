import { boxMean } from './box-mean.ts';

/**
 * The colour correction that makes a region pasted into a photo meet what surrounds it without a step: the
 * difference outside - inside (per channel) read on `ring` (pixels just inside the seam, where both are
 * known), spread smoothly over the whole region by push-pull interpolation (Gortler et al., "The Lumigraph",
 * 1996): a pyramid of weighted means pushed down to one pixel, then pulled back up, each level filling where
 * the finer one had no reading. Added to the pasted pixels, it leaves no step at the seam, whatever a global
 * colour match left (a look's face lit brighter at the jaw than on average, a try-on's painted arm meeting
 * the person's own forearm in another light), while the pasted detail stays: the correction has no edges of
 * its own. The same idea as Poisson cloning's membrane (Farbman et al., "Coordinates for Instant Image
 * Cloning", 2009), at a fraction of its cost.
 *
 * The finest `smooth` levels take no reading of their own, only what the coarser levels pull up: a reading
 * a pixel is pores and stubble, and the correction must be as smooth as light.
 *
 * Returns the correction, three channels a pixel, 0 where nothing could be read at all.
 */
export function seamMembrane(
  inside: Float32Array,
  outside: Float32Array,
  ring: Uint8Array,
  region: { width: number; height: number },
  smooth: number,
): Float32Array {
  const difference = new Float32Array(region.width * region.height * 3);
  for (let i = 0; i < ring.length; i++) {
    if (!ring[i]) continue;
    for (let c = 0; c < 3; c++) difference[i * 3 + c] = (outside[i * 3 + c] ?? 0) - (inside[i * 3 + c] ?? 0);
  }
  return spreadReadings(difference, ring, region, smooth);
}

/**
 * `value` (three channels a pixel) where `known` is set, spread smoothly over the rest of the region by
 * push-pull interpolation (see `seamMembrane`): each pixel without a reading takes the readings round it,
 * the nearer ones more, with no edge of its own anywhere, where a front-propagating fill (Telea's) leaves
 * a seam where fronts from readings of different colours meet. Known pixels keep their value unless the
 * finest `smooth` levels are smoothed. Returns the spread values, 0 everywhere when nothing is known.
 */
export function spreadReadings(
  value: Float32Array,
  known: Uint8Array,
  region: { width: number; height: number },
  smooth: number,
): Float32Array {
  const { width, height } = region;
  let level: Level = {
    width,
    height,
    value: new Float32Array(width * height * 3),
    weight: new Float32Array(width * height),
  };
  for (let i = 0; i < known.length; i++) {
    if (!known[i]) continue;
    level.weight[i] = 1;
    for (let c = 0; c < 3; c++) level.value[i * 3 + c] = value[i * 3 + c] ?? 0;
  }
  // Each reading replaced by the mean of the readings round it: a reading a pixel is a pore or a hair, and
  // which of them a thin ring happens to cross would otherwise tilt the coarse means.
  if (smooth > 0) level.value = boxMean(level.value, level.weight, width, height, 2 ** smooth);
  const pyramid: Level[] = [level];
  while (level.width > 1 || level.height > 1) {
    level = push(level);
    pyramid.push(level);
  }
  for (let k = pyramid.length - 2; k >= 0; k--) {
    const fine = pyramid[k];
    const coarse = pyramid[k + 1];
    if (!fine || !coarse) continue;
    if (k < smooth) fine.weight.fill(0);
    pull(fine, coarse);
  }
  return pyramid[0]?.value ?? new Float32Array(width * height * 3);
}

interface Level {
  width: number;
  height: number;
  /** The mean correction read at or below each pixel, three channels. */
  value: Float32Array;
  /** How much of it was read there, 0..1. */
  weight: Float32Array;
}

/** Half the size: each pixel the weighted mean of its (up to) 2x2 children, its weight their sum capped at 1. */
function push(fine: Level): Level {
  const width = Math.max(1, Math.ceil(fine.width / 2));
  const height = Math.max(1, Math.ceil(fine.height / 2));
  const value = new Float32Array(width * height * 3);
  const weight = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let w = 0;
      const sum = [0, 0, 0];
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const fx = 2 * x + dx;
          const fy = 2 * y + dy;
          if (fx >= fine.width || fy >= fine.height) continue;
          const j = fy * fine.width + fx;
          const wj = fine.weight[j] ?? 0;
          w += wj;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + wj * (fine.value[j * 3 + c] ?? 0);
        }
      }
      const i = y * width + x;
      weight[i] = Math.min(1, w);
      if (w > 0) for (let c = 0; c < 3; c++) value[i * 3 + c] = (sum[c] ?? 0) / w;
    }
  }
  return { width, height, value, weight };
}

/** Fills the finer level where it read little from the coarser one, sampled bilinearly so no blocks show. */
function pull(fine: Level, coarse: Level): void {
  // No closures in these loops: under the TypeScript loader each one made is wrapped to keep its name.
  const cv = coarse.value;
  const cw = coarse.width;
  for (let y = 0; y < fine.height; y++) {
    const cy = Math.min(coarse.height - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(cy);
    const y1 = Math.min(coarse.height - 1, y0 + 1);
    const ty = cy - y0;
    for (let x = 0; x < fine.width; x++) {
      const i = y * fine.width + x;
      const w = fine.weight[i] ?? 0;
      if (w >= 1) continue;
      const cx = Math.min(cw - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(cx);
      const x1 = Math.min(cw - 1, x0 + 1);
      const tx = cx - x0;
      const a = (y0 * cw + x0) * 3;
      const b = (y0 * cw + x1) * 3;
      const c = (y1 * cw + x0) * 3;
      const d = (y1 * cw + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const up =
          ((cv[a + k] ?? 0) * (1 - tx) + (cv[b + k] ?? 0) * tx) * (1 - ty) +
          ((cv[c + k] ?? 0) * (1 - tx) + (cv[d + k] ?? 0) * tx) * ty;
        fine.value[i * 3 + k] = w * (fine.value[i * 3 + k] ?? 0) + (1 - w) * up;
      }
      fine.weight[i] = 1;
    }
  }
}
