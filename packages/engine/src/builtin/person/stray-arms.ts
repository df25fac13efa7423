import { dist, type Point } from '../geometry/point.ts';
import type { BodyPose, Keypoint } from './body-pose.ts';
import { SEEN } from './check-pose.ts';
import type { Mask } from './mask.ts';

const SILHOUETTE = 110;
/**
 * An upper arm's bone lies in the middle of the arm: across it, the silhouette ends within the arm's
 * half-width and its sleeve's on at least one side (about 0.1-0.3 of the shoulder span, an arm against
 * the body included). A bone with the silhouette running on further than this either side lies over
 * the torso while the arm is elsewhere: BlazePose squeezed the body (a blazer's sleeve read as chest).
 */
const WIDEST_BESIDE = 0.45;
/** Where along the upper arm that is read (shares of the bone from the shoulder). */
const ALONG = [0.3, 0.45, 0.6, 0.75, 0.9];
/** A bone with more than this share of its points off the silhouette runs where there is no arm. */
const MOST_OUTSIDE = 0.5;

export type Side = 'left' | 'right';

/**
 * The arms whose bones disagree with the person's silhouette: the upper arm lies with the silhouette
 * running on well past an arm's width either side of it (over the torso, with the real arm further
 * out), or most of the upper arm's and forearm's points lie off the silhouette. Only arms whose elbow
 * the pose saw are judged: a guessed arm is not followed anyway.
 */
export function strayArms(pose: BodyPose, silhouette: Mask): Side[] {
  const p = pose.points;
  const span = Math.max(1, dist(p.leftShoulder, p.rightShoulder));
  const stray: Side[] = [];
  for (const side of ['left', 'right'] as const) {
    const shoulder = side === 'left' ? p.leftShoulder : p.rightShoulder;
    const elbow = side === 'left' ? p.leftElbow : p.rightElbow;
    const wrist = side === 'left' ? p.leftWrist : p.rightWrist;
    if (elbow.score < SEEN) continue;
    const beside = besideBone(silhouette, shoulder, elbow, span);
    const bones: [Point, Point][] = [[shoulder, elbow]];
    if (wrist.score >= SEEN) bones.push([elbow, wrist]);
    if (beside > WIDEST_BESIDE || offSilhouette(silhouette, bones) > MOST_OUTSIDE) stray.push(side);
  }
  return stray;
}

/** Two passes that place an arm's elbow and wrist within this share of the span of each other agree on it. */
const SAME_PLACE = 0.25;

/**
 * Whether another BlazePose pass (`second`, on the photo zoomed out) places the arm where `first` does:
 * its elbow, and its wrist when either pass saw it, within a quarter of the span. Two passes that agree
 * confirm an arm that the silhouette doubts (the silhouette runs on beside it into long hair or someone
 * next to the person); a squeezed pass moves its arms when the body is framed anew.
 */
export function sameArm(first: BodyPose, second: BodyPose, side: Side): boolean {
  const a = first.points;
  const b = second.points;
  const span = Math.max(1, dist(a.leftShoulder, a.rightShoulder));
  const [elbowA, elbowB, wristA, wristB] =
    side === 'left'
      ? [a.leftElbow, b.leftElbow, a.leftWrist, b.leftWrist]
      : [a.rightElbow, b.rightElbow, a.rightWrist, b.rightWrist];
  if (elbowB.score < SEEN || dist(elbowA, elbowB) > SAME_PLACE * span) return false;
  const wristSeen = wristA.score >= SEEN || wristB.score >= SEEN;
  return !wristSeen || dist(wristA, wristB) <= SAME_PLACE * span;
}

/**
 * The pose with the named arms' elbows, wrists and hands marked as guessed (score 0): the steps after
 * take no pixels for them, paint no skin along them and hang a sleeve down the body's side instead.
 */
export function withoutArms(pose: BodyPose, sides: readonly Side[]): BodyPose {
  if (sides.length === 0) return pose;
  const points = { ...pose.points };
  const guessed = (q: Keypoint): Keypoint => ({ ...q, score: 0 });
  for (const side of sides) {
    if (side === 'left') {
      points.leftElbow = guessed(points.leftElbow);
      points.leftWrist = guessed(points.leftWrist);
      points.leftPinky = guessed(points.leftPinky);
      points.leftIndex = guessed(points.leftIndex);
      points.leftThumb = guessed(points.leftThumb);
    } else {
      points.rightElbow = guessed(points.rightElbow);
      points.rightWrist = guessed(points.rightWrist);
      points.rightPinky = guessed(points.rightPinky);
      points.rightIndex = guessed(points.rightIndex);
      points.rightThumb = guessed(points.rightThumb);
    }
  }
  return { ...pose, points };
}

/**
 * How far (in spans) the silhouette runs on across the upper arm's bone, on its nearer side, at the
 * median of a few points along it; at most 0.8 span is walked.
 */
function besideBone(mask: Mask, shoulder: Point, elbow: Point, span: number): number {
  const len = Math.max(1, dist(shoulder, elbow));
  const nx = -(elbow.y - shoulder.y) / len;
  const ny = (elbow.x - shoulder.x) / len;
  const cap = Math.round(span * 0.8);
  const runs = ALONG.map((t) => {
    const x = shoulder.x + (elbow.x - shoulder.x) * t;
    const y = shoulder.y + (elbow.y - shoulder.y) * t;
    return Math.min(run(mask, x, y, nx, ny, cap), run(mask, x, y, -nx, -ny, cap)) / span;
  }).sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] ?? 0;
}

/** Pixels of silhouette from (x, y) along (nx, ny) before it ends (or the photo does), at most `cap`. */
function run(mask: Mask, x: number, y: number, nx: number, ny: number, cap: number): number {
  for (let d = 0; d < cap; d++) {
    const px = Math.round(x + nx * d);
    const py = Math.round(y + ny * d);
    if (px < 0 || py < 0 || px >= mask.width || py >= mask.height) return d;
    if ((mask.data[py * mask.width + px] ?? 0) < SILHOUETTE) return d;
  }
  return cap;
}

/** The share of points along the bones (inside the photo) that lie off the silhouette. */
function offSilhouette(mask: Mask, bones: readonly [Point, Point][]): number {
  let off = 0;
  let n = 0;
  for (const [a, b] of bones) {
    for (const t of ALONG) {
      const x = Math.round(a.x + (b.x - a.x) * t);
      const y = Math.round(a.y + (b.y - a.y) * t);
      if (x < 0 || y < 0 || x >= mask.width || y >= mask.height) continue;
      n++;
      if ((mask.data[y * mask.width + x] ?? 0) < SILHOUETTE) off++;
    }
  }
  return n === 0 ? 0 : off / n;
}
