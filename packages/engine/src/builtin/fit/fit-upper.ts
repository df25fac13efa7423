import {
  type GarmentAnalysis,
  type GarmentKind,
  GarmentPart,
  type Sides,
  type SleeveLandmarks,
} from '../garment/garment.ts';
import { dist, mid, type Point } from '../geometry/point.ts';
import { lastAlong } from '../geometry/ray.ts';
import { Part, TORSO_AND_LEGS } from '../person/body-parts.ts';
import type { BodyPose, Keypoint } from '../person/body-pose.ts';
import { SEEN } from '../person/check-pose.ts';
import { armGaps } from './arm-gaps.ts';
import type { BodyFrame } from './body-frame.ts';
import type { FittedGarment } from './fitted-garment.ts';
import { type GarmentFrame, garmentFrame } from './garment-frame.ts';
import { EASE, HEM_SAG, LandmarkPairs } from './landmark-pairs.ts';
import { limbLayer } from './limb-map.ts';
import { shoulderJoins } from './shoulder-joins.ts';
import { type Layer, mergeLayers } from './warp-layer.ts';
import { bodyWrap } from './wrap-round.ts';

/** The neckline's base sits this far above the shoulder joints (shares of the shoulder span). */
const NECK_RISE = 0.1;
/**
 * ... and never higher than this, whatever the shoulders beside the neck say: on a sloping, muscled
 * neckline the body's top beside the neck lies up to a third of the span above the joints.
 */
const NECK_HIGHEST = 0.32;
/** The neckline stays at least this far (shares of the span) below the chin, off the face. */
const NECK_BARE = 0.05;
/** Garment shoulder seams sit this far out from and above the shoulder joints (shares of the span). */
const SHOULDER_OUT = 0.1;
const SHOULDER_RISE = 0.05;
/** Kinds whose sleeves end at the wrist, whatever the flat-lay's proportions say. */
export const LONG_SLEEVED: ReadonlySet<GarmentKind> = new Set<GarmentKind>([
  'long-sleeve',
  'hoodie',
  'jacket',
]);
/** A long sleeve's outer edge reaches out with the old sleeve's to at most this far from the arm's bone (a share of the span). */
const LOOSE_SLEEVE = 0.2;
const LEFT_ARM: readonly number[] = [Part.leftUpperArm, Part.leftForearm];
const RIGHT_ARM: readonly number[] = [Part.rightUpperArm, Part.rightForearm];
/** An arm's upper and lower bone as shares of the shoulder span (about 0.8 and 0.75 on an adult). */
const UPPER_ARM = 0.8;
const FOREARM = 0.75;
/** The body at the waist and at a top's hem is read at most this many times the chest's width. */
const WAIST_WIDEST = 1.15;
const HEM_WIDEST = 1.4;
/**
 * A sleeve is scaled like the body across (its chest against the person's) but at least this share of the
 * body's scale down: the arm shows its whole length and its girth whichever way the person turns, where a
 * turned person's chest looks narrow (facing the camera the bench's people read 0.77 to 1 of it; turned
 * away, party-6d read 0.43, and her T-shirt's sleeves were slivers covering 8% of the upper arm).
 */
const SLEEVE_FLOOR = 0.8;
/** A hood worn down rises this far (a share of the span) above the neckline behind the neck. */
const HOOD_RISE = 0.14;

/**
 * Fits a top or a dress: its body by a thin-plate spline from its landmarks (neckline, shoulders, armpits,
 * waist, hem, and the middle line at each) to the person's, widths read from the torso's (and below the
 * hips the legs') edges, never narrower than the garment itself is cut; each sleeve by its own spline down
 * the arm. Lengths keep the garment's proportions, scaled by its chest against the person's; a top's hem
 * stops a little below the hips (folded on a seated person's lap), a dress just below the knees.
 */
