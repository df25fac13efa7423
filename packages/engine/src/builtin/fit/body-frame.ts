import { dist, mid, norm, type Point } from '../geometry/point.ts';
import { lastAlong } from '../geometry/ray.ts';
import { type BodyParts, Part, reachesHead } from '../person/body-parts.ts';
import type { BodyPose } from '../person/body-pose.ts';

/**
 * The person measured for fitting: the torso's axis (shoulders' middle to hips' middle), the direction
 * across it (from the person's right to left, so the picture's left to right in a front view), and the
 * torso's edges at any depth down that axis, read from the body-part map rather than guessed from joints.
 */
export interface BodyFrame {
  /** Shoulder joints' middle and the distance between the shoulder joints. */
  neck: Point;
  span: number;
  /** Unit vectors: `down` along the torso, `across` from the person's right side to their left. */
  down: Point;
  across: Point;
  /** Shoulder joints to hip joints, along `down`. */
  torsoLength: number;
  /** The point `depth` pixels down the axis and `offset` pixels across it. */
  at(depth: number, offset: number): Point;
  /** How far down the axis a point lies (`at`'s depth; negative above the shoulder joints). */
  depthOf(q: Point): number;
  /** How far across the axis a point lies (`at`'s offset; the person's left side positive). */
  offsetOf(q: Point): number;
  /**
   * How far the body reaches on each side of the axis at `depth` (pixels across, right side negative):
   * the torso's own pixels, and below the crotch the legs' too, seen through forearms and hands lying across
   * it. Null where the row leaves the photo or
   * holds no body.
   */
  edges(depth: number, parts?: readonly number[]): { right: number; left: number } | null;
  /**
   * The depth of the body's top edge `offset` pixels across, beside the neck: going up from below the
   * shoulder joints, where the body gives way to the background. Null when the photo's edge comes first or
   * the column runs into the head.
   */
  top(offset: number): number | null;
  /** Whether a pixel of the photo is the person's body (any part but the head; not the backdrop). */
  isBody(x: number, y: number): boolean;
  /**
   * How far from `from` along the unit vector `dir` the part map's `labels` run (through gaps of up to two
   * pixels), at most `max` pixels.
   */
  reach(from: Point, dir: Point, labels: readonly number[], max: number): number;
}

const TORSO: readonly number[] = [Part.torso];
/**
 * A forearm or hand lying across the torso hides it but does not end it: reading the torso's width, a row
 * looks through them (a forearm across the waist would otherwise pinch the garment there).
 */
const SEE_THROUGH: ReadonlySet<number> = new Set([
  Part.leftForearm,
  Part.rightForearm,
  Part.leftHand,
  Part.rightHand,
]);

export function bodyFrame(pose: BodyPose, parts: BodyParts): BodyFrame {
  const p = pose.points;
  const neck = mid(p.leftShoulder, p.rightShoulder);
  const hips = mid(p.leftHip, p.rightHip);
  const span = Math.max(1, dist(p.leftShoulder, p.rightShoulder));
  const torsoLength = Math.max(span * 0.5, dist(neck, hips));
  const down = unit({ x: hips.x - neck.x, y: hips.y - neck.y });
  // Across is perpendicular to the torso, turned towards the person's left shoulder.
  let across = { x: -down.y, y: down.x };
  const toLeft = { x: p.leftShoulder.x - p.rightShoulder.x, y: p.leftShoulder.y - p.rightShoulder.y };
  if (across.x * toLeft.x + across.y * toLeft.y < 0) across = { x: -across.x, y: -across.y };
  // The fit takes the head to reach its disc's straight cut below the chin, past the jaw the labels follow:
  // beside a large face the shoulders' tops are sought below it, not up a collar or hair to its crown.
  const labelAt = (x: number, y: number): number =>
    reachesHead(parts, x, y) ? Part.head : (parts.labels[y * parts.width + x] ?? 0);
  const at = (depth: number, offset: number): Point => ({
    x: neck.x + down.x * depth + across.x * offset,
    y: neck.y + down.y * depth + across.y * offset,
  });
  const edges = (
    depth: number,
    labels: readonly number[] = TORSO,
  ): { right: number; left: number } | null => {
    const reach = span * 2.5;
    const side = (sign: 1 | -1): number | null => {
      let last: number | null = null;
      let gap = 0;
      for (let o = 0; o <= reach; o += 1) {
        const q = at(depth, sign * o);
        const x = Math.round(q.x);
        const y = Math.round(q.y);
        if (x < 0 || y < 0 || x >= parts.width || y >= parts.height) break;
        const label = labelAt(x, y);
        if (labels.includes(label)) {
          last = o;
          gap = 0;
        } else if (SEE_THROUGH.has(label)) {
        } else if (++gap > Math.max(3, span * 0.04) && last !== null) {
          break;
        }
      }
      return last;
    };
    const left = side(1);
    const right = side(-1);
    return left === null || right === null ? null : { left, right: -right };
  };
  const top = (offset: number): number | null => {
    let inside = false;
    for (let depth = span * 0.3; depth > -span; depth -= 1) {
      const q = at(depth, offset);
      const x = Math.round(q.x);
      const y = Math.round(q.y);
      if (x < 0 || y < 0 || x >= parts.width || y >= parts.height) return null;
      const label = labelAt(x, y);
      if (label === Part.head) return null;
      if (label !== Part.background) inside = true;
      else if (inside) return depth + 1;
    }
    return null;
  };
  const isBody = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= parts.width || y >= parts.height) return false;
    const label = labelAt(x, y);
    return label !== Part.background && label !== Part.head;
  };
  const depthOf = (q: Point): number => (q.x - neck.x) * down.x + (q.y - neck.y) * down.y;
  const offsetOf = (q: Point): number => (q.x - neck.x) * across.x + (q.y - neck.y) * across.y;
  const reach = (from: Point, dir: Point, labels: readonly number[], max: number): number =>
    lastAlong(max, 2, (o) => {
      const x = Math.round(from.x + dir.x * o);
      const y = Math.round(from.y + dir.y * o);
      if (x < 0 || y < 0 || x >= parts.width || y >= parts.height) return null;
      return labels.includes(labelAt(x, y));
    });
  return { neck, span, down, across, torsoLength, at, depthOf, offsetOf, edges, top, isBody, reach };
}

function unit(v: Point): Point {
  const len = norm(v.x, v.y) || 1;
  return { x: v.x / len, y: v.y / len };
}
