import type { Point } from '../geometry/point.ts';
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
  const clip = (y: number, from: number, to: number, beyond: number): boolean => {
    // Keep the columns strictly beyond `beyond` on this side.
    const a = side < 0 ? from : Math.max(from, Math.floor(beyond) + 1);
    const b = side < 0 ? Math.min(to, Math.ceil(beyond) - 1) : to;
    if (b >= a) out.push({ y, from: a, to: b });
    return b >= a;
  };
  for (let y = 0; y <= Math.min(armpit.y, shape.height - 1); y++) {
    const seam = shoulder.x + slope * (y - shoulder.y);
    const beyond = side < 0 ? Math.min(seam, cx) : Math.max(seam, cx);
    for (const run of shape.runs[y] ?? []) clip(y, run.from, run.to, beyond);
  }
  // Below the armpit the sleeve goes on row after row until a row shows none of it: a run of its own beside
  // the body, or (where a hanging sleeve touches the body, the slit closed at this resolution) a whole
  // sleeve's width beyond the armpit's column. A body that widens a little is not a sleeve, nor is a speck
  // further down.
  const beyond = side < 0 ? Math.min(armpit.x, cx) : Math.max(armpit.x, cx);
  for (let y = Math.floor(armpit.y) + 1; y < shape.height; y++) {
    const body = bodyAt(y);
    let seen = false;
    for (const run of shape.runs[y] ?? []) {
      if (run.to - run.from < minRun) continue;
      const merged = body !== undefined && run.to >= body.from && run.from <= body.to;
      const reach = side < 0 ? beyond - run.from : run.to - beyond;
      if ((!merged || reach >= minRun) && clip(y, run.from, run.to, beyond)) seen = true;
    }
    if (!seen) break;
  }
  return out;
}
