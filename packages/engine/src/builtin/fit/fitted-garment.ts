import type { Point } from '../geometry/point.ts';
import type { Layer } from './warp-layer.ts';

/** The garment's parts warped onto the person, back to front: the body, then each sleeve or leg. */
export interface FittedGarment {
  /** A hood worn down, behind the body: bulk round the neck that stands off the body. */
  hood?: Layer | null;
  body: Layer;
  /** Where a sleeve turned away from the body at its seam: the notch closed, drawn under the sleeves. */
  joins?: Layer | null;
  /** Where a sleeve on an arm hanging against the body stood off the body's side: the slit closed, under the sleeves. */
  gaps?: Layer | null;
  /** Sleeves of a top, or legs of trousers: each over the garment's body. */
  limbs: { left: Layer | null; right: Layer | null };
  /** Whether the sleeves reach the wrists (a long-sleeved top's): a forearm is then in its own sleeve. */
  longSleeves?: boolean;
  /**
   * A top's shoulder line on each side, where its landmarks landed: the neckline's corner, then the shoulder
   * seam (or a tank's strap). Cloth lies from the one to the other; the flat lay's corners above it do not.
   */
  shoulders?: { left: ShoulderLine; right: ShoulderLine };
}

export interface ShoulderLine {
  neck: Point;
  seam: Point;
}

/**
 * The arms a top leaves without a sleeve (a tank's, a dress's; sides are the person's): its body goes behind
 * them. None for trousers and skirts, whose limbs are legs.
 */
export function sleevelessArms(fit: FittedGarment): { left: boolean; right: boolean } {
  return { left: fit.limbs.left === null, right: fit.limbs.right === null };
}
