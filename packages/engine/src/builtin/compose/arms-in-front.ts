import type { BodyFrame } from '../fit/body-frame.ts';
import { dist, type Point } from '../geometry/point.ts';
import { distanceToSegment } from '../geometry/polygon.ts';
import type { Raster } from '../image/raster.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import type { BodyPose, Keypoint } from '../person/body-pose.ts';
import { SEEN } from '../person/check-pose.ts';
import { type SkinTone, skinLikeness } from './skin-tone.ts';

/** A forearm's natural radius at the elbow and at the wrist, as shares of the shoulder span. */
export const FOREARM_GIRTH = { elbow: 0.085, wrist: 0.065 } as const;
/** An upper arm's natural radius (a share of the span) at the shoulder and at the elbow. */
export const UPPER_ARM_GIRTH = { shoulder: 0.12, elbow: 0.09 } as const;
/**
 * An upper arm is kept in front from this share of the way down from the shoulder: above it, the round of the
 * shoulder is where a tank's strap lies (kept in front, party-6a's strap was cut away with the arm).
 */
const UPPER_ARM_FROM = 0.35;
/** A hand's natural half-width, as a share of the span: round the line from the wrist to the knuckles. */
const HAND_GIRTH = 0.075;
/**
 * Room beyond the natural girth that still counts as a bare arm: forearms differ, and so do poses' bones.
 * A sleeved one gets none: the clean-up paints skin within the natural girth only, and the old sleeve beside
 * that is the new garment's to cover (with room, it showed as a band of old cloth along the arm).
 */
const ROOM = 1.3;
/** An arm (a forearm, an upper arm) whose pixels within its natural girth are at least this share skin is bare. */
const BARE = 0.5;

/**
 * The arm and hand pixels that are the arm itself, 1 a pixel (an upper arm's from `UPPER_ARM_FROM` of the
 * way down, of the sides `upperArms` asks for): within the natural girth of the bone (with room), or of the
 * person's skin colour. A garment's body goes behind its forearms and hands, and behind the upper arms it has
 * no sleeve for (`garmentCanvas`), the only ones worth reading.
 * The part map gives an arm or hand every silhouette pixel
 * up to a few radii from its bone, so that a loose sleeve goes with it; in front of the new garment only the
 * arm should stay, and what lies beside it there (the old clothes behind the arm) is the new garment's.
 */
export function armsInFront(
  photo: Raster,
  pose: BodyPose,
  parts: BodyParts,
  tone: SkinTone | null,
  upperArms: { left: boolean; right: boolean } = { left: true, right: true },
): Uint8Array {
  const { width: w, height: h } = parts;
  const out = new Uint8Array(w * h);
  const p = pose.points;
  const span = dist(p.leftShoulder, p.rightShoulder);
  const knuckles = (wrist: Point, index: Point, pinky: Point): Point => ({
    x: (wrist.x + (index.x + pinky.x) / 2) / 2,
    y: (wrist.y + (index.y + pinky.y) / 2) / 2,
  });
  const seen = (...joints: Keypoint[]): boolean => joints.every((j) => j.score >= SEEN);
  // Each bone: its part, its ends, its girth at each end, whether the pose saw it (an arm it only guessed,
  // or one that disagrees with the silhouette, keeps nothing in front) and from how far along it is kept.
  const bones: [number, Point, Point, number, number, boolean, number?][] = [
    [
      Part.leftUpperArm,
      p.leftShoulder,
      p.leftElbow,
      UPPER_ARM_GIRTH.shoulder,
      UPPER_ARM_GIRTH.elbow,
      upperArms.left && seen(p.leftShoulder, p.leftElbow),
      UPPER_ARM_FROM,
    ],
    [
      Part.rightUpperArm,
      p.rightShoulder,
      p.rightElbow,
      UPPER_ARM_GIRTH.shoulder,
      UPPER_ARM_GIRTH.elbow,
      upperArms.right && seen(p.rightShoulder, p.rightElbow),
      UPPER_ARM_FROM,
    ],
    [
      Part.leftForearm,
      p.leftElbow,
      p.leftWrist,
      FOREARM_GIRTH.elbow,
      FOREARM_GIRTH.wrist,
      seen(p.leftElbow, p.leftWrist),
    ],
    [
      Part.rightForearm,
      p.rightElbow,
      p.rightWrist,
      FOREARM_GIRTH.elbow,
      FOREARM_GIRTH.wrist,
      seen(p.rightElbow, p.rightWrist),
    ],
    [
      Part.leftHand,
      p.leftWrist,
      knuckles(p.leftWrist, p.leftIndex, p.leftPinky),
      HAND_GIRTH,
      HAND_GIRTH,
      seen(p.leftWrist),
    ],
    [
      Part.rightHand,
      p.rightWrist,
      knuckles(p.rightWrist, p.rightIndex, p.rightPinky),
      HAND_GIRTH,
      HAND_GIRTH,
      seen(p.rightWrist),
    ],
  ];
  const isSkin = new Uint8Array(w * h);
  for (const [part, start, end, ra, rb, isSeen, from = 0] of bones) {
    if (!isSeen) continue;
    const bone = { part, a: start, b: end, ra, rb };
    const len2 = Math.max(1, (end.x - start.x) ** 2 + (end.y - start.y) ** 2);
    const box = boneBox(bone, span, w, h);
    const girth = girthOf(bone, span);
    // First the skin within the natural girth: whether the arm is bare, so gets room.
    const { inside, bare } = skinWithinGirth(photo, parts, tone, bone, { box, girth }, isSkin);
    const room = inside > 0 && bare >= inside * BARE ? ROOM : 1;
    for (let y = box.y0; y < box.y1; y++) {
      for (let x = box.x0; x < box.x1; x++) {
        const i = y * w + x;
        if (parts.labels[i] !== part) continue;
        if (from > 0 && ((x - start.x) * (end.x - start.x) + (y - start.y) * (end.y - start.y)) / len2 < from)
          continue;
        if (isSkin[i] || girth(x, y) <= room) out[i] = 1;
      }
    }
  }
  return out;
}

