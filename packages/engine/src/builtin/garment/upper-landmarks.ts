import type { Point } from '../pose/point.ts';
import type { GarmentLandmarks, SleeveLandmarks } from './garment.ts';
import { extreme, type GarmentShape, median, runAt, spanOver } from './garment-shape.ts';

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

/**
 * Landmarks of a top or dress laid flat, from its shape (`grey` only for the neckline's front and a zip).
 * `side` -1 is the image's left: the wearer's right for a garment laid front up.
 */
export function upperLandmarks(shape: GarmentShape, grey: Uint8Array, hood: boolean): UpperResult {
  const { height: h, centre: cx } = shape;
  const waistY = narrowestRow(
    shape,
    (y) => runAt(shape, y, cx, shape.width * 0.05),
    Math.floor(h * 0.38),
    Math.floor(h * 0.8),
  );
  const waistRun = runAt(shape, waistY, cx, shape.width * 0.05) ?? { from: cx - 1, to: cx + 1 };
  const bodyAt = bodyColumns(shape, waistRun);
  const bodyWidth = waistRun.to - waistRun.from;
  const neck = hood ? hoodNotches(shape, bodyWidth) : neckCorners(shape, bodyWidth);
  const result = ([-1, 1] as const).map((side) => {
    const neckCorner = side < 0 ? neck.right : neck.left;
    const joint = armpitOn(shape, side, waistY, bodyAt);
    const armpit = gapApex(shape, side, joint, bodyAt) ?? joint;
    // A set-in sleeve's seam starts about above the armpit, where the shoulder line bends only a little
    // into the sleeve's top edge; a strap's outer corner is a sharp bend and is found as one.
    const seam = { x: armpit.x, y: shape.top[Math.round(armpit.x)] ?? armpit.y };
    const sleeve =
      seam.y < armpit.y - shape.height * 0.03 ? sleeveOn(shape, side, seam, armpit, bodyAt) : null;
    const hem = hemCornerOn(shape, side, waistY, bodyAt);
    if (!sleeve) {
      const widest = widestAbove(shape.width, side, neckCorner.y, waistY, bodyAt) ?? armpit;
      const shoulder = shoulderOn(shape, side, neckCorner, widest);
      const waist = { x: side < 0 ? waistRun.from : waistRun.to, y: waistY };
      return { neckCorner, armpit: widest, shoulder, sleeve, hem, waist };
    }
    const shoulder = seam;
    const waist = { x: side < 0 ? waistRun.from : waistRun.to, y: waistY };
    return { neckCorner, armpit, shoulder, sleeve, hem, waist };
  });
  const [r, l] = result;
  if (!r || !l) throw new Error('unreachable');
  const neckY = Math.min(r.neckCorner.y, l.neckCorner.y);
  const front = neckFront(shape, grey, r.neckCorner, l.neckCorner, hood);
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

/** The body's span on a row: the runs over the waist's columns. */
export function bodyColumns(shape: GarmentShape, waist: { from: number; to: number }) {
  return (y: number) => spanOver(shape, y, waist.from, waist.to);
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
function widestAbove(
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

/** Where lines fitted to two edges x(y) meet, kept between `minY` and `maxY` (null when they don't). */
export function meetingPoint(a: Point[], b: Point[], minY: number, maxY: number): Point | null {
  const line = (pts: Point[]) => {
    const ys = pts.map((p) => p.y);
    const xs = pts.map((p) => p.x);
    const y0 = ys[0] ?? 0;
    const x0 = fitLine(ys, xs, y0);
    const x1 = fitLine(ys, xs, y0 + 1);
    return { x0, y0, slope: x1 - x0 };
  };
  const la = line(a);
  const lb = line(b);
  const den = la.slope - lb.slope;
  if (Math.abs(den) < 1e-3) return null;
  // x = x0a + sa (y - y0a) = x0b + sb (y - y0b)
  const y = (lb.x0 - la.x0 + la.slope * la.y0 - lb.slope * lb.y0) / den;
  if (!(y >= minY && y <= maxY)) return { x: la.x0 + la.slope * (maxY - la.y0), y: maxY };
  return { x: la.x0 + la.slope * (y - la.y0), y };
}

/** Least-squares line x(y) through the points, evaluated at `at`. */
function fitLine(ys: number[], xs: number[], at: number): number {
  const n = ys.length;
  let sy = 0;
  let sx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const y = ys[i] ?? 0;
    const x = xs[i] ?? 0;
    sy += y;
    sx += x;
    syy += y * y;
    sxy += x * y;
  }
  const den = n * syy - sy * sy;
  if (Math.abs(den) < 1e-9) return sx / Math.max(1, n);
  const slope = (n * sxy - sx * sy) / den;
  return (sx - slope * sy) / n + slope * at;
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
  const length = Math.hypot(dx, dy) || 1;
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

/**
 * A sleeve: the garment outside the seam from shoulder to armpit (above the armpit) or beside the body's run
 * (below it). Its cuff corners are the sleeve's extremes along its axis, leaning toward each edge.
 */
function sleeveOn(
  shape: GarmentShape,
  side: Side,
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
  for (const p of ends) far = Math.max(far, Math.hypot(p.x - shoulder.x, p.y - shoulder.y));
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
  side: Side,
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

/**
 * Share of rows from the neckline to the hem crossed by one sharp vertical line near the middle: a zip or an
 * open front's edge. The line must keep to one column (a print's dots do not).
 */
function centreLine(shape: GarmentShape, grey: Uint8Array, fromY: number, toY: number): number {
  const { centre: cx, width } = shape;
  const half = Math.max(3, Math.round(width * 0.02));
  const columns: number[] = [];
  let rows = 0;
  for (let y = Math.round(fromY + (toY - fromY) * 0.1); y < toY - (toY - fromY) * 0.05; y++) {
    rows++;
    let most = 0;
    let at = -1;
    for (let x = Math.round(cx) - half; x <= Math.round(cx) + half; x++) {
      const i = y * width + x;
      const step = Math.abs((grey[i + 2] ?? 0) - (grey[i - 2] ?? 0));
      if (step > most) {
        most = step;
        at = x;
      }
    }
    if (most > 12) columns.push(at);
  }
  const column = median(columns);
  if (rows === 0 || column === undefined) return 0;
  return columns.filter((x) => Math.abs(x - column) <= 2).length / rows;
}

function unit(v: Point): Point {
  const l = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / l, y: v.y / l };
}
