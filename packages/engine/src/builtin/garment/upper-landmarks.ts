import type { Point } from '../geometry/point.ts';
import { norm } from '../geometry/point.ts';
import { median } from '../image/statistics.ts';
import { armpit, widestAbove } from './armpit.ts';
import { centreLine } from './centre-line.ts';
import type { GarmentLandmarks } from './garment.ts';
import { bodyColumns, extreme, type GarmentShape, runAt } from './garment-shape.ts';
import { neckLandmarks } from './neck-landmarks.ts';
import { sleeveLandmarks } from './sleeve-landmarks.ts';

/** What the shape of a top says about its kind, measured while its landmarks are found. */
export interface UpperMeasures {
  /** Whether both sleeves stand out from the body (not straps or a folded-away sleeve). */
  sleeved: boolean;
  /** The longer sleeve, root to cuff, over the body's length from armpit to hem. */
  sleeveLength: number;
  /** Neckline to hem over the width across the armpits: dresses are long and narrow. */
  length: number;
  /** Share of the body's rows crossed by a vertical line down the middle: a zip or an open front's edge. */
  centreLine: number;
}

export interface UpperResult {
  landmarks: GarmentLandmarks;
  measures: UpperMeasures;
  /** The body's columns at its waist: what lies beside them below the armpits is sleeve. */
  waist: { from: number; to: number };
}

type Side = -1 | 1;

/** The upper part of the body, where its widest row (sleeves or chest) is looked for: a share of its length. */
const UPPER_PART = 0.45;

/**
 * Landmarks of a top or dress laid flat, from its shape (`grey` only for the neckline's front and a zip).
 * `side` -1 is the image's left: the wearer's right for a garment laid front up.
 */
export function upperLandmarks(shape: GarmentShape, grey: Uint8Array, hood: boolean): UpperResult {
  const { height: h, centre: cx } = shape;
  const middleRun = (y: number): { from: number; to: number } | undefined =>
    runAt(shape, y, cx, shape.width * 0.05);
  const waistY = narrowestRow(shape, middleRun, waistSearchFrom(shape, middleRun), Math.floor(h * 0.8));
  const waistRun = middleRun(waistY) ?? { from: cx - 1, to: cx + 1 };
  const bodyAt = bodyColumns(shape, waistRun);
  const bodyWidth = waistRun.to - waistRun.from;
  const neck = neckLandmarks(shape, grey, bodyWidth, hood);
  const result = ([-1, 1] as const).map((side) => {
    const neckCorner = side < 0 ? neck.right : neck.left;
    const underarm = armpit(shape, side, waistY, bodyAt);
    // A set-in sleeve's seam starts about above the armpit, where the shoulder line bends only a little
    // into the sleeve's top edge; a strap's outer corner is a sharp bend and is found as one.
    const seam = { x: underarm.x, y: shape.top[Math.round(underarm.x)] ?? underarm.y };
    const sleeve =
      seam.y < underarm.y - shape.height * 0.03 ? sleeveLandmarks(shape, side, seam, underarm, bodyAt) : null;
    const hem = hemCornerOn(shape, side, waistY, bodyAt);
    if (!sleeve) {
      const widest = widestAbove(shape.width, side, neckCorner.y, waistY, bodyAt) ?? underarm;
      const shoulder = shoulderOn(shape, side, neckCorner, widest);
      const waist = { x: side < 0 ? waistRun.from : waistRun.to, y: waistY };
      return { neckCorner, armpit: widest, shoulder, sleeve, hem, waist };
    }
    const shoulder = seam;
    const waist = { x: side < 0 ? waistRun.from : waistRun.to, y: waistY };
    return { neckCorner, armpit: underarm, shoulder, sleeve, hem, waist };
  });
  const [r, l] = result;
  if (!r || !l) throw new Error('unreachable');
  const neckY = Math.min(r.neckCorner.y, l.neckCorner.y);
  const front = neck.front;
  const sleeved = r.sleeve !== null && l.sleeve !== null;
  const hemY = Math.max(r.hem.y, l.hem.y);
  const armpitY = (r.armpit.y + l.armpit.y) / 2;
  const sleeveLength = Math.max(r.sleeve?.length ?? 0, l.sleeve?.length ?? 0) / Math.max(1, hemY - armpitY);
  const landmarks: GarmentLandmarks = {
    // Image-left is the wearer's right.
    neck: { right: r.neckCorner, left: l.neckCorner, front },
    shoulder: { right: r.shoulder, left: l.shoulder },
    armpit: { right: r.armpit, left: l.armpit },
    waist: { right: r.waist, left: l.waist },
    hem: { right: r.hem, left: l.hem },
  };
  if (r.sleeve && l.sleeve) landmarks.sleeves = { right: r.sleeve.landmarks, left: l.sleeve.landmarks };
  return {
    landmarks,
    waist: waistRun,
    measures: {
      sleeved,
      sleeveLength,
      length: (hemY - neckY) / Math.max(1, l.armpit.x - r.armpit.x),
      centreLine: centreLine(shape, grey, front.y, hemY),
    },
  };
}

