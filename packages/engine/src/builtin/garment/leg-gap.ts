import type { Point } from '../geometry/point.ts';
import { meetingPoint } from './fit-line.ts';
import type { GarmentShape } from './garment-shape.ts';

/** The gap between two legs: its highest row (the crotch) and its middle on every row below. */
export interface LegGap {
  crotch: Point;
  /** The gap's middle column for each row from the crotch down (index 0 = the crotch's row). */
  middles: number[];
}

/**
 * The gap between the legs of trousers or shorts: climbing from the hem, rows where the middle column is
 * empty with garment either side, as long as they continue without a break. Null for a skirt.
 */
export function legGap(shape: GarmentShape): LegGap | null {
  const { height: h, centre: cx } = shape;
  let middle = cx;
  const middles: number[] = [];
  const leftEdge: Point[] = [];
  const rightEdge: Point[] = [];
  let last = -1;
  for (let y = h - 1; y > h * 0.15; y--) {
    const row = shape.runs[y] ?? [];
    let gap: { from: number; to: number } | undefined;
    for (let i = 0; i + 1 < row.length; i++) {
      const a = row[i];
      const b = row[i + 1];
      if (a && b && a.to < middle + shape.width * 0.08 && b.from > middle - shape.width * 0.08) {
        gap = { from: a.to + 1, to: b.from - 1 };
        break;
      }
    }
    if (!gap) {
      if (last >= 0) break;
      continue;
    }
    middle = (gap.from + gap.to) / 2;
    middles.push(middle);
    leftEdge.push({ x: gap.from, y });
    rightEdge.push({ x: gap.to, y });
    last = y;
  }
  if (last < 0 || middles.length < h * 0.04) return null;
  middles.reverse();
  // The gap's last pixels before the crotch are too narrow to see at the cut-out's resolution: its edges,
  // straight just below, are extended to where they meet.
  const near = Math.max(6, Math.round(middles.length * 0.5));
  const apex = meetingPoint(leftEdge.slice(-near), rightEdge.slice(-near), last - h * 0.2, last);
  if (apex && apex.y < last) {
    const extra = Array.from({ length: last - Math.round(apex.y) }, () => apex.x);
    return { crotch: { x: apex.x, y: Math.round(apex.y) }, middles: [...extra, ...middles] };
  }
  return { crotch: { x: middles[0] ?? cx, y: last }, middles };
}
