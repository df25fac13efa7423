import type { Point } from '../geometry/point.ts';
import { FACE_OVAL } from './face-oval.ts';

const NOSE_TIP = 1;
/**
 * How far each face-oval point is pulled toward the nose tip. The top of the oval sits at the hairline: it
 * is pulled down to the lower forehead, where a fringe or parting rarely reaches. The jaw and cheeks are
 * pulled in a little so the shopper's background or neck under the jaw is never pasted.
 */
const PULL: Record<number, number> = {
  10: 0.3,
  338: 0.3,
  109: 0.3,
  297: 0.28,
  67: 0.28,
  332: 0.25,
  103: 0.25,
  284: 0.2,
  54: 0.2,
  251: 0.14,
  21: 0.14,
  389: 0.09,
  162: 0.09,
  356: 0.06,
  127: 0.06,
};
const EDGE_PULL = 0.02;

/** The outline of the part of the face a look moves: cheeks, chin, jaw and the lower forehead. */
export function innerFace(points: readonly Point[]): Point[] {
  const tip = points[NOSE_TIP] ?? { x: 0, y: 0 };
  return FACE_OVAL.map((i) => {
    const p = points[i] ?? tip;
    const k = PULL[i] ?? EDGE_PULL;
    return { x: p.x + (tip.x - p.x) * k, y: p.y + (tip.y - p.y) * k };
  });
}