/**
 * Where the search for the waist starts: below the widest row of the body's upper part (the sleeves laid
 * out, or the chest at the armpits), and no higher than 0.38 of the shape. A tank's armholes narrow the body
 * above its armpits more than any waist does: a search from a fixed share of the shape's height (0.38) took
 * them for the waist on a tank of everyday proportions (length about 1.5 times its width), and the armpits
 * went wrong from there; it only held for flat lays twice as long as wide.
 */
function waistSearchFrom(
  shape: GarmentShape,
  middleRun: (y: number) => { from: number; to: number } | undefined,
): number {
  const h = shape.height;
  let top = 0;
  while (top < h && !middleRun(top)) top++;
  const upperEnd = Math.floor(top + (h - top) * UPPER_PART);
  let widest = -1;
  let widestY = top;
  for (let y = top; y <= upperEnd; y++) {
    const run = middleRun(y);
    if (!run) continue;
    const width = run.to - run.from;
    // Past the armpits into the waist: what widens below is hips or a skirt, not the upper part.
    if (width < widest * 0.9) break;
    // The lowest of rows about as wide: the sleeves' or chest's width holds down to the armpits.
    if (width >= widest - Math.max(2, widest * 0.02)) {
      widest = Math.max(widest, width);
      widestY = y;
    }
  }
  return Math.max(widestY, Math.floor(h * 0.38));
}

function narrowestRow(
  shape: GarmentShape,
  bodyAt: (y: number) => { from: number; to: number } | undefined,
  from: number,
  to: number,
): number {
  const widths: [number, number][] = [];
  for (let y = from; y < Math.min(to, shape.height); y++) {
    const run = bodyAt(y);
    if (run) widths.push([y, run.to - run.from]);
  }
  let least = Number.POSITIVE_INFINITY;
  for (const [, w] of widths) least = Math.min(least, w);
  // The middle of the rows about as narrow as the narrowest: one pixel row is as good as its neighbours.
  const near = widths.filter(([, w]) => w <= least + Math.max(2, least * 0.01)).map(([y]) => y);
  return median(near) ?? Math.round((from + to) / 2);
}

/**
 * The shoulder's end: on the top profile from the neck corner out to the garment's side, the point that
 * stands farthest above the chord between them (the bend where the shoulder line turns down into a sleeve
 * or a strap's edge into the armhole).
 */
function shoulderOn(shape: GarmentShape, side: Side, neck: Point, armpit: Point): Point {
  const { top, width, height } = shape;
  const end = side < 0 ? 0 : width - 1;
  const points: Point[] = [];
  for (let x = Math.round(neck.x); side < 0 ? x >= end : x <= end; x += side) {
    const y = top[x] ?? height;
    // Past the armpit's column only the sleeve's top edge counts, not a cuff hanging below the armpit.
    if (y < height && (Math.abs(x - neck.x) <= Math.abs(armpit.x - neck.x) || y < armpit.y))
      points.push({ x, y });
  }
  const last = points[points.length - 1];
  if (!last) return neck;
  const dx = last.x - neck.x;
  const dy = last.y - neck.y;
  const length = norm(dx, dy) || 1;
  let best = neck;
  let most = 0;
  for (const p of points) {
    // Distance above the chord (toward smaller y), whichever way the chord runs.
    const above = (side * ((p.x - neck.x) * dy - (p.y - neck.y) * dx)) / length;
    if (above > most) {
      most = above;
      best = p;
    }
  }
  return best;
}

/** The body's lower corner: its edge's extreme down and out, below the waist. */
function hemCornerOn(
  shape: GarmentShape,
  side: Side,
  waistY: number,
  bodyAt: (y: number) => { from: number; to: number } | undefined,
): Point {
  const points: Point[] = [];
  for (let y = waistY; y < shape.height; y++) {
    const run = bodyAt(y);
    if (run) points.push({ x: side < 0 ? run.from : run.to, y });
  }
  return extreme(points, { x: side * 0.5, y: 1 }) ?? { x: shape.centre, y: shape.height - 1 };
}
