import type { Box } from '../person/mask.ts';

/**
 * The person's bare skin over a box of the photo, by its photo index: a pixel is skin where `data` is at
 * least `level` (readings at two levels share one array: `bareSkinLevels`).
 */
export interface BareSkin extends Box {
  data: Uint8Array;
  level: number;
}

/**
 * Bare skin is a patch, not a pixel: an old top's print or plaid holds threads and specks of skin-like
 * colour (a dark red check beside dark skin, a beige stripe beside light skin), which read one pixel at a
 * time stay in the clean-up's fill as strands of the old clothes. Skin-coloured pixels over `box` count as
 * bare skin only where a square of `2 * radius + 1` px of them fits (a morphological opening), so an arm, a
 * neck or a finger stays skin while threads and specks do not. Read at two levels from one test a pixel
 * (`level`, by photo index: 2 skin by the stricter test, 1 by the looser only, 0 neither): `[strict,
 * loose]`, the loose taking the strict's pixels too. One pass over the box for the test, the costly part,
 * and the two readings opened together (the strict inside the loose stays so through the opening).
 */
export function bareSkinLevels(
  width: number,
  box: Box,
  level: (i: number) => number,
  radius: number,
): [BareSkin, BareSkin] {
  const { left, top, width: bw, height: bh } = box;
  let levels: Uint8Array = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++)
      levels[y * bw + x] = Math.min(2, Math.max(0, level((top + y) * width + left + x)));
  }
  if (radius > 0) {
    const eroded = alongColumns(alongRows(levels, bw, bh, radius, 0), bw, bh, radius, 0);
    levels = alongColumns(alongRows(eroded, bw, bh, radius, 1), bw, bh, radius, 1);
  }
  return [
    { ...box, data: levels, level: 2 },
    { ...box, data: levels, level: 1 },
  ];
}

/** Whether photo pixel (x, y) is bare skin; outside the box it is not known, so not. */
export function isBareSkin(skin: BareSkin, x: number, y: number): boolean {
  const cx = x - skin.left;
  const cy = y - skin.top;
  return (
    cx >= 0 &&
    cy >= 0 &&
    cx < skin.width &&
    cy < skin.height &&
    (skin.data[cy * skin.width + cx] ?? 0) >= skin.level
  );
}

/**
 * One axis of a square erosion (`keep` 0: a pixel keeps a level when all within `radius` along its row
 * have it) or dilation (`keep` 1: when any has), for both levels at once (0, 1 or 2 a pixel, the strict
 * level inside the loose). Counts in a sliding window, so its cost does not grow with the radius. The window
 * at the box's edge is cut short: beyond it is not known, so it neither erodes nor grows.
 */
function alongRows(levels: Uint8Array, w: number, h: number, radius: number, keep: 0 | 1): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let loose = 0;
    let strict = 0;
    for (let x = 0; x < Math.min(w, radius); x++) {
      const v = levels[row + x] ?? 0;
      loose += v > 0 ? 1 : 0;
      strict += v > 1 ? 1 : 0;
    }
    for (let x = 0; x < w; x++) {
      if (x + radius < w) {
        const v = levels[row + x + radius] ?? 0;
        loose += v > 0 ? 1 : 0;
        strict += v > 1 ? 1 : 0;
      }
      if (x - radius - 1 >= 0) {
        const v = levels[row + x - radius - 1] ?? 0;
        loose -= v > 0 ? 1 : 0;
        strict -= v > 1 ? 1 : 0;
      }
      const size = Math.min(w - 1, x + radius) - Math.max(0, x - radius) + 1;
      out[row + x] =
        keep === 0
          ? (loose === size ? 1 : 0) + (strict === size ? 1 : 0)
          : (loose > 0 ? 1 : 0) + (strict > 0 ? 1 : 0);
    }
  }
  return out;
}

/**
 * `alongRows` down the columns: counts a column over the window of rows, moved down a row at a time, so each
 * step reads and writes whole rows (a pass that wrote its result transposed, a column at a time, was slower).
 */
function alongColumns(levels: Uint8Array, w: number, h: number, radius: number, keep: 0 | 1): Uint8Array {
  const out = new Uint8Array(w * h);
  const loose = new Int32Array(w);
  const strict = new Int32Array(w);
  for (let y = 0; y < Math.min(h, radius); y++) addRow(loose, strict, levels, y * w, 1);
  for (let y = 0; y < h; y++) {
    if (y + radius < h) addRow(loose, strict, levels, (y + radius) * w, 1);
    if (y - radius - 1 >= 0) addRow(loose, strict, levels, (y - radius - 1) * w, -1);
    const size = Math.min(h - 1, y + radius) - Math.max(0, y - radius) + 1;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const l = loose[x] ?? 0;
      const s = strict[x] ?? 0;
      out[row + x] =
        keep === 0 ? (l === size ? 1 : 0) + (s === size ? 1 : 0) : (l > 0 ? 1 : 0) + (s > 0 ? 1 : 0);
    }
  }
  return out;
}

/** Adds `sign` times the levels' row starting at `row` to the counts of each level. */
function addRow(loose: Int32Array, strict: Int32Array, levels: Uint8Array, row: number, sign: 1 | -1): void {
  for (let x = 0; x < loose.length; x++) {
    const v = levels[row + x] ?? 0;
    if (v > 0) loose[x] = (loose[x] ?? 0) + sign;
    if (v > 1) strict[x] = (strict[x] ?? 0) + sign;
  }
}
