import { dist, lerpPoint, type Point } from '../geometry/point.ts';
import { FACE_PARTS, LANDMARK } from './face-parts.ts';
import { eyeLine } from './head-pose.ts';

/** The middles of the lips' inner contours (FaceMesh). */
const INNER_UPPER = 13;
const INNER_LOWER = 14;
/** The point under the nose where the upper lip's skin begins. */
const UNDER_NOSE = 2;
/**
 * Mouths this much apart in opening (the gap between the lips over the eye corners' distance) are two
 * expressions: from `from` the lower face starts to follow the model's, fully by `to`. Closed mouths on the
 * shipped portraits read 0 to 0.06, smiles showing teeth 0.13 to 0.16, a laugh 0.23 to 0.29.
 */
const EXPRESSION = { from: 0.04, to: 0.1 } as const;
/** A model's mouth at least this open shows its teeth or tongue, which stay the model's... */
const OPEN = 0.08;
/** ...when the shopper's lips follow the model's at least this share of the way (`followLowerFace`). */
const FOLLOWED = 0.5;

/** How far apart the lips are: the gap between their inner contours' middles over the eye corners' distance. */
export function mouthOpening(mesh: readonly Point[]): number {
  const at = (i: number): Point => mesh[i] ?? { x: 0, y: 0 };
  const eyes = dist(at(LANDMARK.rightEyeOuter), at(LANDMARK.leftEyeOuter)) || 1;
  return dist(at(INNER_UPPER), at(INNER_LOWER)) / eyes;
}

/**
 * How much of the lower face (lips, chin and jaw) takes the model's expression, 0..1: a shopper's closed
 * mouth carried whole onto a laughing model had its chin stretched down to the model's and its lips smeared
 * over the open mouth; a smile carried onto a closed mouth sat its teeth above the model's chin.
 */
export function expressionShare(shopper: readonly Point[], model: readonly Point[]): number {
  const gap = Math.abs(mouthOpening(model) - mouthOpening(shopper));
  return Math.min(1, Math.max(0, (gap - EXPRESSION.from) / (EXPRESSION.to - EXPRESSION.from)));
}

/**
 * `shape` (the warp's targets, changed) moved `share` of the way to the model's own points below the nose:
 * nothing at the nose's base, fully from the upper lip down, so the shopper's lips land on the model's and
 * the chin on the model's chin. Eyes, brows and nose keep the shopper's proportions.
 */
export function followLowerFace(shape: Point[], model: readonly Point[], share: number): void {
  if (share <= 0) return;
  const u = eyeLine(model);
  const down = (p: Point): number => -p.x * u.y + p.y * u.x;
  const top = down(model[UNDER_NOSE] ?? { x: 0, y: 0 });
  const lip = down(model[LANDMARK.upperLip] ?? { x: 0, y: 0 });
  const span = Math.max(1e-6, lip - top);
  for (let i = 0; i < shape.length; i++) {
    const t = model[i];
    const s = shape[i];
    if (!t || !s) continue;
    const k = share * Math.min(1, Math.max(0, (down(t) - top) / span));
    if (k <= 0) continue;
    shape[i] = lerpPoint(s, t, k);
  }
}

/**
 * The inside of the model's open mouth (teeth, tongue), between the lips' inner contours, when the shopper's
 * lips follow the model's `share` (`expressionShare`) at least half way: it stays the model's. Null for a
 * closed mouth, or lips mostly the shopper's own (the shopper's closed lips then go over the opening).
 */
export function keptMouth(model: readonly Point[], share: number): Point[] | null {
  if (share < FOLLOWED || mouthOpening(model) < OPEN) return null;
  const at = (i: number): Point => model[i] ?? { x: 0, y: 0 };
  return [
    ...FACE_PARTS.upperInnerLip.map(at),
    ...[...FACE_PARTS.lowerInnerLip].reverse().slice(1, -1).map(at),
  ];
}