export function fitUpper(
  garment: GarmentAnalysis,
  pose: BodyPose,
  frame: BodyFrame,
  photo: { width: number; height: number },
): FittedGarment | null {
  const g = garment.landmarks;
  if (!g.shoulder || !g.armpit || !g.neck) return null;
  const p = pose.points;
  const longSleeves = LONG_SLEEVED.has(garment.kind);
  const { span } = frame;
  const gf = garmentFrame(g.shoulder, g.hem);
  const gChest = Math.max(1, 2 * gf.halfWidth(g.armpit));
  const chest = frame.edges(frame.torsoLength * 0.32) ?? { left: span * 0.45, right: -span * 0.45 };
  const kAcross = ((chest.left - chest.right) * EASE) / gChest;
  const hipDepth = frame.torsoLength;
  const seated =
    Math.min(p.leftKnee.score, p.rightKnee.score) >= 0.5 &&
    kneeDepth(frame, pose) - hipDepth < frame.torsoLength * 0.5;
  // The pose puts a turned person's hips high (mariya-b's torso read 4 eye-to-mouth lengths, where the bench's
  // standing people facing the camera read 5.5 to 6.8): a top scaled and capped by it came out cropped. A
  // standing person's torso is taken as at least FACE_TORSO eye-to-mouth lengths (seated, the lap is nearer).
  const torso = seated ? hipDepth : Math.max(hipDepth, faceTorso(pose));
  // Along, the garment keeps its proportions; a turned person's chest looks narrow, so the torso's length
  // sets a floor.
  const kDown = Math.max(kAcross, (torso * 0.72) / gChest);
  const longest =
    garment.kind === 'dress' ? dressLength(frame, pose, seated) : seated ? hipDepth * 1.1 : torso * 1.35;
  const depthOf = (q: Point): number => Math.min(longest, gf.depth(q) * kDown - span * SHOULDER_RISE);

  const pairs = new LandmarkPairs();
  const pair = (from: Point, to: Point): void => pairs.add(from, to);
  // Neckline: the garment's own width, centred on the neck.
  const neckHalf = gf.halfWidth(g.neck) * kAcross;
  // The neckline's corners: at the neck's base, raised to the top of the shoulders just beside them.
  const neckSide = frame.edges(-span * 0.35, [Part.neck, Part.head, Part.torso]);
  const besideNeck = neckSide ? Math.max(neckSide.left, -neckSide.right) + span * 0.06 : null;
  const sideTops = besideNeck === null ? [] : [frame.top(besideNeck), frame.top(-besideNeck)];
  const neckDepth = Math.max(
    -span * NECK_HIGHEST,
    chinDepth(frame, pose) + span * NECK_BARE,
    Math.min(
      -span * NECK_RISE,
      ...sideTops.filter((d): d is number => d !== null).map((d) => d - span * 0.02),
    ),
  );
  const neckCorners = { left: frame.at(neckDepth, neckHalf), right: frame.at(neckDepth, -neckHalf) };
  pair(g.neck.left, neckCorners.left);
  pair(g.neck.right, neckCorners.right);
  pair(
    g.neck.front,
    frame.at(neckDepth + (gf.depth(g.neck.front) - gf.depth(mid(g.neck.left, g.neck.right))) * kDown, 0),
  );
  // Shoulders: a sleeved garment's seam sits just out from the joint; a tank's strap where it is cut.
  // A seam sits out from the joint, and no lower than the body's top edge there: the old shoulder must not
  // show above the new one.
  const seam = (joint: Point, sign: 1 | -1): Point => {
    const offset = frame.offsetOf(joint) + sign * span * SHOULDER_OUT;
    const jointDepth = frame.depthOf(joint) - span * SHOULDER_RISE;
    const edge = frame.top(offset - sign * span * 0.12);
    return frame.at(edge === null ? jointDepth : Math.min(jointDepth, edge), offset);
  };
  const strap = (q: Point): Point => frame.at(neckDepth * 0.6, (gf.offset(q) - gf.offset(gf.top)) * kAcross);
  const shoulderL = g.sleeves ? seam(p.leftShoulder, 1) : strap(g.shoulder.left);
  const shoulderR = g.sleeves ? seam(p.rightShoulder, -1) : strap(g.shoulder.right);
  pair(g.shoulder.left, shoulderL);
  pair(g.shoulder.right, shoulderR);
  // Armpits, waist and hem at the garment's own depths, as wide as the body there or the garment's cut.
  // Below the chest the body is read no wider than a torso tapers out to from it: what the silhouette shows
  // beyond (an open shirt's flaps, a coat, arms folded over the belly) is the old clothes, not the body.
  const chestHalf = (chest.left - chest.right) / 2;
  const rows: {
    sides: { left: Point; right: Point };
    options?: { labels?: readonly number[]; widest?: number; sag?: number };
  }[] = [{ sides: g.armpit }];
  if (g.waist) rows.push({ sides: g.waist, options: { widest: chestHalf * WAIST_WIDEST } });
  // A garment that hangs on past the hips (a dress, a long top) is at least as wide as the body where it
  // passes their widest, a little below the hip joints: between a waist above them and a hem far below, the
  // flat lay's own line (an A-line skirt's) ran inside them and left the old trousers showing beside it
  // (studio-2's jeans). Where the flat lay is wider there, or the body is not seen, it hangs as cut.
  const seat = hipDepth + frame.torsoLength * SEAT;
  const passed = frame.torsoLength * HIPS_PASSED;
  const seatSides =
    !seated &&
    depthOf(mid(g.hem.left, g.hem.right)) > seat + passed &&
    (!g.waist || depthOf(mid(g.waist.left, g.waist.right)) < seat - passed)
      ? cutSidesAt(garment, gf, (seat + span * SHOULDER_RISE) / kDown)
      : null;
  const seatBody = seatSides && frame.edges(seat, TORSO_AND_LEGS);
  if (
    seatSides &&
    seatBody &&
    Math.min(seatBody.left - seatBody.right, chestHalf * HEM_WIDEST * 2) / 2 >
      gf.halfWidth(seatSides) * kAcross
  ) {
    rows.push({ sides: seatSides, options: { labels: TORSO_AND_LEGS, widest: chestHalf * HEM_WIDEST } });
  }
  rows.push({
    sides: g.hem,
    options: { labels: TORSO_AND_LEGS, widest: chestHalf * HEM_WIDEST, sag: seated ? 0 : span * HEM_SAG },
  });
  const landed = rows.map((row) =>
    pairs.row(
      frame,
      row.sides,
      depthOf(mid(row.sides.left, row.sides.right)),
      gf.halfWidth(row.sides) * kAcross,
      { half: span * 0.5, centre: 0 },
      row.options,
    ),
  );
  // A hood lies behind the neck, drawn first: what the head does not hide of it frames the neckline. Worn
  // down it folds into a collar: its top just above the neckline, so it never stands up beside the head.
  const hood = garment.kind === 'hoodie' ? hoodTop(garment) : null;
  if (hood) pair(hood, frame.at(neckDepth - span * HOOD_RISE, 0));
  // Taken round the torso below the neckline, fully from a quarter of the way down to the armpits.
  const armpitY = (g.armpit.left.y + g.armpit.right.y) / 2;
  const wrap = bodyWrap(
    garment,
    [GarmentPart.body],
    g.neck.front.y,
    g.neck.front.y + Math.max(0, armpitY - g.neck.front.y) * 0.25,
  );
  const warped = pairs.warpEach(
    garment,
    hood ? [[GarmentPart.body], [GarmentPart.hood]] : [[GarmentPart.body]],
    span * 0.1,
    photo,
    wrap,
  );
  const body = warped?.[0];
  if (!body) return null;
  const hoodLayer = warped?.[1] ?? null;
  if (hoodLayer) trimHood(hoodLayer, frame, neckDepth - span * HOOD_RISE);

  const armpits = landed[0] ?? { left: p.leftShoulder, right: p.rightShoulder };
  const sleeve = (s: SleeveLandmarks | undefined, left: boolean): Layer | null => {
    if (!s) return null;
    const sign = left ? 1 : -1;
    return limbLayer(
      garment,
      left ? GarmentPart.leftSleeve : GarmentPart.rightSleeve,
      s,
      {
        outerStart: left ? shoulderL : shoulderR,
        // A little inside the body's edge, so no slit opens between the sleeve and the body at the armpit.
        innerStart: towards(
          left ? armpits.left : armpits.right,
          frame.at(frame.torsoLength * 0.3, 0),
          span * 0.06,
        ),
        ...armOrHanging(
          frame,
          left ? p.leftShoulder : p.rightShoulder,
          left ? p.leftElbow : p.rightElbow,
          left ? p.leftWrist : p.rightWrist,
          sign,
        ),
        outward: { x: frame.across.x * sign, y: frame.across.y * sign },
        limbHalf: span * 0.12,
        scale: Math.max(kAcross, SLEEVE_FLOOR * kDown),
        toEnd: longSleeves,
        // A long sleeve is as loose as the old one it replaces, out to a loose sleeve's girth: beside a
        // narrower one the old sleeve was filled from the backdrop as a smear (clem's, jordan's).
        outerReach: longSleeves
          ? (from, dir) => frame.reach(from, dir, left ? LEFT_ARM : RIGHT_ARM, span * LOOSE_SLEEVE)
          : undefined,
      },
      span * 0.05,
      photo,
    );
  };
  const limbs = { left: sleeve(g.sleeves?.left, true), right: sleeve(g.sleeves?.right, false) };
  return {
    hood: hoodLayer,
    body,
    joins: mergeLayers(
      shoulderJoins([body, limbs.left, limbs.right], [shoulderL, shoulderR]),
      hoodLayer ? shoulderJoins([hoodLayer, body], [neckCorners.left, neckCorners.right]) : null,
    ),
    gaps: armGaps(body, limbs, { left: shoulderL.y, right: shoulderR.y }, frame),
    limbs,
    longSleeves,
    shoulders: {
      left: { neck: neckCorners.left, seam: shoulderL },
      right: { neck: neckCorners.right, seam: shoulderR },
    },
  };
}

