import type { Point } from '../geometry/point.ts';
import { dist, norm } from '../geometry/point.ts';
import type { SleeveLandmarks } from './garment.ts';
import { extreme, type GarmentShape } from './garment-shape.ts';
import { sleeveSegments } from './sleeve-segments.ts';

/**
 * A sleeve: the garment outside the seam from shoulder to armpit (above the armpit) or beside the body's run
 * (below it). Its cuff corners are the sleeve's extremes along its axis, leaning toward each edge.
 */
export function sleeveLandmarks(
  shape: GarmentShape,
  side: -1 | 1,
  shoulder: Point,
  armpit: Point,
  bodyAt: (y: number) => { from: number; to: number } | undefined,
): { landmarks: SleeveLandmarks; length: number } | null {
  const segments = sleeveSegments(shape, side, shoulder, armpit, bodyAt);
  let area = 0;
  for (const g of segments) area += g.to - g.from + 1;
  if (area < shape.width * shape.height * 0.006) return null;
  const ends: Point[] = [];
  for (const g of segments) ends.push({ x: g.from, y: g.y }, { x: g.to, y: g.y });
  const root = { x: (shoulder.x + armpit.x) / 2, y: (shoulder.y + armpit.y) / 2 };
  // The cuff is the part of the sleeve farthest from the shoulder point, whether the sleeve stands out
  // from the armhole or hangs down along the body (then the armhole runs down its inner side).
  let far = 0;
  for (const p of ends) far = Math.max(far, dist(p, shoulder));
  const r = far * 0.85;
  let fx = 0;
  let fy = 0;
  let n = 0;
  for (const g of segments) {
    const dy = g.y - shoulder.y;
    const reach = r * r - dy * dy;
    // Columns of the segment farther than r from the shoulder: outside [shoulder.x - d, shoulder.x + d].
    const parts: [number, number][] =
      reach <= 0
        ? [[g.from, g.to]]
        : [
            [g.from, Math.min(g.to, Math.ceil(shoulder.x - Math.sqrt(reach)) - 1)],
            [Math.max(g.from, Math.floor(shoulder.x + Math.sqrt(reach)) + 1), g.to],
          ];
    for (const [from, to] of parts) {
      if (to < from) continue;
      const count = to - from + 1;
      fx += ((from + to) * count) / 2;
      fy += g.y * count;
      n += count;
    }
  }
  const axis = unit({ x: fx / Math.max(1, n) - root.x, y: fy / Math.max(1, n) - root.y });
  // The sleeve's top edge (continuing the shoulder line) is its upper and outer one, whichever way it lies.
  let normal = { x: -axis.y, y: axis.x };
  if (normal.x * side - normal.y < 0) normal = { x: axis.y, y: -axis.x };
  const endTop = extreme(ends, { x: axis.x + normal.x, y: axis.y + normal.y }) ?? shoulder;
  const endBottom = extreme(ends, { x: axis.x - normal.x, y: axis.y - normal.y }) ?? armpit;
  let length = 0;
  for (const p of ends) length = Math.max(length, (p.x - root.x) * axis.x + (p.y - root.y) * axis.y);
  return { landmarks: { top: shoulder, bottom: armpit, endTop, endBottom }, length };
}

function unit(v: Point): Point {
  const l = norm(v.x, v.y) || 1;
  return { x: v.x / l, y: v.y / l };
}