/** A bone of the arm and its part on the part map: from `a` to `b`, its natural radius `ra` to `rb` (spans). */
interface Bone {
  part: number;
  a: Point;
  b: Point;
  ra: number;
  rb: number;
}

/** The box round a bone, half a span out each way, within a `w` x `h` grid. */
function boneBox(bone: Bone, span: number, w: number, h: number) {
  const reach = span * 0.5;
  return {
    x0: Math.max(0, Math.floor(Math.min(bone.a.x, bone.b.x) - reach)),
    x1: Math.min(w, Math.ceil(Math.max(bone.a.x, bone.b.x) + reach)),
    y0: Math.max(0, Math.floor(Math.min(bone.a.y, bone.b.y) - reach)),
    y1: Math.min(h, Math.ceil(Math.max(bone.a.y, bone.b.y) + reach)),
  };
}

/** Each pixel's distance from the bone over its natural girth there (1 at the natural girth). */
function girthOf(bone: Bone, span: number): (x: number, y: number) => number {
  const { a, b, ra, rb } = bone;
  const len2 = Math.max(1, (b.x - a.x) ** 2 + (b.y - a.y) ** 2);
  const q = { x: 0, y: 0 };
  return (x, y) => {
    const t = Math.max(0, Math.min(1, ((x - a.x) * (b.x - a.x) + (y - a.y) * (b.y - a.y)) / len2));
    q.x = x;
    q.y = y;
    return distanceToSegment(q, a, b) / ((ra + (rb - ra) * t) * span);
  };
}

/**
 * The bone's own pixels within its natural girth (`inside`) and how many of them are of the person's skin
 * (`bare`), read over its `box` (`boneBox`) by its `girth` (`girthOf`); `isSkin`, when given, is set for each
 * of the bone's pixels in the box.
 */
function skinWithinGirth(
  photo: Raster,
  parts: BodyParts,
  tone: SkinTone | null,
  bone: Bone,
  { box, girth }: { box: ReturnType<typeof boneBox>; girth: ReturnType<typeof girthOf> },
  isSkin?: Uint8Array,
): { inside: number; bare: number } {
  let inside = 0;
  let bare = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * parts.width + x;
      if (parts.labels[i] !== bone.part) continue;
      const skin =
        tone !== null &&
        skinLikeness(tone, photo.data[i * 3] ?? 0, photo.data[i * 3 + 1] ?? 0, photo.data[i * 3 + 2] ?? 0) >
          0.3;
      if (isSkin) isSkin[i] = skin ? 1 : 0;
      if (girth(x, y) > 1) continue;
      inside++;
      if (skin) bare++;
    }
  }
  return { inside, bare };
}

/**
 * A forearm that comes this close to the body's middle line (a share of the span), between the shoulders and
 * ACROSS_LOWEST torso lengths below them (a little below the hips), lies across the body.
 */
const ACROSS = 0.3;
const ACROSS_LOWEST = 1.15;

/**
 * Whether a forearm the pose saw lies across the front of the torso in a sleeve: it crosses the body's
 * middle line or comes within ACROSS of it, there between the shoulders and a little below the hips, and
 * under BARE of its pixels within its natural girth are skin. A garment that leaves the forearm bare would
 * have it painted as skin there, over the old clothes behind it and in front of the new ones, which reads
 * as a bar of paint across the belly (jordan's): no picture worth showing.
 */
export function sleevedForearmAcross(
  photo: Raster,
  pose: BodyPose,
  parts: BodyParts,
  frame: Pick<BodyFrame, 'span' | 'torsoLength' | 'depthOf' | 'offsetOf'>,
  tone: SkinTone | null,
): boolean {
  if (!tone) return false;
  const p = pose.points;
  const { span } = frame;
  const arms: [number, Keypoint, Keypoint][] = [
    [Part.leftForearm, p.leftElbow, p.leftWrist],
    [Part.rightForearm, p.rightElbow, p.rightWrist],
  ];
  return arms.some(([part, elbow, wrist]) => {
    if (Math.min(elbow.score, wrist.score) < SEEN) return false;
    // The forearm's point nearest the body's middle line: where it crosses it, or its end nearer it.
    const oe = frame.offsetOf(elbow);
    const ow = frame.offsetOf(wrist);
    const t = oe * ow < 0 ? oe / (oe - ow) : Math.abs(ow) < Math.abs(oe) ? 1 : 0;
    const near = { x: elbow.x + (wrist.x - elbow.x) * t, y: elbow.y + (wrist.y - elbow.y) * t };
    const depth = frame.depthOf(near);
    if (
      Math.abs(frame.offsetOf(near)) > ACROSS * span ||
      depth < 0 ||
      depth > frame.torsoLength * ACROSS_LOWEST
    ) {
      return false;
    }
    const bone = { part, a: elbow, b: wrist, ra: FOREARM_GIRTH.elbow, rb: FOREARM_GIRTH.wrist };
    const reach = { box: boneBox(bone, span, parts.width, parts.height), girth: girthOf(bone, span) };
    const { inside, bare } = skinWithinGirth(photo, parts, tone, bone, reach);
    return inside > 0 && bare < inside * BARE;
  });
}
