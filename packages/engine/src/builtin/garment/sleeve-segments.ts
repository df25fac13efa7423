import type { Point } from '../pose/point.ts';
import type { GarmentShape } from './garment-shape.ts';

/** A stretch of one row: columns `from` to `to` inclusive. */
export interface Segment {
  y: number;
  from: number;
  to: number;
}

/**
 * The sleeve's pixels as row segments: above the armpit, beyond the seam line from shoulder to armpit;
 * below it, runs of their own beside the body (slivers are the body's ragged edge, not sleeve).
 */
export function sleeveSegments(
  shape: GarmentShape,
  side: -1 | 1,
  shoulder: Point,
  armpit: Point,
  bodyAt: (y: number) => { from: number; to: number } | undefined,
): Segment[] {
  const out: Segment[] = [];
  const cx = shape.centre;
  const minRun = shape.width * 0.02;
  const slope = (armpit.x - shoulder.x) / Math.max(1e-6, armpit.y - shoulder.y);
  const pending: Segment[] = [];
  let lastApart = -1;
  const clip = (y: number, from: number, to: number, beyond: number) => {
    // Keep the columns strictly beyond `beyond` on this side.
    const a = side < 0 ? from : Math.max(from, Math.floor(beyond) + 1);
    const b = side < 0 ? Math.min(to, Math.ceil(beyond) - 1) : to;
    if (b >= a) out.push({ y, from: a, to: b });
  };
  for (let y = 0; y < shape.height; y++) {
    const runs = shape.runs[y] ?? [];
    if (y <= armpit.y) {
      const seam = shoulder.x + slope * (y - shoulder.y);
      const beyond = side < 0 ? Math.min(seam, cx) : Math.max(seam, cx);
      for (const run of runs) clip(y, run.from, run.to, beyond);
      continue;
    }
    const body = bodyAt(y);
    const beyond = side < 0 ? Math.min(armpit.x, cx) : Math.max(armpit.x, cx);
    for (const run of runs) {
      if (run.to - run.from < minRun) continue;
      const merged = body !== undefined && run.to >= body.from && run.from <= body.to;
      if (merged) pending.push({ y, from: run.from, to: run.to });
      else {
        clip(y, run.from, run.to, beyond);
        lastApart = y;
      }
    }
  }
  // Where a hanging sleeve touches the body below the armpit (the slit closed at this resolution), its
  // part is what lies beyond the armpit's column, down to where the sleeve is last seen apart.
  const beyond = side < 0 ? Math.min(armpit.x, cx) : Math.max(armpit.x, cx);
  for (const g of pending) {
    // A body that widens a little below the armpit is not a sleeve: a sleeve adds its whole width.
    const reach = side < 0 ? beyond - g.from : g.to - beyond;
    if (g.y < lastApart && reach >= minRun) clip(g.y, g.from, g.to, beyond);
  }
  return out;
}
