import { dist, mid, norm, type Point } from '../geometry/point.ts';
import { distanceToSegment, insidePolygon } from '../geometry/polygon.ts';
import { flood } from '../image/flood.ts';
import type { BodyPose, Keypoint } from './body-pose.ts';
import { SEEN } from './check-pose.ts';
import { boxAbove, type Mask } from './mask.ts';

/** Labels of `BodyParts.labels`. Sides are the person's. */
export const Part = {
  background: 0,
  torso: 1,
  leftUpperArm: 2,
  leftForearm: 3,
  leftHand: 4,
  rightUpperArm: 5,
  rightForearm: 6,
  rightHand: 7,
  neck: 8,
  head: 9,
  leftThigh: 10,
  leftShin: 11,
  rightThigh: 12,
  rightShin: 13,
} as const;
export type PartLabel = (typeof Part)[keyof typeof Part];
/** The torso and the legs: where a garment's lower rows (a hem, a waistband, a skirt) may land. */
export const TORSO_AND_LEGS: readonly number[] = [
  Part.torso,
  Part.leftThigh,
  Part.rightThigh,
  Part.leftShin,
  Part.rightShin,
];

export interface BodyParts {
  /** One `Part` a pixel of the photo: the body part each silhouette pixel belongs to. */
  labels: Uint8Array;
  width: number;
  height: number;
  /**
   * The head's disc cut straight across below the chin (`reachesHead`): what the fit and the garment take
   * for the head, which reaches past the jaw the labels follow. Without it, the labels' head.
   */
  headDisc?: HeadDisc;
  /**
   * A forearm whose wrist the pose did not see, read from the silhouette beyond its upper arm
   * (`unseenForearm`; sides are the person's); null where there is none to read. Its pixels stay
   * unlabelled: a bare forearm below an old sleeve is not to be cleaned.
   */
  unseenForearms?: { left: UnseenForearm | null; right: UnseenForearm | null };
}

/**
 * The pose with each wrist it did not see placed where the silhouette shows its forearm ending
 * (`BodyParts.unseenForearms`), its score kept: a sleeve follows the forearm the photo shows rather than the
 * pose's guess (kal's, hanging to the photo's bottom edge, guessed towards her hip).
 */
export function withUnseenForearms(pose: BodyPose, parts: BodyParts): BodyPose {
  const read = parts.unseenForearms;
  if (!read?.left && !read?.right) return pose;
  const points = { ...pose.points };
  if (read.left) points.leftWrist = { ...points.leftWrist, ...read.left.end };
  if (read.right) points.rightWrist = { ...points.rightWrist, ...read.right.end };
  return { ...pose, points };
}

/** Where a forearm the pose did not see ends, and its radius (a share of the span) as the silhouette shows. */
export interface UnseenForearm {
  end: Point;
  radius: number;
}

/**
 * The head's disc (`r2` its radius squared round `centre`) above the shoulders' line and down to `chinReach`
 * below the mouth along the face (`down`).
 */
export interface HeadDisc {
  centre: Point;
  r2: number;
  mouth: Point;
  down: Point;
  chinReach: number;
  shouldersY: number;
}

/**
 * Whether photo pixel (x, y) is the head as the fit and the garment take it: labelled head, or a pixel of
 * the person in the head's disc above its straight cut below the chin (beside the jaw: a collar, hair, the
 * neck's sides). The garment is not drawn there and the shoulders' tops are sought below it, as before the
 * labels followed the jaw; the clean-up, which reads the labels, takes the old clothes there away.
 */
export function reachesHead(parts: BodyParts, x: number, y: number): boolean {
  const label = parts.labels[y * parts.width + x] ?? 0;
  if (label === Part.head) return true;
  return label !== Part.background && parts.headDisc !== undefined && inHeadDisc(parts.headDisc, x, y);
}

/** Whether (x, y) lies in the head's disc, cut straight across below the chin. */
export function inHeadDisc(disc: HeadDisc, x: number, y: number): boolean {
  const { centre, r2, mouth, down, chinReach, shouldersY } = disc;
  return (
    y < shouldersY &&
    (x - centre.x) ** 2 + (y - centre.y) ** 2 < r2 &&
    (x - mouth.x) * down.x + (y - mouth.y) * down.y < chinReach
  );
}

/** A bone: a segment between two joints; `seen` when the model placed its far joint with confidence. */
interface Bone {
  part: PartLabel;
  a: Point;
  b: Point;
  seen: boolean;
  /** The limb's radius as a share of the shoulder span: within it the limb wins over the torso. */
  radius: number;
}

