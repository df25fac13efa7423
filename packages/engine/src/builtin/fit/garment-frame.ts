import type { Sides } from '../garment/garment.ts';
import { mid, norm, type Point } from '../geometry/point.ts';

/**
 * The flat-lay garment's own axes: `top` (the middle of its shoulder or waist line), depth down its middle
 * line towards the hem, offset across from its right side to its left (as worn).
 */
export interface GarmentFrame {
  top: Point;
  depth(q: Point): number;
  offset(q: Point): number;
  /** Half the distance across between a pair of side landmarks. */
  halfWidth(pair: Sides): number;
  /** The cut-out point `depth` down the middle line and `offset` across it (`depth` and `offset` inverted). */
  at(depth: number, offset: number): Point;
}

export function garmentFrame(topLine: Sides, hem: Sides): GarmentFrame {
  const top = mid(topLine.left, topLine.right);
  const bottom = mid(hem.left, hem.right);
  const down = unit({ x: bottom.x - top.x, y: bottom.y - top.y });
  // Across is perpendicular to the middle line, towards the garment's left.
  let across = { x: -down.y, y: down.x };
  if (across.x * (topLine.left.x - topLine.right.x) + across.y * (topLine.left.y - topLine.right.y) < 0) {
    across = { x: -across.x, y: -across.y };
  }
  const depth = (q: Point): number => (q.x - top.x) * down.x + (q.y - top.y) * down.y;
  const offset = (q: Point): number => (q.x - top.x) * across.x + (q.y - top.y) * across.y;
  const at = (d: number, o: number): Point => ({
    x: top.x + down.x * d + across.x * o,
    y: top.y + down.y * d + across.y * o,
  });
  return { top, depth, offset, halfWidth: (pair) => (offset(pair.left) - offset(pair.right)) / 2, at };
}

export function unit(v: Point): Point {
  const len = norm(v.x, v.y) || 1;
  return { x: v.x / len, y: v.y / len };
}
