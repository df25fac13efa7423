import { type GarmentAnalysis, GarmentPart, type SleeveLandmarks } from '../garment/garment.ts';
import type { BodyPose } from '../person/body-pose.ts';
import type { Box } from '../person/mask.ts';
import { dist, mid, type Point } from '../pose/point.ts';
import type { BodyFrame } from './body-frame.ts';
import { type Ribbon, ribbonMap, sideOf } from './limb-ribbon.ts';
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

  const sleeve = (s: SleeveLandmarks | undefined, side: 'left' | 'right', part: number): Layer | null => {
    if (!s) return null;
    const sign = side === 'left' ? 1 : -1;
    const shoulder = side === 'left' ? shoulderL : shoulderR;
    const joint = side === 'left' ? p.leftShoulder : p.rightShoulder;
    const elbow = side === 'left' ? p.leftElbow : p.rightElbow;
    const wrist = side === 'left' ? p.leftWrist : p.rightWrist;
    const source: Ribbon = {
      line: [mid(s.top, s.bottom), mid(s.endTop, s.endBottom)],
      halfWidth: [dist(s.top, s.bottom) / 2, dist(s.endTop, s.endBottom) / 2],
    };
    const sourceLength = dist(source.line[0] ?? gTop, source.line[1] ?? gTop);
    const length = sourceLength * kAcross;
    const armHalf = span * 0.13;
    // The band starts at the middle of the armhole on the body, a little back towards the neck, so the
    // sleeve's cap covers the shoulder's round.
    const start = mid(shoulder, joint);
    const chain = cut(
      [
        start,
        elbow,
        wrist,
        { x: wrist.x + (wrist.x - elbow.x) * 0.3, y: wrist.y + (wrist.y - elbow.y) * 0.3 },
      ],
      length,
    );
    // A flat sleeve is half its tube's girth across; worn round an arm it looks 2/pi of that wide.
    const worn = (flatHalf: number): number => flatHalf * kAcross * (2 / Math.PI);
    const hwStart = Math.max(armHalf * 1.15, worn(source.halfWidth[0] ?? 0));
    const hwEnd = Math.max(armHalf * 0.85, worn(source.halfWidth[1] ?? 0));
    const target: Ribbon = {
      line: chain,
      halfWidth: chain.map((_, i) => lerp(hwStart, hwEnd, i / Math.max(1, chain.length - 1))),
    };
    // The sleeve's top edge (its shoulder seam side) goes on the arm's outer side.
    const sDir = {
      x: (source.line[1]?.x ?? 0) - (source.line[0]?.x ?? 0),
      y: (source.line[1]?.y ?? 0) - (source.line[0]?.y ?? 0),
    };
    const topSide = Math.sign(sideOf(source.line[0] ?? gTop, sDir, s.top));
    const tDir = { x: (chain[1]?.x ?? 0) - (chain[0]?.x ?? 0), y: (chain[1]?.y ?? 0) - (chain[0]?.y ?? 0) };
    const outerPoint = {
      x: start.x + frame.across.x * sign * span,
      y: start.y + frame.across.y * sign * span,
    };
    const outerSide = Math.sign(sideOf(start, tDir, outerPoint));
    const flip = topSide === outerSide ? 1 : -1;
    const sleeveBox = landingBox(chain, Math.max(hwStart, hwEnd) * 1.2 + 4, photo);
    const layer = emptyLayer(sleeveBox);
    warpInto(layer, garment.image, garment.parts, part, ribbonMap(target, source, flip), 1);
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

/** The polyline cut to `length` along it (or as long as it is). */
function cut(line: Point[], length: number): Point[] {
  const out: Point[] = [];
  let left = length;
  for (let i = 0; i < line.length; i++) {
    const q = line[i];
    if (!q) continue;
    if (i === 0) {
      out.push(q);
      continue;
    }
    const prev = line[i - 1] ?? q;
    const d = dist(prev, q);
    if (d >= left) {
      const k = d === 0 ? 0 : left / d;
      out.push({ x: prev.x + (q.x - prev.x) * k, y: prev.y + (q.y - prev.y) * k });
      return out;
    }
    out.push(q);
    left -= d;
  }
  return out;
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
