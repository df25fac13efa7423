import type { Box } from '../person/mask.ts';
import type { OpenCv } from '../worker/opencv.ts';

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
 * and the two readings opened together (`opened`: the strict inside the loose stays so through it).
 */
export function bareSkinLevels(
  cv: OpenCv,
  width: number,
  box: Box,
  level: (i: number) => number,
  radius: number,
  minArea = 0,
): [BareSkin, BareSkin] {
  const { left, top, width: bw, height: bh } = box;
  let levels: Uint8Array = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++)
      levels[y * bw + x] = Math.min(2, Math.max(0, level((top + y) * width + left + x)));
  }
  if (radius > 0 && bw > 0 && bh > 0) levels = opened(cv, levels, bw, bh, radius);
  if (minArea > 0 && bw > 0 && bh > 0) dropSpecks(cv, levels, bw, bh, minArea);
  return [
    { ...box, data: levels, level: 2 },
    { ...box, data: levels, level: 1 },
  ];
}

/**
 * The levels opened by a square of `2 * radius + 1` px: a minimum over the square, then a maximum. On the
 * ordered levels that opens each reading at once (a pixel keeps level 2 where a square of level-2 pixels
 * holds it, level 1 where a square of pixels at least 1 does). Beyond the box is not known, so it neither
 * erodes nor grows: OpenCV's default border for morphology. Its filters cost a few ms over a box where
 * sliding counts in JavaScript cost about 25.
 */
function opened(cv: OpenCv, levels: Uint8Array, w: number, h: number, radius: number): Uint8Array {
  const mat = new cv.Mat(h, w, cv.CV_8UC1);
  const kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * radius + 1, 2 * radius + 1));
  try {
    mat.data.set(levels);
    cv.morphologyEx(mat, mat, cv.MORPH_OPEN, kernel);
    return new Uint8Array(mat.data);
  } finally {
    mat.delete();
    kernel.delete();
  }
}

/**
 * Clears every patch (8-connected pixels over 0, `w` x `h`) smaller than `minArea` px, in place. Of skin: an
 * isolated check of a plaid shirt in a skin-like red is a square bigger than the opening's, and stayed in the
 * fill as a square block of the old shirt (clem); bare skin comes in larger pieces (a neck, an arm, a hand
 * with its fingers).
 */
export function dropSpecks(cv: OpenCv, levels: Uint8Array, w: number, h: number, minArea: number): void {
  const mask = new cv.Mat(h, w, cv.CV_8UC1);
  const labels = new cv.Mat();
  const stats = new cv.Mat();
  const centroids = new cv.Mat();
  try {
    const m = mask.data;
    for (let i = 0; i < w * h; i++) m[i] = (levels[i] ?? 0) > 0 ? 1 : 0;
    const count = cv.connectedComponentsWithStats(mask, labels, stats, centroids, 8, cv.CV_32S);
    const small = new Uint8Array(count);
    let any = false;
    for (let k = 1; k < count; k++) {
      if (stats.intAt(k, cv.CC_STAT_AREA) < minArea) {
        small[k] = 1;
        any = true;
      }
    }
    if (!any) return;
    const l = labels.data32S;
    for (let i = 0; i < w * h; i++) if (small[l[i] ?? 0]) levels[i] = 0;
  } finally {
    mask.delete();
    labels.delete();
    stats.delete();
    centroids.delete();
  }
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

/** `skin` with `more`'s skin added (over `skin`'s box): a copy, `skin` is left as it was. */
export function withMoreSkin(skin: BareSkin, more: BareSkin): BareSkin {
  const data = new Uint8Array(skin.data);
  for (
    let y = Math.max(skin.top, more.top);
    y < Math.min(skin.top + skin.height, more.top + more.height);
    y++
  ) {
    for (
      let x = Math.max(skin.left, more.left);
      x < Math.min(skin.left + skin.width, more.left + more.width);
      x++
    ) {
      if (isBareSkin(more, x, y)) data[(y - skin.top) * skin.width + (x - skin.left)] = skin.level;
    }
  }
  return { ...skin, data };
}
