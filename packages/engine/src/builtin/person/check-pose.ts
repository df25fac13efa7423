import type { RefusalCode } from '../../engine.ts';
import { dist, mid } from '../geometry/point.ts';
import type { BodyPose } from './body-pose.ts';

/** A keypoint placed with at least this confidence counts as seen. */
export const SEEN = 0.5;
/**
 * A dress needs the hips in the photo, not seen with confidence: under a dress or a long top BlazePose scores
 * the hips it places well lower (kal 0.33 and 0.43, party-6a 0.30 and 0.75, in a striped dress and a fitted
 * one, their photos ending below the hips), and their dresses were refused while their T-shirts were fitted
 * to the same hips. Placed with at least this confidence, and this share of the span above the photo's
 * bottom, they count; a hip below the photo (charles, framed at the waist) does not.
 */
const HIPS_PLACED = { score: 0.25, aboveBottom: 0.1 } as const;
/** Shoulders this close (in pixels of a photo scaled to at most 1024 px) leave too little to dress. */
const MIN_SPAN = 48;
/** Shoulders narrower than this many head widths: the person is turned sideways (a front view is ~2.5). */
const MIN_SPAN_HEADS = 1.05;
/** Shoulders narrower than this share of the torso's length, with the hips seen: sideways too (front ~0.7). */
const MIN_SPAN_TORSO = 0.28;
/**
 * A thigh (hip to knee) shorter than this share of the torso (shoulders to hips) is folded or turned toward
 * the camera (a seated person, a leg raised), or the pose squeezed a body the photo cuts off into its frame:
 * a standing front view has about 0.8. Trousers and skirts cannot follow such legs.
 */
const MIN_THIGH_TORSO = 0.6;
/**
 * A dress drapes over a lap (a seated person's thighs read a third to two thirds of the torso) but not over
 * thighs coming straight at the camera: party-2b, seated and leaning forward, read 0.18, and her dress
 * was shards over her knees.
 */
const MIN_THIGH_TORSO_DRESS = 0.3;
/**
 * A top or a dress needs the photo to go on at least this share of the span below the shoulders: a
 * T-shirt reaches about 1.5 spans down, and ivana's portrait, ending 0.68 of the span below them, showed
 * only a band of it (the bench's other people show 1.28 spans and more).
 */
const MIN_BELOW_SHOULDERS = 0.9;
/**
 * A nose further than this share of the span beyond either shoulder (across the picture) is a head turned
 * back over a shoulder, the body turned away: facing the camera it lies between the shoulders (the bench's
 * people: inside, or 0.04 of the span past one), while brooke, her back to the camera, read 0.47 past.
 */
const HEAD_BEYOND_SHOULDERS = 0.25;

export interface PoseRefusal {
  code: RefusalCode;
  message: string;
}

/**
 * Whether a photo (`photo`: its size) can be dressed, from its pose: a back view (the person's left
 * shoulder on the picture's left), a side view (shoulders foreshortened to less than a head's width or so,
 * or the head looking back over a shoulder), a person too small, or arms crossed in front of the body. Null
 * when it can be dressed. `needs` says how much of the body the garment covers: lower-body garments need
 * the hips and knees seen, dresses the hips in the photo (and a lap, not thighs coming at the camera), tops
 * and dresses the photo to go on below the shoulders.
 */
export function checkPose(
  pose: BodyPose,
  needs: 'upper' | 'dress' | 'lower',
  photo: { width: number; height: number },
): PoseRefusal | null {
  const p = pose.points;
  const scale = 1024 / Math.max(photo.width, photo.height);
  const span = dist(p.leftShoulder, p.rightShoulder);
  const across = p.leftShoulder.x - p.rightShoulder.x;
  const head = Math.max(1, dist(p.leftEar, p.rightEar));
  if (Math.min(p.leftShoulder.score, p.rightShoulder.score) < SEEN) {
    return { code: 'NO_PERSON', message: 'No person with visible shoulders was found in the photo.' };
  }
  if (across < -0.25 * head) {
    return { code: 'PERSON_BACK_VIEW', message: 'The person is seen from the back.' };
  }
  const hipsSeen = Math.min(p.leftHip.score, p.rightHip.score) >= SEEN;
  const torso = dist(mid(p.leftShoulder, p.rightShoulder), mid(p.leftHip, p.rightHip));
  if (across < MIN_SPAN_HEADS * head || (hipsSeen && span < MIN_SPAN_TORSO * torso)) {
    return { code: 'PERSON_SIDE_VIEW', message: 'The person is turned sideways.' };
  }
  if (
    p.nose.score >= SEEN &&
    Math.max(p.rightShoulder.x - p.nose.x, p.nose.x - p.leftShoulder.x) > HEAD_BEYOND_SHOULDERS * span
  ) {
    return { code: 'PERSON_SIDE_VIEW', message: 'The person is turned away, looking back over a shoulder.' };
  }
  if (span * scale < MIN_SPAN) {
    return { code: 'PERSON_TOO_SMALL', message: 'The person is too small in the photo.' };
  }
  if (armsCrossed(pose)) {
    return { code: 'PERSON_ARMS_CROSSED', message: 'The arms are crossed in front of the body.' };
  }
  // A photo that ends just below the shoulders (a head-and-shoulders portrait) shows a band of a top.
  if (
    needs !== 'lower' &&
    photo.height - (p.leftShoulder.y + p.rightShoulder.y) / 2 < MIN_BELOW_SHOULDERS * span
  ) {
    return {
      code: 'PERSON_BODY_HIDDEN',
      message: 'The photo ends too close below the shoulders to show this garment.',
    };
  }
  const kneesSeen = Math.min(p.leftKnee.score, p.rightKnee.score) >= SEEN;
  const hipsPlaced = [p.leftHip, p.rightHip].every(
    (hip) => hip.score >= HIPS_PLACED.score && hip.y <= photo.height - HIPS_PLACED.aboveBottom * span,
  );
  if ((needs === 'dress' && !(hipsSeen || hipsPlaced)) || (needs === 'lower' && !(hipsSeen && kneesSeen))) {
    return {
      code: 'PERSON_BODY_HIDDEN',
      message: 'Too little of the body is in the photo for this garment.',
    };
  }
  const thigh = dist(mid(p.leftHip, p.rightHip), mid(p.leftKnee, p.rightKnee));
  if (
    (needs === 'lower' && thigh < MIN_THIGH_TORSO * torso) ||
    (needs === 'dress' && kneesSeen && thigh < MIN_THIGH_TORSO_DRESS * torso)
  ) {
    return {
      code: 'PERSON_BODY_HIDDEN',
      message: 'The legs are folded or turned toward the camera, or not fully in the photo.',
    };
  }
  return null;
}

/** Both wrists seen, each past the body's middle on the other arm's side, between shoulders and hips. */
function armsCrossed(pose: BodyPose): boolean {
  const p = pose.points;
  if (Math.min(p.leftWrist.score, p.rightWrist.score) < SEEN) return false;
  const centre = mid(p.leftShoulder, p.rightShoulder);
  const span = dist(p.leftShoulder, p.rightShoulder);
  const side = (q: { x: number }): number => (q.x - centre.x) / span;
  const level = (q: { y: number }): boolean => q.y > centre.y && q.y < centre.y + span * 1.8;
  // In a front view the person's left is the picture's right: a crossed left wrist lies right of middle.
  return side(p.leftWrist) < -0.1 && side(p.rightWrist) > 0.1 && level(p.leftWrist) && level(p.rightWrist);
}
