import type { Point } from '../geometry/point.ts';
import { median } from '../image/statistics.ts';

/** A horizontal stretch of garment on one row, `from` to `to` inclusive. */
export interface Run {
  from: number;
  to: number;
}

/**
 * The cut-out's shape row by row: every landmark finder reads edges, gaps and profiles from it rather than
 * from the pixels again.
 */
export interface GarmentShape {
  width: number;
  height: number;
  mask: Uint8Array;
  runs: Run[][];
  /** The garment's middle column: the body's, found low down where no sleeve reaches. */
  centre: number;
  /** Topmost garment row of each column (height where the column is empty). */
  top: Int32Array;
}

export function garmentShape(mask: Uint8Array, width: number, height: number): GarmentShape {
  const runs: Run[][] = [];
  const top = new Int32Array(width).fill(height);
  for (let y = 0; y < height; y++) {
    const row: Run[] = [];
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && (mask[y * width + x] ?? 0) > 0;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        row.push({ from: start, to: x - 1 });
        start = -1;
      }
      if (on && (top[x] ?? height) > y) top[x] = y;
    }
    runs.push(row);
  }
  // The widest run of rows 60-90 % down is body (sleeves hang beside it, legs split below a crotch only
  // past it for shorts, so their middle still falls between the legs' outer edges).
  const middles: number[] = [];
  for (let y = Math.floor(height * 0.6); y < Math.floor(height * 0.9); y++) {
    const row = runs[y] ?? [];
    const first = row[0];
    const last = row[row.length - 1];
    if (first && last) middles.push((first.from + last.to) / 2);
  }
  const centre = median(middles) ?? width / 2;
  return { width, height, mask, runs, centre, top };
}

/** The run of row `y` holding column `x`, or the nearest one within `reach`. */
export function runAt(shape: GarmentShape, y: number, x: number, reach = 0): Run | undefined {
  const row = shape.runs[Math.round(y)] ?? [];
  let best: Run | undefined;
  let bestGap = reach + 1;
  for (const r of row) {
    const gap = x < r.from ? r.from - x : x > r.to ? x - r.to : 0;
    if (gap < bestGap) {
      bestGap = gap;
      best = r;
    }
  }
  return best;
}

/**
 * The point of `points` farthest out in direction `d` (a unit-free weighting: the corner of a shape is the
 * extreme of a diagonal direction, which is steadier than the single lowest or outermost pixel).
 */
export function extreme(points: Iterable<Point>, d: Point): Point | undefined {
  let best: Point | undefined;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    const v = p.x * d.x + p.y * d.y;
    if (v > bestValue) {
      bestValue = v;
      best = p;
    }
  }
  return best;
}

/**
 * The span of row `y` made of the runs that overlap columns `from`..`to` (the body's columns at its waist):
 * a hem split by a front opening is still one body, a sleeve hanging beside it is not.
 */
export function spanOver(shape: GarmentShape, y: number, from: number, to: number): Run | undefined {
  let span: Run | undefined;
  for (const r of shape.runs[Math.round(y)] ?? []) {
    if (r.to < from || r.from > to) continue;
    span = span ? { from: Math.min(span.from, r.from), to: Math.max(span.to, r.to) } : { ...r };
  }
  return span;
}

/** The body's span on a row: the runs over the waist's columns (see `spanOver`). */
export function bodyColumns(shape: GarmentShape, waist: { from: number; to: number }) {
  return (y: number) => spanOver(shape, y, waist.from, waist.to);
}
