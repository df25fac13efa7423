import sharp from 'sharp';
import { dist, mid, type Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import type { Models } from '../worker/load-models.ts';

/** BlazePose's keypoints, named from the person's side (`left` is the person's left). */
export type Joint =
  | 'nose'
  | 'leftEye'
  | 'rightEye'
  | 'leftEar'
  | 'rightEar'
  | 'leftMouth'
  | 'rightMouth'
  | 'leftShoulder'
  | 'rightShoulder'
  | 'leftElbow'
  | 'rightElbow'
  | 'leftWrist'
  | 'rightWrist'
  | 'leftPinky'
  | 'rightPinky'
  | 'leftIndex'
  | 'rightIndex'
  | 'leftThumb'
  | 'rightThumb'
  | 'leftHip'
  | 'rightHip'
  | 'leftKnee'
  | 'rightKnee'
  | 'leftAnkle'
  | 'rightAnkle'
  | 'leftHeel'
  | 'rightHeel'
  | 'leftFoot'
  | 'rightFoot';

/** A keypoint in pixels of the photo (it may lie outside it) with the model's confidence that it is there. */
export type Keypoint = Point & { score: number };

/** Every keypoint BlazePose placed, each with its score: callers decide what confidence they need. */
export interface BodyPose {
  score: number;
  points: Record<Joint, Keypoint>;
}

/** BlazePose sees 256 px of a square around its input; a larger tensor than this only costs the upload. */
const DETECT_SIDE = 768;
/** A person whose keypoints span less than this share of the photo's longer side is looked at again, closer. */
const SMALL_PERSON = 0.55;
/**
 * Head-and-shoulders photos: the model places shoulders that run off the photo's edges far better when the
 * photo is padded by copies of its edges (half its width each side, its height below).
 */
const ZOOM_OUT = { x: 0.5, bottom: 1 };
const MIN_SHOULDER_SCORE = 0.5;

const joints = new Set<string>([
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftMouth',
  'rightMouth',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftPinky',
  'rightPinky',
  'leftIndex',
  'rightIndex',
  'leftThumb',
  'rightThumb',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
  'leftHeel',
  'rightHeel',
  'leftFoot',
  'rightFoot',
]);
const isJoint = (part: string): part is Joint => joints.has(part);

/**
 * BlazePose's 33 landmarks on the photo: once on the whole photo; again on a crop around a small person (the
 * model sees 256 px); again on the photo zoomed out when the shoulders were not placed confidently (a
 * selfie). Null when it sees no person; otherwise every keypoint whatever its score, so the caller can tell
 * a back view or a small person from no person at all. `zoomedOut` makes the zoomed-out pass: a caller that
 * keeps it (`SeenPhotos`) hands in its own, so a later ask for that pose does not run the model again.
 */
export async function detectBodyPose(
  models: Models,
  image: Raster,
  zoomedOut: () => Promise<BodyPose | null> = () => zoomedOutPose(models, image),
): Promise<BodyPose | null> {
  let pose = await landmarks(models, image, { left: 0, top: 0, width: image.width, height: image.height });
  if (pose && !closeUp(pose, image) && shoulderScore(pose) >= MIN_SHOULDER_SCORE) {
    const box = around(pose, image);
    if (Math.max(box.width, box.height) < SMALL_PERSON * Math.max(image.width, image.height)) {
      const closer = await landmarks(models, image, box);
      if (closer && closer.score >= pose.score * 0.9) pose = closer;
    }
    return pose;
  }
  const zoomed = await zoomedOut();
  if (!pose) return zoomed;
  if (!zoomed) return pose;
  return plausibility(zoomed) > plausibility(pose) ? zoomed : pose;
}

/**
 * BlazePose on the photo zoomed out (padded with copies of its edges): the body's joints placed afresh
 * when the photo cuts the body off, as in a head-and-shoulders or a head-to-hips photo, where the plain
 * pass may squeeze the whole body into the frame.
 */
export function zoomedOutPose(models: Models, image: Raster): Promise<BodyPose | null> {
  return landmarks(models, image, {
    left: -Math.round(image.width * ZOOM_OUT.x),
    top: 0,
    width: Math.round(image.width * (1 + 2 * ZOOM_OUT.x)),
    height: Math.round(image.height * (1 + ZOOM_OUT.bottom)),
  });
}

/** A head this tall for the photo (ears to shoulders) makes it a head-and-shoulders photo. */
function closeUp(pose: BodyPose, image: Raster): boolean {
  const p = pose.points;
  return dist(p.leftEar, p.rightEar) > 0.12 * Math.min(image.width, image.height);
}

/**
 * How much a pose looks like a human body, 0 to 1: shoulders about two and a half head widths apart and
 * below the mouth, and the shoulders placed with confidence. Passes on the plain and the zoomed-out photo
 * disagree on close-ups; this picks the one that is built like a person.
 */
function plausibility(pose: BodyPose): number {
  const p = pose.points;
  const head = Math.max(1, dist(p.leftEar, p.rightEar));
  const ratio = dist(p.leftShoulder, p.rightShoulder) / head;
  const drop = (mid(p.leftShoulder, p.rightShoulder).y - mid(p.leftMouth, p.rightMouth).y) / head;
  const ratioScore = Math.exp(-(((ratio - 2.4) / 0.8) ** 2));
  const dropScore = Math.min(1, Math.max(0, drop / 0.6));
  return ratioScore * dropScore * shoulderScore(pose);
}

const shoulderScore = (pose: BodyPose): number =>
  Math.min(pose.points.leftShoulder.score, pose.points.rightShoulder.score);

/** A square-ish box around the confident keypoints, padded, as the model likes its input. */
function around(pose: BodyPose, image: Raster): { left: number; top: number; width: number; height: number } {
  const seen = Object.values(pose.points).filter((p) => p.score >= 0.5);
  const x0 = Math.min(...seen.map((p) => p.x));
  const x1 = Math.max(...seen.map((p) => p.x));
  const y0 = Math.min(...seen.map((p) => p.y));
  const y1 = Math.max(...seen.map((p) => p.y));
  const side = Math.max(x1 - x0, y1 - y0) * 1.35;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const left = Math.max(0, Math.round(cx - side / 2));
  const top = Math.max(0, Math.round(cy - side / 2));
  return {
    left,
    top,
    width: Math.min(image.width, Math.round(cx + side / 2)) - left,
    height: Math.min(image.height, Math.round(cy + side / 2)) - top,
  };
}

/**
 * One BlazePose pass over a region of the photo; a region reaching past the photo is filled with copies of
 * its edges. Keypoints come back in the photo's pixels.
 *
 * Human is never handed a square tensor: it pads a tensor to a square and keeps the padding in a module
 * variable to map the keypoints back, but sets that variable only when it pads, so a square tensor's
 * keypoints were mapped with the previous tensor's padding: stretched about the middle (1.28 times across
 * after a 555 by 768 photo), and a square photo's pose, even whether it was a person, hung on the photo seen
 * before. A square region gets one more column of copies: Human then pads it by nothing, and says so.
 */
async function landmarks(
  models: Models,
  image: Raster,
  region: { left: number; top: number; width: number; height: number },
): Promise<BodyPose | null> {
  const k = Math.min(1, DETECT_SIDE / Math.max(region.width, region.height));
  const input = await regionPixels(image, region, k);
  const tensor = models.tf.tensor3d(input.data, [input.height, input.width, 3], 'int32');
  try {
    const result = await models.human.detect(tensor, { body: { enabled: true }, face: { enabled: false } });
    const body = result.body[0];
    if (!body) return null;
    const points: Partial<Record<Joint, Keypoint>> = {};
    for (const kp of body.keypoints) {
      if (!isJoint(kp.part)) continue;
      points[kp.part] = {
        x: region.left + kp.position[0] / k,
        y: region.top + kp.position[1] / k,
        score: kp.score,
      };
    }
    return isComplete(points) ? { score: body.score, points } : null;
  } finally {
    tensor.dispose();
  }
}

async function regionPixels(
  image: Raster,
  region: { left: number; top: number; width: number; height: number },
  k: number,
): Promise<Raster> {
  const whole =
    region.left === 0 && region.top === 0 && region.width === image.width && region.height === image.height;
  const width = Math.max(1, Math.round(region.width * k));
  const height = Math.max(1, Math.round(region.height * k));
  if (whole && k === 1 && width !== height) return image;
  const inside = {
    left: Math.max(0, region.left),
    top: Math.max(0, region.top),
    width: Math.min(image.width, region.left + region.width) - Math.max(0, region.left),
    height: Math.min(image.height, region.top + region.height) - Math.max(0, region.top),
  };
  const innerW = Math.max(1, Math.round(inside.width * k));
  const innerH = Math.max(1, Math.round(inside.height * k));
  const padLeft = Math.round((inside.left - region.left) * k);
  const padTop = Math.round((inside.top - region.top) * k);
  // sharp resizes before it extends, whatever the order of the calls.
  const data = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract(inside)
    .resize(innerW, innerH, { fit: 'fill' })
    .extend({
      left: padLeft,
      top: padTop,
      // One more column on a square: see `landmarks`.
      right: Math.max(0, width + (width === height ? 1 : 0) - innerW - padLeft),
      bottom: Math.max(0, height - innerH - padTop),
      extendWith: 'copy',
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.data.buffer, data.data.byteOffset, data.data.length),
    width: data.info.width,
    height: data.info.height,
    channels: 3,
  };
}

function isComplete(points: Partial<Record<Joint, Keypoint>>): points is Record<Joint, Keypoint> {
  for (const joint of joints) if (!points[joint as Joint]) return false;
  return true;
}
