import type { Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';

/** What a garment is, from the shape of its flat-lay cut-out (and the shop's category when it gave one). */
export type GarmentKind =
  | 't-shirt'
  | 'long-sleeve'
  | 'tank'
  | 'dress'
  | 'hoodie'
  | 'jacket'
  | 'trousers'
  | 'shorts'
  | 'skirt';

/** Upper-body garments are fitted from the shoulders; lower-body ones from the waist. */
export const isLowerBody = (kind: GarmentKind): boolean =>
  kind === 'trousers' || kind === 'shorts' || kind === 'skirt';

/**
 * A sleeve as worn: `top` is where it meets the shoulder seam, `bottom` the armpit; the cuff runs from
 * `endTop` (continuing `top`'s edge) to `endBottom` (continuing `bottom`'s edge).
 */
export interface SleeveLandmarks {
  top: Point;
  bottom: Point;
  endTop: Point;
  endBottom: Point;
}

/** A trouser leg: the waistband corner above it, the crotch, and the two corners of its hem. */
export interface LegLandmarks {
  outerEnd: Point;
  innerEnd: Point;
}

/** A pair of points on the wearer's left and right (see `GarmentLandmarks`). */
export interface Sides {
  left: Point;
  right: Point;
}

/**
 * Landmarks in pixels of the cut-out. Sides are named as worn, as pose keypoints are: a garment laid front up
 * has its `left` on the image's right. Upper-body garments have `neck`, `shoulder`, `armpit` and `hem`
 * (sleeves unless sleeveless; `waist` where the body narrows); lower-body garments have `waist` (the
 * waistband's corners) and `hem`, and trousers and shorts `crotch` and `legs`.
 */
export interface GarmentLandmarks {
  /** The neckline's corners (where it meets the shoulder line) and its lowest point at the front. */
  neck?: Sides & { front: Point };
  /** Where each shoulder ends: the sleeve seam, or a strap's outer edge. */
  shoulder?: Sides;
  armpit?: Sides;
  sleeves?: { left: SleeveLandmarks; right: SleeveLandmarks };
  waist?: Sides;
  /** The lower corners of the body part (the skirt's for a dress or skirt). */
  hem: Sides;
  crotch?: Point;
  legs?: { left: LegLandmarks; right: LegLandmarks };
}

/** Labels of `GarmentAnalysis.parts`. */
export const GarmentPart = {
  none: 0,
  body: 1,
  leftSleeve: 2,
  rightSleeve: 3,
  leftLeg: 2,
  rightLeg: 3,
  hood: 4,
} as const;

/** A garment understood from its product photo. */
export interface GarmentAnalysis {
  kind: GarmentKind;
  /** The cut-out: RGBA, alpha the garment's coverage (soft at the edge), trimmed to the garment's bounds. */
  image: Raster;
  /** One label a pixel of `image` (`GarmentPart`): which part of the garment it belongs to. */
  parts: Uint8Array;
  landmarks: GarmentLandmarks;
  /** Where `image` lies in the product photo (pixels of the photo as given). */
  box?: { x: number; y: number; width: number; height: number };
}
