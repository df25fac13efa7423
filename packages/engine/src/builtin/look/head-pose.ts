import type { Point } from '../geometry/point.ts';
import { dist } from '../geometry/point.ts';
import { LANDMARK } from './face-parts.ts';

/** Head rotation in degrees and the face's width in pixels. */
export interface HeadPose {
  /** Positive when the face turns toward the right of the photo. */
  yaw: number;
  /** Positive when the head bows. */
  pitch: number;
  /** Positive when the eye line falls toward the right of the photo (clockwise). */
  roll: number;
  /** Cheek to cheek (FaceMesh 234 to 454), along the eye line. */
  width: number;
}

const { rightCheekEdge: RIGHT_CHEEK_EDGE, leftCheekEdge: LEFT_CHEEK_EDGE, noseTip: NOSE_TIP } = LANDMARK;
const { betweenEyes: BETWEEN_EYES, chin: CHIN } = LANDMARK;
/** Where the nose tip lies between the eyes and the chin of a face seen level (measured on sample faces). */
const LEVEL_NOSE_HEIGHT = 0.4;
/** How far that share moves for a 45° nod, roughly. */
const NOD_SPAN = 0.35;

/**
 * Pose from the 2D mesh alone, so it holds for any photo size: roll is the eye line's angle; yaw is how far
 * the nose tip sits off the middle of the two cheek edges, as a share of the half-width (the tangent of the
 * turn for a head about as deep as it is wide, which matched Human's own estimate in sign and order on the
 * sample faces); pitch likewise from the nose tip between eyes and chin.
 */
export function headPose(points: readonly Point[]): HeadPose {
  const at = (i: number): Point => points[i] ?? { x: 0, y: 0 };
  const u = eyeLine(points);
  const along = (p: Point): number => p.x * u.x + p.y * u.y;
  const across = (p: Point): number => -p.x * u.y + p.y * u.x;

  const right = along(at(RIGHT_CHEEK_EDGE));
  const left = along(at(LEFT_CHEEK_EDGE));
  const half = (left - right) / 2;
  const offset = along(at(NOSE_TIP)) - (left + right) / 2;
  const yaw = degrees(Math.atan2(offset, Math.abs(half)));

  const top = across(at(BETWEEN_EYES));
  const chin = across(at(CHIN));
  const share = (across(at(NOSE_TIP)) - top) / (chin - top || 1);
  const pitch = degrees(Math.atan((share - LEVEL_NOSE_HEIGHT) / NOD_SPAN));

  return { yaw, pitch, roll: degrees(Math.atan2(u.y, u.x)), width: Math.abs(left - right) };
}

const degrees = (radians: number): number => (radians * 180) / Math.PI;

/** The unit vector along the eye line: from the right eye's outer corner to the left's. */
export function eyeLine(points: readonly Point[]): Point {
  const a = points[LANDMARK.rightEyeOuter] ?? { x: 0, y: 0 };
  const b = points[LANDMARK.leftEyeOuter] ?? { x: 1, y: 0 };
  const len = dist(b, a) || 1;
  return { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
}
