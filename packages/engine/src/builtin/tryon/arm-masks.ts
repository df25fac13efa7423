import type { Pose } from '../pose/detect-pose.ts';
import { add, dist, type Point, scale, sub } from '../pose/point.ts';
import type { OpenCv } from '../worker/opencv.ts';
import type { LayerBox } from './warp-garment.ts';

/** Arm widths and the hand, in shoulder spans (MoveNet's joints; an arm is about a third of the span). */
const UPPER_ARM_WIDTH = 0.3;
const FOREARM_WIDTH = 0.25;
const HAND_RADIUS = 0.17;
/** The hand's middle lies this far beyond the wrist keypoint, along the forearm. */
const HAND_REACH = 0.2;
/** The upper arm's mask starts this far down from the shoulder joint: the top is under the garment's shoulder. */
const UPPER_ARM_START = 0.25;

/**
 * Masks of the picture's left and right arm over the layer box (255 = arm): capsules along the upper arm and
 * forearm and a disc for the hand, sized by the shoulder span, with soft edges. The garment is cut there, so
 * an arm held in front of the body stays in front of it.
 */
export function armMasks(
  cv: OpenCv,
  pose: Pose,
  box: LayerBox,
  span: number,
): { armLeft: Uint8Array | null; armRight: Uint8Array | null } {
  const p = pose.points;
  return {
    armLeft: armMask(cv, box, span, p.rightShoulder, p.rightElbow, p.rightWrist),
    armRight: armMask(cv, box, span, p.leftShoulder, p.leftElbow, p.leftWrist),
  };
}

function armMask(
  cv: OpenCv,
  box: LayerBox,
  span: number,
  shoulder: Point | undefined,
  elbow: Point | undefined,
  wrist: Point | undefined,
): Uint8Array | null {
  if (!shoulder || !elbow) return null;
  const mask = cv.Mat.zeros(box.height, box.width, cv.CV_8UC1);
  const blurred = new cv.Mat();
  try {
    const at = (q: Point) => new cv.Point(Math.round(q.x - box.left), Math.round(q.y - box.top));
    const white = new cv.Scalar(255);
    const start = add(shoulder, scale(sub(elbow, shoulder), UPPER_ARM_START));
    cv.line(mask, at(start), at(elbow), white, Math.max(1, Math.round(UPPER_ARM_WIDTH * span)), cv.LINE_8);
    if (wrist) {
      cv.line(mask, at(elbow), at(wrist), white, Math.max(1, Math.round(FOREARM_WIDTH * span)), cv.LINE_8);
      const length = dist(elbow, wrist) || 1;
      const hand = add(wrist, scale(sub(wrist, elbow), (HAND_REACH * span) / length));
      cv.circle(mask, at(hand), Math.max(1, Math.round(HAND_RADIUS * span)), white, cv.FILLED, cv.LINE_8);
    }
    // A box blur for the soft edge: OpenCV.js's Gaussian on bytes costs ten times more here.
    const soft = Math.max(3, Math.round(span * 0.04) | 1);
    cv.blur(mask, blurred, new cv.Size(soft, soft));
    const out = new Uint8Array(blurred.data);
    return out.some((v) => v > 0) ? out : null;
  } finally {
    mask.delete();
    blurred.delete();
  }
}