const SILHOUETTE = 110;
/** The parts of both arms, shoulder to fingers. */
export const ARMS: ReadonlySet<number> = new Set([
  Part.leftUpperArm,
  Part.leftForearm,
  Part.leftHand,
  Part.rightUpperArm,
  Part.rightForearm,
  Part.rightHand,
]);
/** How far past its radius (in radii) an arm's pixels reach from its bone. */
const ARM_REACH = 2;
/** Beyond an arm's reach, pixels this near the torso (a share of the span) are torso. */
const TORSO_REACH = 0.25;
/**
 * How far below the mouth the head reaches, in eyes-to-mouth distances: the chin is about 0.8 below, and a
 * face looking down shortens the eyes-to-mouth distance it is measured in.
 */
const CHIN_REACH = 1.4;
/**
 * Below the mouth the head is no wider than the jaw: this many half ear-to-ear distances either side of the
 * ears' middle, down to `CHIN_REACH`. The whole disc, cut straight across below the chin, took the old top's
 * collar beside the jaw of a large or tilted face for head, and the clean-up left it (kal, clem, mariya-a).
 * An ellipse narrowing to the chin was tried: under a bowed head its edge crossed the hair beside the chin,
 * and the neck's paint stopped along it in a hard diagonal (party-2b).
 */
const JAW_WIDTH = 1.15;

/**
 * Splits the silhouette into body parts: every person pixel goes to the part whose bone (shoulder to elbow,
 * elbow to wrist, ...) or torso quadrilateral is nearest. The torso counts as distance 0 inside its
 * quadrilateral, so an arm lying across the belly wins only where its capsule is nearer than the torso's
 * edge, and a limb wins within its own radius of its bone (an arm hanging beside the body, a hand on the
 * belly). The head is a disc around the face keypoints, the neck the segment from the shoulders' middle up.
 */
