import { type GarmentAnalysis, GarmentPart, type SleeveLandmarks } from '../garment/garment.ts';
import type { BodyPose } from '../person/body-pose.ts';
import type { Box } from '../person/mask.ts';
import { dist, mid, type Point } from '../pose/point.ts';
import type { BodyFrame } from './body-frame.ts';
import { thinPlateSpline } from './thin-plate-spline.ts';
import { emptyLayer, type Layer, warpInto } from './warp-layer.ts';

/** How much wider than the body a garment sits (ease), as a share of the body's width. */
const EASE = 1.06;
/** The neckline's base sits this far above the shoulder joints (shares of the shoulder span). */
const NECK_RISE = 0.12;
/** Garment shoulder seams sit this far out from the shoulder joints (shares of the span). */
const SHOULDER_OUT = 0.1;
const SHOULDER_RISE = 0.05;

/** The garment's parts warped onto the person, back to front: the body, then each sleeve. */
export interface FittedGarment {
  body: Layer;
  sleeves: { left: Layer | null; right: Layer | null };
  /** Where the garment's neckline and hem landed (for shading and clean-up). */
  neckDepth: number;
  hemDepth: number;
}

/**
 * Fits an upper-body garment: its body by a thin-plate spline from its landmarks (neckline, shoulders,
 * armpits, waist, hem and the middle line) to the person's, with widths read from the torso's edges; each
 * sleeve as a band along the arm, bending at the elbow. Lengths keep the garment's own proportions, scaled
 * by its chest width against the person's.
 */