/** How far down the torso's axis the knees are. */
export function kneeDepth(frame: BodyFrame, pose: BodyPose): number {
  return frame.depthOf(mid(pose.points.leftKnee, pose.points.rightKnee));
}

/**
 * The hips are widest this far (a share of the torso's length) below their joints; a garment gets a row
 * there when its waist lies above and its hem below by `HIPS_PASSED` of the torso.
 */
const SEAT = 0.25;
const HIPS_PASSED = 0.15;

/**
 * The cut-out body's sides `depth` down its middle line: the last body pixel each way out from the middle
 * (a gap of a few pixels, a fold's shade, does not end it). Null where the middle is not the body.
 */
function cutSidesAt(garment: GarmentAnalysis, gf: GarmentFrame, depth: number): Sides | null {
  const { width, height } = garment.image;
  const isBody = (q: Point): boolean => {
    const x = Math.round(q.x);
    const y = Math.round(q.y);
    return x >= 0 && y >= 0 && x < width && y < height && garment.parts[y * width + x] === GarmentPart.body;
  };
  if (!isBody(gf.at(depth, 0))) return null;
  const side = (sign: 1 | -1): number =>
    sign * lastAlong(width + height, 3, (o) => isBody(gf.at(depth, sign * o)));
  return { left: gf.at(depth, side(1)), right: gf.at(depth, side(-1)) };
}