export function bodyParts(pose: BodyPose, silhouette: Mask): BodyParts {
  const { width, height } = silhouette;
  const p = pose.points;
  const span = dist(p.leftShoulder, p.rightShoulder);
  const shoulders = mid(p.leftShoulder, p.rightShoulder);
  const hips = mid(p.leftHip, p.rightHip);
  const face = mid(mid(p.leftEye, p.rightEye), mid(p.leftMouth, p.rightMouth));
  const headRadius = Math.max(
    dist(p.leftEar, p.rightEar) * 0.75,
    dist(mid(p.leftEye, p.rightEye), mid(p.leftMouth, p.rightMouth)) * 1.9,
    span * 0.3,
  );
  const neckTop = { x: face.x * 0.5 + shoulders.x * 0.5, y: face.y * 0.5 + shoulders.y * 0.5 };
  const hand = (wrist: Point, index: Point, pinky: Point): Point => mid(wrist, mid(index, pinky));
  const ok = (q: Keypoint): boolean => q.score >= SEEN && q.x >= 0 && q.y >= 0 && q.x < width && q.y < height;
  const bones: Bone[] = [
    { part: Part.leftUpperArm, a: p.leftShoulder, b: p.leftElbow, seen: ok(p.leftElbow), radius: 0.13 },
    {
      part: Part.leftForearm,
      a: p.leftElbow,
      b: p.leftWrist,
      seen: ok(p.leftElbow) && ok(p.leftWrist),
      radius: 0.1,
    },
    {
      part: Part.leftHand,
      a: p.leftWrist,
      b: hand(p.leftWrist, p.leftIndex, p.leftPinky),
      seen: ok(p.leftWrist),
      radius: 0.1,
    },
    { part: Part.rightUpperArm, a: p.rightShoulder, b: p.rightElbow, seen: ok(p.rightElbow), radius: 0.13 },
    {
      part: Part.rightForearm,
      a: p.rightElbow,
      b: p.rightWrist,
      seen: ok(p.rightElbow) && ok(p.rightWrist),
      radius: 0.1,
    },
    {
      part: Part.rightHand,
      a: p.rightWrist,
      b: hand(p.rightWrist, p.rightIndex, p.rightPinky),
      seen: ok(p.rightWrist),
      radius: 0.1,
    },
    { part: Part.neck, a: shoulders, b: neckTop, seen: true, radius: 0.12 },
    { part: Part.leftThigh, a: p.leftHip, b: p.leftKnee, seen: ok(p.leftHip) && ok(p.leftKnee), radius: 0.2 },
    {
      part: Part.leftShin,
      a: p.leftKnee,
      b: p.leftAnkle,
      seen: ok(p.leftKnee) && ok(p.leftAnkle),
      radius: 0.13,
    },
    {
      part: Part.rightThigh,
      a: p.rightHip,
      b: p.rightKnee,
      seen: ok(p.rightHip) && ok(p.rightKnee),
      radius: 0.2,
    },
    {
      part: Part.rightShin,
      a: p.rightKnee,
      b: p.rightAnkle,
      seen: ok(p.rightKnee) && ok(p.rightAnkle),
      radius: 0.13,
    },
  ];
  // The torso: shoulders to hips, each corner pulled in a little so an arm hanging beside it is not torso.
  const inset = (q: Point, towards: Point, k: number): Point => ({
    x: q.x + (towards.x - q.x) * k,
    y: q.y + (towards.y - q.y) * k,
  });
  const centre = mid(shoulders, hips);
  const torso = [
    inset(p.rightShoulder, centre, 0.2),
    inset(p.leftShoulder, centre, 0.2),
    inset(p.leftHip, centre, 0.02),
    inset(p.rightHip, centre, 0.02),
  ];
  // Limbs the model only guessed (off the photo, hidden) take no pixels: a seated person's lap is not legs.
  const seen = bones.filter((bone) => bone.seen);
  const dx = seen.map((b) => b.b.x - b.a.x);
  const dy = seen.map((b) => b.b.y - b.a.y);
  const table: BoneTable = {
    part: seen.map((b) => b.part),
    ax: seen.map((b) => b.a.x),
    ay: seen.map((b) => b.a.y),
    dx,
    dy,
    len2: dx.map((v, k) => v * v + (dy[k] ?? 0) ** 2),
    radius: seen.map((b) => b.radius * span),
    torso,
    span,
  };
  // Below the mouth the head's disc is cut to the jaw's width (`JAW_WIDTH`) and just below the chin: a hood,
  // a collar or the shoulders of a person with a large face (a close portrait, a head bowed) are not head.
  const eyeLine = mid(p.leftEye, p.rightEye);
  const mouth = mid(p.leftMouth, p.rightMouth);
  const eyesToMouth = Math.max(1, dist(eyeLine, mouth));
  const down = { x: (mouth.x - eyeLine.x) / eyesToMouth, y: (mouth.y - eyeLine.y) / eyesToMouth };
  const jawHalfWidth = Math.max(1, (dist(p.leftEar, p.rightEar) / 2) * JAW_WIDTH);
  const headDisc: HeadDisc = {
    centre: face,
    r2: headRadius * headRadius,
    mouth,
    down,
    chinReach: eyesToMouth * CHIN_REACH,
    shouldersY: shoulders.y,
  };
  const head: Head = { ...headDisc, ears: mid(p.leftEar, p.rightEar), jawHalfWidth };
  const labels = labelPixels(silhouette, head, table);
  const forearm = (
    shoulder: Keypoint,
    elbow: Keypoint,
    wrist: Keypoint,
    upper: number,
  ): UnseenForearm | null =>
    ok(elbow) && !ok(wrist) ? unseenForearm(labels, silhouette, { shoulder, elbow, upper }, span) : null;
  const unseenForearms = {
    left: forearm(p.leftShoulder, p.leftElbow, p.leftWrist, Part.leftUpperArm),
    right: forearm(p.rightShoulder, p.rightElbow, p.rightWrist, Part.rightUpperArm),
  };
  return { labels, width, height, headDisc, unseenForearms };
}

/** An unseen forearm's pixels are sought at most this many upper arms from its elbow. */
const UNSEEN_FOREARM_REACH = 1.1;
/** ...within this share of the span of the line they give from the elbow (twice a forearm's radius)... */
const UNSEEN_FOREARM_GIRTH = 0.2;
/** ...and fewer than a square this share of the span across are no forearm... */
const UNSEEN_FOREARM_LEAST = 0.12;
/** ...nor a patch of which less than this share lies within that girth of the line. */
const UNSEEN_FOREARM_SHARE = 0.8;