export function fitUpperGarment(
  garment: GarmentAnalysis,
  pose: BodyPose,
  frame: BodyFrame,
  photo: { width: number; height: number },
): FittedGarment | null {
  const g = garment.landmarks;
  if (!g.shoulder || !g.armpit || !g.neck) return null;
  const p = pose.points;
  const { span } = frame;
  // Garment frame: its middle line runs from the neckline's middle down; depths are measured from the
  // shoulder line.
  const gTop = mid(g.shoulder.left, g.shoulder.right);
  const gDown = unit({
    x: mid(g.hem.left, g.hem.right).x - gTop.x,
    y: mid(g.hem.left, g.hem.right).y - gTop.y,
  });
  const gAcross = unit({
    x: g.shoulder.left.x - g.shoulder.right.x,
    y: g.shoulder.left.y - g.shoulder.right.y,
  });
  const gDepth = (q: Point): number => (q.x - gTop.x) * gDown.x + (q.y - gTop.y) * gDown.y;
  const gOffset = (q: Point): number => (q.x - gTop.x) * gAcross.x + (q.y - gTop.y) * gAcross.y;
  const gChest = Math.max(1, gOffset(g.armpit.left) - gOffset(g.armpit.right));

  const armpitDepth = clamp(gDepth(mid(g.armpit.left, g.armpit.right)), 0.2, 0.6) * 0;
  const chestDepthGuess = frame.torsoLength * 0.32;
  const chest = frame.edges(chestDepthGuess) ?? { left: span * 0.45, right: -span * 0.45 };
  const bodyChest = (chest.left - chest.right) * EASE;
  // Scale across from the chest; along, the same (a garment keeps its proportions), but never less than
  // the torso's own length would ask of a turned person, whose chest looks narrow.
  const kAcross = bodyChest / gChest;
  const kDown = Math.max(kAcross, (frame.torsoLength * 0.72) / gChest);
  void armpitDepth;

  const depthOf = (q: Point): number => gDepth(q) * kDown - span * SHOULDER_RISE;
  const widthAt = (
    depth: number,
    garmentHalf: number,
    labels?: readonly number[],
  ): { left: number; right: number } => {
    const e = frame.edges(depth, labels);
    const bodyHalf = e ? ((e.left - e.right) / 2) * EASE : span * 0.5;
    const centre = e ? (e.left + e.right) / 2 : 0;
    const half = Math.max(bodyHalf, garmentHalf * kAcross * 0.92);
    return { left: centre + half, right: centre - half };
  };

  const pairs: [Point, Point][] = [];
  const pair = (from: Point, to: Point): void => {
    pairs.push([to, from]);
  };
  // Neckline: the garment's own width, centred on the neck, raised to the neck's base.
  const neckHalf = ((gOffset(g.neck.left) - gOffset(g.neck.right)) / 2) * kAcross;
  const neckY = -span * NECK_RISE;
  pair(g.neck.left, frame.at(neckY, neckHalf));
  pair(g.neck.right, frame.at(neckY, -neckHalf));
  pair(
    g.neck.front,
    frame.at(neckY + (gDepth(g.neck.front) - gDepth(mid(g.neck.left, g.neck.right))) * kDown, 0),
  );
  // Shoulders: out and up from the joints.
  const outward = (q: Point, sign: 1 | -1): Point => ({
    x: q.x + frame.across.x * sign * span * SHOULDER_OUT - frame.down.x * span * SHOULDER_RISE,
    y: q.y + frame.across.y * sign * span * SHOULDER_OUT - frame.down.y * span * SHOULDER_RISE,
  });
  const sleeveless = !g.sleeves;
  const shoulderL = sleeveless
    ? frame.at(neckY * 0.5, (gOffset(g.shoulder.left) - gOffset(gTop)) * kAcross)
    : outward(p.leftShoulder, 1);
  const shoulderR = sleeveless
    ? frame.at(neckY * 0.5, (gOffset(g.shoulder.right) - gOffset(gTop)) * kAcross)
    : outward(p.rightShoulder, -1);
  pair(g.shoulder.left, shoulderL);
  pair(g.shoulder.right, shoulderR);
  // Armpits, waist and hem: at the garment's own depths, as wide as the body (or the garment, if looser).
  const rows: { left: Point; right: Point; labels?: readonly number[] }[] = [
    { left: g.armpit.left, right: g.armpit.right },
  ];
  if (g.waist) rows.push({ left: g.waist.left, right: g.waist.right });
  rows.push({ left: g.hem.left, right: g.hem.right, labels: [1, 10, 11, 12, 13] });
  let hemDepth = 0;
  for (const row of rows) {
    const depth = depthOf(mid(row.left, row.right));
    const half = (gOffset(row.left) - gOffset(row.right)) / 2;
    const w = widthAt(depth, half, row.labels);
    pair(row.left, frame.at(depth, w.left));
    pair(row.right, frame.at(depth, w.right));
    pair(mid(row.left, row.right), frame.at(depth, (w.left + w.right) / 2));
    hemDepth = Math.max(hemDepth, depth);
  }
  const toGarment = thinPlateSpline(
    pairs.map(([to]) => to),
    pairs.map(([, from]) => from),
    0.02,
  );
  if (!toGarment) return null;

  const box = landingBox(
    pairs.map(([to]) => to),
    span,
    photo,
  );
  const body = emptyLayer(box);
  warpInto(body, garment.image, garment.parts, GarmentPart.body, toGarment, 4);

  const armpitL = pairs.find(([, from]) => from === g.armpit?.left)?.[0] ?? p.leftShoulder;
  const armpitR = pairs.find(([, from]) => from === g.armpit?.right)?.[0] ?? p.rightShoulder;
  const sleeve = (s: SleeveLandmarks | undefined, side: 'left' | 'right', part: number): Layer | null => {
    if (!s) return null;
    const left = side === 'left';
    const map = sleeveMap(s, {
      shoulder: left ? shoulderL : shoulderR,
      armpit: left ? armpitL : armpitR,
      elbow: left ? p.leftElbow : p.rightElbow,
      wrist: left ? p.leftWrist : p.rightWrist,
      outward: { x: frame.across.x * (left ? 1 : -1), y: frame.across.y * (left ? 1 : -1) },
      armHalf: span * 0.12,
      scale: kAcross,
    });
    if (!map) return null;
    const layer = emptyLayer(landingBox(map.reach, span * 0.05, photo));
    warpInto(layer, garment.image, garment.parts, part, map.toGarment, 2);
    return layer;
  };
  return {
    body,
    sleeves: {
      left: sleeve(g.sleeves?.left, 'left', GarmentPart.leftSleeve),
      right: sleeve(g.sleeves?.right, 'right', GarmentPart.rightSleeve),
    },
    neckDepth: neckY,
    hemDepth,
  };
}

