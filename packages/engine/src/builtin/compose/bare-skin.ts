import type { Box } from '../person/mask.ts';

/** The person's bare skin over a box of the photo: 1 a pixel that is skin, by its photo index. */
export interface BareSkin extends Box {
  data: Uint8Array;
}

/**
 * Bare skin is a patch, not a pixel: an old top's print or plaid holds threads and specks of skin-like
 * colour (a dark red check beside dark skin, a beige stripe beside light skin), which read one pixel at a
 * time stay in the clean-up's fill as strands of the old clothes. Skin-coloured pixels over `box` count as
 * bare skin only where a square of `2 * radius + 1` px of them fits (a morphological opening), so an arm, a
 * neck or a finger stays skin while threads and specks do not. Read at two levels from one test a pixel
 * (`level`, by photo index: 2 skin by the stricter test, 1 by the looser only, 0 neither): `[strict,
 * loose]`, the loose taking the strict's pixels too. One pass over the box: the test is the costly part.
 */
export function bareSkinLevels(
  width: number,
  box: Box,
  level: (i: number) => number,
  radius: number,
): [BareSkin, BareSkin] {
  const { left, top, width: bw, height: bh } = box;
  const strict = new Uint8Array(bw * bh);
  const loose = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const l = level((top + y) * width + left + x);
      if (l >= 1) loose[y * bw + x] = 1;
      if (l >= 2) strict[y * bw + x] = 1;
    }
  }
  return [
    { ...box, data: opened(strict, bw, bh, radius) },
    { ...box, data: opened(loose, bw, bh, radius) },
  ];
}

/** The mask opened by a square of `2 * radius + 1` px (as it is for radius 0). */
function opened(mask: Uint8Array, bw: number, bh: number, radius: number): Uint8Array {
  if (radius <= 0) return mask;
  // Each sweep works along the rows and hands back its result transposed: two make one pass both ways.
  const eroded = sweep(sweep(mask, bw, bh, radius, 0), bh, bw, radius, 0);
  return sweep(sweep(eroded, bw, bh, radius, 1), bh, bw, radius, 1);
}

/** Whether photo pixel (x, y) is bare skin; outside the box it is not known, so not. */
export function isBareSkin(skin: BareSkin, x: number, y: number): boolean {
  const cx = x - skin.left;
  const cy = y - skin.top;
  return cx >= 0 && cy >= 0 && cx < skin.width && cy < skin.height && skin.data[cy * skin.width + cx] === 1;
}

/**
 * One pass of a square erosion (`keep` 0: a pixel stays when all within `radius` along the rows, then the
 * columns, are set) or dilation (`keep` 1: set when any is), transposing as it goes so that two calls
 * cover both axes. Counts of set pixels in a sliding window, so its cost does not grow with the radius.
 */
function sweep(mask: Uint8Array, w: number, h: number, radius: number, keep: 0 | 1): Uint8Array {
  // Output transposed: h columns by w rows.
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let count = 0;
    for (let x = 0; x < Math.min(w, radius); x++) count += mask[row + x] ?? 0;
    for (let x = 0; x < w; x++) {
      if (x + radius < w) count += mask[row + x + radius] ?? 0;
      if (x - radius - 1 >= 0) count -= mask[row + x - radius - 1] ?? 0;
      // The window at the box's edge is cut short: beyond it is not known, so it neither erodes nor grows.
      const size = Math.min(w - 1, x + radius) - Math.max(0, x - radius) + 1;
      const set = keep === 0 ? count === size : count > 0;
      if (set) out[x * h + y] = 1;
    }
  }
  return out;
}