/**
 * A forearm whose wrist the pose did not see (off the photo's edge, hidden) takes no pixels as a bone: a
 * bare forearm the silhouette shows below an old sleeve falls to no part, and the clean-up read the forearm
 * from the old sleeve's pixels past the elbow alone, so its paint could point away from the real forearm
 * (kal's, hanging to the photo's bottom edge: painted towards her hip, the real one left beside it as a
 * block). The unlabelled silhouette pixels joined to the upper arm, within UNSEEN_FOREARM_REACH upper arms
 * of the elbow and nearer it than the shoulder, give the forearm's way (their centroid from the elbow) and
 * its end (as far along it as nine in ten of those within UNSEEN_FOREARM_GIRTH of that line reach), and its
 * radius (half the median width across that way, in slices half that girth long). A patch wider than a
 * forearm (a second person against the arm: anywhere over twice that girth across, or less than
 * UNSEEN_FOREARM_SHARE of it along the line) gives none.
 */
function unseenForearm(
  labels: Uint8Array,
  silhouette: Mask,
  arm: { shoulder: Point; elbow: Point; upper: number },
  span: number,
): UnseenForearm | null {
  const { width: w, height: h } = silhouette;
  const { shoulder, elbow, upper } = arm;
  const reach = dist(shoulder, elbow) * UNSEEN_FOREARM_REACH;
  const girth = span * UNSEEN_FOREARM_GIRTH;
  if (reach < 1) return null;
  const x0 = Math.max(0, Math.floor(elbow.x - reach));
  const x1 = Math.min(w - 1, Math.ceil(elbow.x + reach));
  const y0 = Math.max(0, Math.floor(elbow.y - reach));
  const y1 = Math.min(h - 1, Math.ceil(elbow.y + reach));
  const candidate = (x: number, y: number): boolean => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const i = y * w + x;
    if (labels[i] !== Part.background || (silhouette.data[i] ?? 0) < SILHOUETTE) return false;
    const toElbow = norm(x - elbow.x, y - elbow.y);
    return toElbow <= reach && toElbow < norm(x - shoulder.x, y - shoulder.y);
  };
  // The patch joined to the upper arm: flooded from the candidates beside its pixels.
  const seeds: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const besideArm =
        (x > 0 && labels[y * w + x - 1] === upper) ||
        (x < w - 1 && labels[y * w + x + 1] === upper) ||
        (y > 0 && labels[(y - 1) * w + x] === upper) ||
        (y < h - 1 && labels[(y + 1) * w + x] === upper);
      if (besideArm && candidate(x, y)) seeds.push(y * w + x);
    }
  }
  const queue = flood(seeds, w, h, (i) => candidate(i % w, Math.floor(i / w)));
  let sx = 0;
  let sy = 0;
  for (const i of queue) {
    sx += i % w;
    sy += Math.floor(i / w);
  }
  const n = queue.length;
  if (n < (UNSEEN_FOREARM_LEAST * span) ** 2) return null;
  const toCentre = norm(sx / n - elbow.x, sy / n - elbow.y);
  if (toCentre < 1) return null;
  const way = { x: (sx / n - elbow.x) / toCentre, y: (sy / n - elbow.y) / toCentre };
  const along: number[] = [];
  const inside: number[] = [];
  for (const i of queue) {
    const x = i % w;
    const y = (i - x) / w;
    const ox = x - elbow.x;
    const oy = y - elbow.y;
    const t = ox * way.x + oy * way.y;
    if (Math.abs(ox * way.y - oy * way.x) > girth || t <= 0) continue;
    along.push(t);
    inside.push(i);
  }
  if (along.length < n * UNSEEN_FOREARM_SHARE) return null;
  const widths = sliceWidths(queue, w, elbow, way, girth / 2);
  if (widths.some((width) => width > 2 * girth)) return null;
  along.sort((a, b) => a - b);
  const length = along[Math.floor(along.length * 0.9)] ?? 0;
  const across = sliceWidths(inside, w, elbow, way, girth / 2).sort((a, b) => a - b);
  const radius = (across[Math.floor(across.length / 2)] ?? 0) / 2 / span;
  return { end: { x: elbow.x + way.x * length, y: elbow.y + way.y * length }, radius };
}

/**
 * How wide the patch (`pixels`, indices into a `w` wide grid) is across `way` from `from`, in each slice
 * `slice` long along it that holds any of it.
 */
