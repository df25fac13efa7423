import type { Point } from '../geometry/point.ts';
import { FACE_OVAL } from './face-oval.ts';

const NOSE_TIP = 1;
/**
 * How far each face-oval point is pulled toward the nose tip. The top of the oval sits at the hairline: it
 * is pulled down a little, and hair reaching in from the edge is left out by the mask anyway. The jaw and
 * cheeks stay almost on the outline: the face's shape out to the jaw is much of who someone is (on the
 * benchmark's looks, pulling the outline in by a fifth to a third kept the result nearer the model for
 * every pair), and the mask drops the shopper's background or neck there as non-skin.
 */
const PULL: Record<number, number> = {
  10: 0.09,
  338: 0.09,
  109: 0.09,
  297: 0.085,
  67: 0.085,
  332: 0.075,
  103: 0.075,
  284: 0.06,
  54: 0.06,
  251: 0.04,
  21: 0.04,
  389: 0.03,
  162: 0.03,
  356: 0.02,
  127: 0.02,
};
const EDGE_PULL = 0.006;

/** The outline of the part of the face a look moves: cheeks, chin, jaw and the lower forehead. */
export function innerFace(points: readonly Point[]): Point[] {
  const tip = points[NOSE_TIP] ?? { x: 0, y: 0 };
  return FACE_OVAL.map((i) => {
    const p = points[i] ?? tip;
    const k = PULL[i] ?? EDGE_PULL;
    return { x: p.x + (tip.x - p.x) * k, y: p.y + (tip.y - p.y) * k };
  });
}
