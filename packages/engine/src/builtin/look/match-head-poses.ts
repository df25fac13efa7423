import { RenderRefusal } from '../worker/render-refusal.ts';
import type { HeadPose } from './head-pose.ts';

/** Past this turn one side of the face is hidden: there is nothing to map onto it. */
const PROFILE_YAW = 56;
/**
 * Turns further apart than this stretch one half of the face and squash the other. A shopper facing the
 * camera more squarely than the model gives every part the model shows; one turned further away has little
 * of the far cheek to give, and stretching it shows.
 */
const MAX_YAW_GAP = { squarer: 45, turnedFurther: 45 } as const;
/** Turns within this many degrees of each other count as equally square to the camera. */
const SAME_TURN = 5;
/**
 * Heads nodded further apart than this (one looking down at a phone, one level) give a face squashed top
 * to bottom: seen on the quality bench at 22 and 29 degrees, where the shopper's brow lands on the model's
 * eyelids. Refused rather than made.
 */
const MAX_PITCH_GAP = 20;
/** Mirroring must bring the turns at least this much closer to be worth flipping the face. */
const MIRROR_GAIN = 6;
/** Cheek to cheek, in pixels: below these the face is too blurred to show, or too small to place one on. */
const MIN_SOURCE_WIDTH = 40;
const MIN_TARGET_WIDTH = 20;

/**
 * Decides whether the shopper's face is mirrored so its visible side matches the model's, and refuses pairs
 * no warp can make look right (a profile, turns still far apart, faces too small).
 */
export function matchHeadPoses(source: HeadPose, target: HeadPose): { mirror: boolean } {
  if (Math.abs(source.yaw) > PROFILE_YAW)
    throw new RenderRefusal('FACE_TURNED_AWAY', 'The face photo shows the face in profile.');
  if (Math.abs(target.yaw) > PROFILE_YAW)
    throw new RenderRefusal('FACE_TURNED_AWAY', 'The model photo shows the face in profile.');
  if (source.width < MIN_SOURCE_WIDTH)
    throw new RenderRefusal('FACE_TURNED_AWAY', 'The face in the face photo is too small.');
  if (target.width < MIN_TARGET_WIDTH)
    throw new RenderRefusal('FACE_TURNED_AWAY', 'The face on the model photo is too small.');
  const mirror = Math.abs(-source.yaw - target.yaw) + MIRROR_GAIN < Math.abs(source.yaw - target.yaw);
  const gap = Math.abs((mirror ? -source.yaw : source.yaw) - target.yaw);
  const squarer = Math.abs(source.yaw) <= Math.abs(target.yaw) + SAME_TURN;
  if (gap > (squarer ? MAX_YAW_GAP.squarer : MAX_YAW_GAP.turnedFurther))
    throw new RenderRefusal('FACE_TURNED_AWAY', 'The two faces are turned too differently.');
  if (Math.abs(source.pitch - target.pitch) > MAX_PITCH_GAP)
    throw new RenderRefusal('FACE_TURNED_AWAY', 'The two faces are tilted up or down too differently.');
  return { mirror };
}
