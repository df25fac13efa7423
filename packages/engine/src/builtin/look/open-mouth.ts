import { dist, type Point } from '../geometry/point.ts';
import { polygonArea } from '../geometry/polygon.ts';
import { FACE_PARTS, LANDMARK } from './face-parts.ts';

/**
 * A model's mouth is kept as its own when it is open by at least this much (the opening's area over the mouth's
 * width squared; on the 31 photos of the bench a smile or a laugh showing its teeth measures 0.12 to 0.25,
 * lips closed or just parted 0.007 to 0.08) ...
 */
const OPEN = 0.1;
/** ... and by this much more than the shopper's. */
const MORE_OPEN = 0.05;

/** The opening between the lips, corner to corner along the upper lip's inner contour and back along the lower's. */
export function mouthOpening(mesh: readonly Point[]): Point[] {
  const at = (i: number): Point => mesh[i] ?? { x: 0, y: 0 };
  return [
    ...FACE_PARTS.upperInnerLip.map(at),
    ...[...FACE_PARTS.lowerInnerLip].reverse().slice(1, -1).map(at),
  ];
}

/** How far the mouth is open: the opening's area over the square of the mouth's width (corner to corner). */
export function openness(mesh: readonly Point[]): number {
  const width = dist(mesh[LANDMARK.mouthRight] ?? { x: 0, y: 0 }, mesh[LANDMARK.mouthLeft] ?? { x: 0, y: 0 });
  return width > 0 ? polygonArea(mouthOpening(mesh)) / (width * width) : 0;
}

/**
 * Whether the look keeps what the model's open mouth shows (teeth, tongue) rather than the shopper's mouth
 * stretched over it. The warp lays the shopper's face on points between the two faces' (`blendShape`: all the
 * way to the shopper's for a face seen as the model's is, less for a turned one); where those points open the
 * mouth wider than the shopper's photo shows it, the mesh's triangles across the opening smeared the shopper's
 * lips over the model's teeth, a red mouth stretched open over nothing. Each lip is still the shopper's; only
 * what lies between them is the model's, as a smile the shopper's photo did not show.
 */
export function keepsModelMouth(
  shopper: readonly Point[],
  placed: readonly Point[],
  model: readonly Point[],
): boolean {
  return openness(model) >= OPEN && openness(placed) >= openness(shopper) + MORE_OPEN;
}
