import type { Point } from '../geometry/point.ts';
import { fitLine, meetingPoint } from './fit-line.ts';
import type { GarmentShape } from './garment-shape.ts';

type Side = -1 | 1;
type Span = (y: number) => { from: number; to: number } | undefined;

/**
 * The armpit on one side of a sleeved top: where the body's side, followed up from the waist, is joined by
 * the sleeve, moved up to where the gap between them closes when the sleeve hangs beside the body.
 */
export function armpit(shape: GarmentShape, side: Side, waistY: number, bodyAt: Span): Point {
  const joint = armpitOn(shape, side, waistY, bodyAt);
  return gapApex(shape, side, joint, bodyAt) ?? joint;
}

/**
 * The armpit: walking up the body's side from the waist, the first row whose edge leaves the line the side
 * has been following (a sleeve joins, or the armhole curves in toward a strap).
 */
function armpitOn(
  shape: GarmentShape,
  side: Side,
  waistY: number,
  bodyAt: (y: number) => { from: number; to: number } | undefined,
): Point {
  const edge = (y: number): number | undefined => {
    const run = bodyAt(y);
    return run ? (side < 0 ? run.from : run.to) : undefined;
  };
  const window = Math.max(5, Math.round(shape.height * 0.04));
  const tolerance = Math.max(3, (shape.width + shape.height) * 0.0075);
  const ys: number[] = [];
  const xs: number[] = [];
  for (let y = waistY; y > 0; y--) {
    const x = edge(y);
    if (x === undefined) break;
    if (ys.length >= window) {
      const n = Math.min(ys.length, window * 2);
      const predicted = fitLine(ys.slice(-n), xs.slice(-n), y);
      if (Math.abs(x - predicted) > tolerance) {
        const lastY = ys[ys.length - 1] ?? y;
        return { x: fitLine(ys.slice(-n), xs.slice(-n), lastY), y: lastY };
      }
    }
    ys.push(y);
    xs.push(x);
  }
  return { x: xs[xs.length - 1] ?? shape.centre, y: ys[ys.length - 1] ?? 0 };
}

/**
 * A sleeveless top's armpit: the body's widest row between neckline and waist (the highest of equals: below
 * the armhole the side runs straight down).
 */
export function widestAbove(
  width: number,
  side: Side,
  fromY: number,
  toY: number,
  bodyAt: (y: number) => { from: number; to: number } | undefined,
): Point | undefined {
  let best: Point | undefined;
  let most = Number.NEGATIVE_INFINITY;
  // Folds and a soft shadow make a straight side wobble by a pixel or two.
  const tolerance = Math.max(2, width * 0.015);
  for (let y = Math.round(toY); y > fromY; y--) {
    const run = bodyAt(y);
    if (!run) continue;
    const x = side < 0 ? run.from : run.to;
    if (x * side > most + tolerance) {
      most = x * side;
      best = { x, y };
    } else if (best && x * side >= most - tolerance) {
      // About as wide: the straight side below an armhole; climb it, keeping its outermost column.
      most = Math.max(most, x * side);
      best = { x: most * side, y };
    }
  }
  return best;
}

/**
 * Where the gap between the body and a sleeve beside it closes. Near its apex the gap is too narrow to see
 * at the cut-out's resolution, so its two edges, straight lines just below, are extended until they meet.
 */
function gapApex(
  shape: GarmentShape,
  side: Side,
  joint: Point,
  bodyAt: (y: number) => { from: number; to: number } | undefined,
): Point | null {
  const bodyEdge: Point[] = [];
  const sleeveEdge: Point[] = [];
  const span = Math.round(shape.height * 0.15);
  for (let y = Math.round(joint.y) + 1; y < Math.min(shape.height, joint.y + span); y++) {
    const body = bodyAt(y);
    if (!body) break;
    const edge = side < 0 ? body.from : body.to;
    const beside = (shape.runs[y] ?? []).filter((r) => (side < 0 ? r.to < body.from : r.from > body.to));
    const next = side < 0 ? beside[beside.length - 1] : beside[0];
    if (!next) break;
    bodyEdge.push({ x: edge, y });
    sleeveEdge.push({ x: side < 0 ? next.to : next.from, y });
  }
  if (bodyEdge.length < 8) return null;
  // The rows next to the apex are the blurriest; the edges' lines come from those a little below.
  const from = Math.floor(bodyEdge.length * 0.2);
  return meetingPoint(bodyEdge.slice(from), sleeveEdge.slice(from), joint.y - shape.height * 0.2, joint.y);
}