function sliceWidths(pixels: readonly number[], w: number, from: Point, way: Point, slice: number): number[] {
  const step = Math.max(1, slice);
  const lo = new Map<number, number>();
  const hi = new Map<number, number>();
  for (const i of pixels) {
    const x = i % w;
    const y = (i - x) / w;
    const ox = x - from.x;
    const oy = y - from.y;
    const k = Math.floor((ox * way.x + oy * way.y) / step);
    const across = ox * way.y - oy * way.x;
    lo.set(k, Math.min(lo.get(k) ?? across, across));
    hi.set(k, Math.max(hi.get(k) ?? across, across));
  }
  return [...lo].map(([k, low]) => (hi.get(k) ?? low) - low + 1);
}

/** The bones the pose saw, a column an attribute (`ax`, `ay` a bone's start, `dx`, `dy` its way to its end). */
interface BoneTable {
  part: readonly number[];
  ax: readonly number[];
  ay: readonly number[];
  dx: readonly number[];
  dy: readonly number[];
  len2: readonly number[];
  /** In pixels. */
  radius: readonly number[];
  torso: Point[];
  span: number;
}

/** The head as labelled: its disc (`inHeadDisc`), below the mouth's line no further across than the jaw. */
interface Head extends HeadDisc {
  ears: Point;
  jawHalfWidth: number;
}

/**
 * Labels the silhouette's pixels: the head's disc, else the nearest part (`nearestPart`), found on a grid of
 * every other pixel (parts are large and smooth) and shared by the pixels of each 2 x 2 cell; the silhouette
 * and the head's disc are tested at every pixel. A function of its own: in `bodyParts`' body (with the
 * nearest part a closure) V8 compiled it again on every try-on.
 */
function labelPixels(silhouette: Mask, head: Head, bones: BoneTable): Uint8Array {
  const { width, height } = silhouette;
  const labels = new Uint8Array(width * height);
  const bounds = boxAbove(silhouette.data, width, SILHOUETTE - 1);
  const { mouth, ears, down, jawHalfWidth } = head;
  const gw = (width >> 1) + 1;
  const grid = new Int8Array(gw * ((height >> 1) + 1)).fill(-1);
  const q = { x: 0, y: 0 };
  for (let y = bounds.top; y < bounds.top + bounds.height; y++) {
    for (let x = bounds.left; x < bounds.left + bounds.width; x++) {
      const i = y * width + x;
      if ((silhouette.data[i] ?? 0) < SILHOUETTE) continue;
      if (
        inHeadDisc(head, x, y) &&
        ((x - mouth.x) * down.x + (y - mouth.y) * down.y <= 0 ||
          Math.abs((x - ears.x) * down.y - (y - ears.y) * down.x) < jawHalfWidth)
      ) {
        labels[i] = Part.head;
        continue;
      }
      const g = (y >> 1) * gw + (x >> 1);
      let label = grid[g] ?? -1;
      if (label < 0) {
        q.x = x | 1;
        q.y = y | 1;
        label = nearestPart(bones, q);
        grid[g] = label;
      }
      labels[i] = label;
    }
  }
  return labels;
}

/**
 * The part nearest point `q`: the torso's quad or the bone whose capsule's edge is nearest. An arm is no
 * wider than its bone's reach: silhouette pixels further out are not this person's arm. Near the torso (a
 * lap, a loose top's hem) they are torso; further (someone beside them, a bag) not this person at all: left
 * unlabelled, so nothing is cut out of the garment, painted or measured there.
 */
function nearestPart(bones: BoneTable, q: Point): number {
  const { x, y } = q;
  let best: number = Part.torso;
  const torsoD = insidePolygon(q, bones.torso) ? 0 : distanceToPolygon(q, bones.torso);
  let bestD = torsoD;
  let bestRadius = 0;
  for (let k = 0; k < bones.part.length; k++) {
    const l2 = bones.len2[k] ?? 0;
    const ox = x - (bones.ax[k] ?? 0);
    const oy = y - (bones.ay[k] ?? 0);
    const dx = bones.dx[k] ?? 0;
    const dy = bones.dy[k] ?? 0;
    const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, (ox * dx + oy * dy) / l2));
    const d = norm(ox - t * dx, oy - t * dy) - (bones.radius[k] ?? 0);
    if (d < bestD) {
      bestD = d;
      best = bones.part[k] ?? Part.torso;
      bestRadius = bones.radius[k] ?? 0;
    }
  }
  if (ARMS.has(best) && bestD > bestRadius * ARM_REACH) {
    return torsoD <= bones.span * TORSO_REACH ? Part.torso : Part.background;
  }
  return best;
}

function distanceToPolygon(q: Point, poly: Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    if (a && b) best = Math.min(best, distanceToSegment(q, a, b));
  }
  return best;
}