function landingBox(points: Point[], pad: number, photo: { width: number; height: number }): Box {
  const left = clamp(Math.floor(Math.min(...points.map((q) => q.x)) - pad), 0, photo.width);
  const top = clamp(Math.floor(Math.min(...points.map((q) => q.y)) - pad), 0, photo.height);
  const right = clamp(Math.ceil(Math.max(...points.map((q) => q.x)) + pad), 0, photo.width);
  const bottom = clamp(Math.ceil(Math.max(...points.map((q) => q.y)) + pad), 0, photo.height);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

const unit = (v: Point): Point => {
  const len = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / len, y: v.y / len };
};
const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));
const lerp = (a: number, b: number, k: number): number => a + (b - a) * k;

interface ArmTarget {
  shoulder: Point;
  armpit: Point;
  elbow: Point;
  wrist: Point;
  /** Unit vector away from the body's middle. */
  outward: Point;
  armHalf: number;
  /** Garment pixels to photo pixels. */
  scale: number;
}

/**
 * A sleeve's spline: its shoulder seam end to the garment's shoulder point on the body and its armpit end to
 * the body's armpit (so it joins the body part without a seam), its top edge down the arm's outer side and
 * its bottom edge down the inner side, each as far along the arm as the garment's own edge is long. Points
 * at a third and two thirds of the way make a long sleeve bend at the elbow.
 */
function sleeveMap(
  s: SleeveLandmarks,
  arm: ArmTarget,
): { toGarment: (x: number, y: number) => Point | null; reach: Point[] } | null {
  const outerLength = dist(s.top, s.endTop) * arm.scale;
  const innerLength = dist(s.bottom, s.endBottom) * arm.scale;
  // A flat sleeve is half its tube's girth across; worn round an arm it looks 2/pi of that wide.
  const cuffHalf = Math.max(arm.armHalf * 0.8, (dist(s.endTop, s.endBottom) / 2) * arm.scale * (2 / Math.PI));
  const side = (sign: 1 | -1): Point[] => {
    const off = (q: Point, k: number): Point => ({
      x: q.x + arm.outward.x * sign * k,
      y: q.y + arm.outward.y * sign * k,
    });
    const wristOn = {
      x: arm.wrist.x + (arm.wrist.x - arm.elbow.x) * 0.25,
      y: arm.wrist.y + (arm.wrist.y - arm.elbow.y) * 0.25,
    };
    return [sign === 1 ? arm.shoulder : arm.armpit, off(arm.elbow, cuffHalf * 1.1), off(wristOn, cuffHalf)];
  };
  const outer = side(1);
  const inner = side(-1);
  const pairs: [Point, Point][] = [];
  for (const f of [0, 1 / 3, 2 / 3, 1]) {
    pairs.push([along(outer, outerLength * f), lerpPoint(s.top, s.endTop, f)]);
    pairs.push([along(inner, innerLength * f), lerpPoint(s.bottom, s.endBottom, f)]);
  }
  const spline = thinPlateSpline(
    pairs.map(([to]) => to),
    pairs.map(([, from]) => from),
    0.01,
  );
  if (!spline) return null;
  return { toGarment: spline, reach: pairs.map(([to]) => to) };
}

/** The point `length` along a polyline (its last point past the end). */
function along(line: Point[], length: number): Point {
  let left = length;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] ?? { x: 0, y: 0 };
    const b = line[i] ?? a;
    const d = dist(a, b);
    if (d >= left || i === line.length - 1) return lerpPoint(a, b, d === 0 ? 0 : Math.min(1, left / d));
    left -= d;
  }
  return line[0] ?? { x: 0, y: 0 };
}

const lerpPoint = (a: Point, b: Point, k: number): Point => ({
  x: a.x + (b.x - a.x) * k,
  y: a.y + (b.y - a.y) * k,
});