/** A standing person's torso (neck to hips) is at least this many eye-to-mouth lengths. */
const FACE_TORSO = 5.5;

/** The torso's least length by the face's size, or 0 when the eyes and mouth were not seen. */
export function faceTorso(pose: BodyPose): number {
  const p = pose.points;
  if (Math.min(p.leftEye.score, p.rightEye.score, p.leftMouth.score, p.rightMouth.score) < SEEN) return 0;
  return FACE_TORSO * dist(mid(p.leftEye, p.rightEye), mid(p.leftMouth, p.rightMouth));
}

/**
 * How far down a dress may reach: to just below the knees (its own length decides when shorter), a
 * little over the lap when seated, and without knees in the photo as far as the photo goes.
 */
function dressLength(frame: BodyFrame, pose: BodyPose, seated: boolean): number {
  const p = pose.points;
  if (seated) return frame.torsoLength * 1.6;
  if (Math.min(p.leftKnee.score, p.rightKnee.score) < 0.5) return Number.POSITIVE_INFINITY;
  const knees = kneeDepth(frame, pose);
  return knees + (knees - frame.torsoLength) * 0.3;
}

/**
 * The elbow and wrist a sleeve follows: the pose's when it saw either (a raised hand seen at the face places
 * the elbow it hides well enough); else (an arm behind someone or out of the photo, whose joints the pose
 * only guessed, often upwards) an arm hanging down the body's side.
 */
