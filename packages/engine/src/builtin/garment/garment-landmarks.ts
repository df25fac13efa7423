import type { Raster } from '../image/raster.ts';
import type { Point } from '../pose/point.ts';

export interface Sleeve {
  /** The middle of the armhole: the sleeve turns about it. */
  root: Point;
  /** The middle of the sleeve: the sleeve's axis runs from the root to it. */
  centre: Point;
  /** The lowest row the sleeve reaches (its cuff hangs below the armpit when laid at an angle). */
  bottom: number;
  /** The top of the armhole, where the shoulder seam ends: the sleeve hangs from it as an arm from its joint. */
  seam: Point;
}

/** Points of a flat-lay top, in pixels of its cut-out. "left" and "right" are sides of the picture. */
export interface GarmentLandmarks {
  shoulderLeft: Point;
  shoulderRight: Point;
  hemLeft: Point;
  hemRight: Point;
  /** Columns of the body of the garment; what lies outside them in the upper part is sleeve. */
  torsoLeft: number;
  torsoRight: number;
  sleeveLeft: Sleeve | null;
  sleeveRight: Sleeve | null;
  /** The garment's leftmost and rightmost column on each row (-1 on an empty row). */
  edges: { left: readonly number[]; right: readonly number[] };
}

/**
 * Finds shoulders, hem and sleeves of a top laid flat from its shape alone: the lower part is the body of
 * the garment, so its edges give the body's columns; what sticks out above them is sleeve.
 */
export function garmentLandmarks(cutout: Raster): GarmentLandmarks | null {
  const { width: w, height: h } = cutout;
  const alpha = (x: number, y: number): boolean => (cutout.data[(y * w + x) * 4 + 3] ?? 0) > 127;
  const lefts: number[] = [];
  const rights: number[] = [];
  for (let y = 0; y < h; y++) {
    let l = -1;
    let r = -1;
    for (let x = 0; x < w; x++) {
      if (alpha(x, y)) {
        if (l < 0) l = x;
        r = x;
      }
    }
    lefts.push(l);
    rights.push(r);
  }
  const band = (from: number, to: number, edges: number[]): number[] =>
    edges.slice(Math.floor(from * h), Math.ceil(to * h)).filter((v) => v >= 0);
  const torsoLeft = median(band(0.6, 0.92, lefts));
  const torsoRight = median(band(0.6, 0.92, rights));
  if (torsoLeft === undefined || torsoRight === undefined || torsoRight - torsoLeft < w * 0.25) return null;

  const topAt = (x: number): number => {
    for (let y = 0; y < h; y++) if (alpha(Math.round(x), y)) return y;
    return 0;
  };
  const inset = (torsoRight - torsoLeft) * 0.15;
  const shoulderLeft = { x: torsoLeft, y: topAt(torsoLeft + inset) };
  const shoulderRight = { x: torsoRight, y: topAt(torsoRight - inset) };
  const hemRow = Math.max(0, h - 1 - Math.round(h * 0.01));
  const hemLeft = { x: lefts[hemRow] ?? torsoLeft, y: h - 1 };
  const hemRight = { x: rights[hemRow] ?? torsoRight, y: h - 1 };
  const sleeveOf = (shoulder: Point, inside: (x: number) => boolean, seam: number): Sleeve | null => {
    let n = 0;
    let sx = 0;
    let sy = 0;
    let bottom = 0;
    for (let y = 0; y < Math.round(h * 0.75); y++) {
      for (let x = 0; x < w; x++) {
        if (inside(x) && alpha(x, y)) {
          n++;
          sx += x;
          sy += y;
          bottom = y;
        }
      }
    }
    if (n < 0.01 * w * h) return null;
    const top = topAt(seam);
    let armpit = top;
    while (armpit + 1 < h && alpha(seam, armpit + 1)) armpit++;
    const root = { x: shoulder.x, y: (top + armpit) / 2 };
    return { root, centre: { x: sx / n, y: sy / n }, bottom, seam: { x: shoulder.x, y: top } };
  };
  return {
    shoulderLeft,
    shoulderRight,
    hemLeft,
    hemRight,
    torsoLeft,
    torsoRight,
    sleeveLeft: sleeveOf(shoulderLeft, (x) => x < torsoLeft - 2, Math.max(0, torsoLeft - 4)),
    sleeveRight: sleeveOf(shoulderRight, (x) => x > torsoRight + 2, Math.min(w - 1, torsoRight + 4)),
    edges: { left: lefts, right: rights },
  };
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}
