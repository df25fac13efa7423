import type { Point } from '../geometry/point.ts';
import type { GarmentShape } from './garment-shape.ts';

type Side = -1 | 1;

/**
 * The neckline's corners and the lowest point of its front. A hood laid flat above the neckline hides where
 * it is sewn on: its corners are the notches where the hood meets the shoulders.
 */
export function neckLandmarks(
  shape: GarmentShape,
  grey: Uint8Array,
  bodyWidth: number,
  hood: boolean,
): { left: Point; right: Point; front: Point } {
  const { left, right } = hood ? hoodNotches(shape, bodyWidth) : neckCorners(shape, bodyWidth);
  return { left, right, front: neckFront(shape, grey, right, left, hood) };
}

/** The neckline's corners: the highest points either side of the middle (innermost of equals). */
function neckCorners(shape: GarmentShape, bodyWidth: number): { left: Point; right: Point } {
  const { centre: cx, top, height: h } = shape;
  const corner = (side: Side): Point => {
    const limit = Math.round(bodyWidth * 0.45);
    let highest = h;
    for (let d = 1; d <= limit; d++) highest = Math.min(highest, top[Math.round(cx + side * d)] ?? h);
    // A strap's top is nearly level: its inner end, where the neckline starts, is the corner.
    for (let d = 1; d <= limit; d++) {
      const x = Math.round(cx + side * d);
      const y = top[x] ?? h;
      if (y <= highest + 1.5) return { x, y };
    }
    return { x: cx, y: highest };
  };
  return { right: corner(-1), left: corner(1) };
}

/** Where a hood laid flat meets the shoulders: the deepest notch under the top profile's hull each side. */
function hoodNotches(shape: GarmentShape, bodyWidth: number): { left: Point; right: Point } {
  const { centre: cx, top, height: h } = shape;
  const notch = (side: Side): Point => {
    const points: Point[] = [];
    for (let d = 0; d <= bodyWidth * 0.6; d++) {
      const x = Math.round(cx + side * d);
      const y = top[x];
      if (y !== undefined && y < h) points.push({ x: d, y });
    }
    const hull = upperHull(points);
    let best = { x: cx, y: top[Math.round(cx)] ?? 0 };
    let depth = -1;
    let k = 0;
    for (const p of points) {
      while (k + 1 < hull.length && (hull[k + 1]?.x ?? 0) <= p.x) k++;
      const a = hull[k];
      const b = hull[k + 1] ?? a;
      if (!a || !b) continue;
      const t = b.x === a.x ? 0 : (p.x - a.x) / (b.x - a.x);
      const below = p.y - (a.y + (b.y - a.y) * t);
      if (below > depth) {
        depth = below;
        best = { x: cx + side * p.x, y: p.y };
      }
    }
    return best;
  };
  return { right: notch(-1), left: notch(1) };
}

/** The hull over points sorted by x, seen from above (smaller y). */
function upperHull(points: Point[]): Point[] {
  const hull: Point[] = [];
  for (const p of points) {
    while (hull.length >= 2) {
      const a = hull[hull.length - 2];
      const b = hull[hull.length - 1];
      if (!a || !b) break;
      // Drop b when it lies below the line from a to p.
      if ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) <= 0) hull.pop();
      else break;
    }
    hull.push(p);
  }
  return hull;
}

/**
 * The neckline's lowest point in front: below the back neckline (the shape's top in the middle) the first
 * strong change of brightness across the middle, where the inside of the back gives way to the front.
 */
function neckFront(shape: GarmentShape, grey: Uint8Array, right: Point, left: Point, hood: boolean): Point {
  const { centre: cx, top, width } = shape;
  const neckWidth = Math.max(4, left.x - right.x);
  if (hood) return { x: cx, y: (left.y + right.y) / 2 + neckWidth * 0.2 };
  const start = top[Math.round(cx)] ?? 0;
  const half = Math.max(2, Math.round(neckWidth * 0.1));
  const rows = Math.round(neckWidth * 2.2);
  // Two half-bands either side of the middle: a neckline crosses both, a print's dot seldom does.
  const leftMean: number[] = [];
  const rightMean: number[] = [];
  const c = Math.round(cx);
  for (let y = start; y < Math.min(shape.height, start + rows); y++) {
    let l = 0;
    let r = 0;
    // Off the middle line itself, where a zip or a placket runs down from the neckline.
    for (let d = 3; d <= half + 3; d++) {
      l += grey[y * width + c - d] ?? 0;
      r += grey[y * width + c + d] ?? 0;
    }
    leftMean.push(l / (half + 1));
    rightMean.push(r / (half + 1));
  }
  const candidates: [number, number][] = [];
  let bestStep = 8;
  const skip = Math.max(3, Math.round(neckWidth * 0.04));
  const aside = Math.round(neckWidth * 0.3);
  for (let i = skip; i + 2 < leftMean.length; i++) {
    const dl = (leftMean[i + 2] ?? 0) - (leftMean[i - 2] ?? 0);
    const dr = (rightMean[i + 2] ?? 0) - (rightMean[i - 2] ?? 0);
    const step = dl * dr > 0 ? Math.min(Math.abs(dl), Math.abs(dr)) : 0;
    if (step <= 8) continue;
    // A neckline curves up toward its corners (a few pixels even when shallow); an edge as strong on the
    // very same row off to the side is a stripe or a seam across the garment.
    const y = start + i;
    const across = (x: number) =>
      Math.abs((grey[(y + 2) * width + x] ?? 0) - (grey[(y - 2) * width + x] ?? 0));
    if (Math.min(across(c - aside), across(c + aside)) > step * 0.5) continue;
    candidates.push([i, step]);
    bestStep = Math.max(bestStep, step);
  }
  // The first strong edge below the back neckline: further down are folds and prints.
  const first = candidates.find(([, step]) => step >= bestStep * 0.6);
  const best = first ? first[0] : -1;
  // Without a visible edge (a dark garment hides the inside of its back), a usual depth: half its width.
  const depth = best < 0 ? neckWidth * 0.5 : best;
  return { x: cx, y: start + depth };
}