function armOrHanging(
  frame: BodyFrame,
  shoulder: Keypoint,
  elbow: Keypoint,
  wrist: Keypoint,
  sign: 1 | -1,
): { joint: Point; end: Point } {
  if (elbow.score >= SEEN || wrist.score >= SEEN) return { joint: elbow, end: wrist };
  const { span, down, across } = frame;
  const step = (from: Point, along: number, out: number): Point => ({
    x: from.x + down.x * along * span + across.x * sign * out * span,
    y: from.y + down.y * along * span + across.y * sign * out * span,
  });
  const joint = step(shoulder, UPPER_ARM, 0.08);
  return { joint, end: step(joint, FOREARM, 0.04) };
}

/** The top of the garment's hood, laid flat above its neckline: the middle of its highest row. */
function hoodTop(garment: GarmentAnalysis): Point | null {
  const { width, height } = garment.image;
  for (let y = 0; y < height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (garment.parts[y * width + x] !== GarmentPart.hood) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) return { x: (first + last) / 2, y };
  }
  return null;
}

/**
 * A hood worn down shows as bulk round the neck: it rises `highest` (a depth down the torso's axis) behind
 * the neck and falls to the shoulder line towards the shoulders' middle, in a round; what the warp put higher
 * fades out within a fiftieth of the span.
 */
function trimHood(layer: Layer, frame: BodyFrame, highest: number): void {
  const soft = frame.span * 0.02;
  const reach = frame.span * 0.42;
  const { down, across, neck } = frame;
  for (let y = 0; y < layer.height; y++) {
    for (let x = 0; x < layer.width; x++) {
      const o = (y * layer.width + x) * 4 + 3;
      if (layer.rgba[o] === 0) continue;
      const dx = layer.left + x - neck.x;
      const dy = layer.top + y - neck.y;
      const depth = dx * down.x + dy * down.y;
      const offset = Math.abs(dx * across.x + dy * across.y);
      const out = Math.min(1, offset / reach);
      const top = highest * Math.sqrt(1 - out * out);
      const k =
        Math.min(1, Math.max(0, (depth - top) / soft)) * Math.min(1, Math.max(0, (reach - offset) / soft));
      layer.rgba[o] = (layer.rgba[o] ?? 0) * k;
    }
  }
}

/** `from` moved `by` pixels towards `to`. */
function towards(from: Point, to: Point, by: number): Point {
  const d = dist(to, from) || 1;
  return { x: from.x + ((to.x - from.x) * by) / d, y: from.y + ((to.y - from.y) * by) / d };
}

/**
 * The chin's depth on the torso's axis (negative: above the shoulder joints), from the mouth and eyes: it
 * lies about four fifths of the eyes-to-mouth distance below the mouth.
 */
function chinDepth(frame: BodyFrame, pose: BodyPose): number {
  const p = pose.points;
  const mouth = mid(p.leftMouth, p.rightMouth);
  const eyes = mid(p.leftEye, p.rightEye);
  const chin = { x: mouth.x + (mouth.x - eyes.x) * 0.8, y: mouth.y + (mouth.y - eyes.y) * 0.8 };
  return frame.depthOf(chin);
}
