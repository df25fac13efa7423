import { type Raster, resizeRaster } from '../image/raster.ts';
import type { Models } from '../worker/load-models.ts';
import type { Point } from './point.ts';

export type BodyPart =
  | 'nose'
  | 'leftEye'
  | 'rightEye'
  | 'leftEar'
  | 'rightEar'
  | 'leftShoulder'
  | 'rightShoulder'
  | 'leftElbow'
  | 'rightElbow'
  | 'leftWrist'
  | 'rightWrist'
  | 'leftHip'
  | 'rightHip';

/** Keypoints in pixels of the photo, only those found with some confidence. */
export interface Pose {
  score: number;
  points: Partial<Record<BodyPart, Point & { score: number }>>;
}

const MIN_BODY_SCORE = 0.3;
const MIN_POINT_SCORE = 0.3;
/** MoveNet sees 192 px; a smaller tensor than the photo saves the upload and resize, not accuracy. */
const DETECT_SIDE = 640;

/**
 * MoveNet on the photo. A pose counts as a person only when both shoulders are found: every render anchors
 * on them, and noise or landscapes give low, scattered keypoint scores.
 */
export async function detectPose(models: Models, image: Raster): Promise<Pose | null> {
  const k = Math.min(1, DETECT_SIDE / Math.max(image.width, image.height));
  const input =
    k < 1
      ? await resizeRaster(
          image,
          Math.max(1, Math.round(image.width * k)),
          Math.max(1, Math.round(image.height * k)),
        )
      : image;
  const kx = input.width / image.width;
  const ky = input.height / image.height;
  const tensor = models.tf.tensor3d(input.data, [input.height, input.width, 3], 'int32');
  try {
    const result = await models.human.detect(tensor, { body: { enabled: true }, face: { enabled: false } });
    const body = result.body[0];
    if (!body || body.score < MIN_BODY_SCORE) return null;
    const points: Pose['points'] = {};
    for (const kp of body.keypoints) {
      if (kp.score < MIN_POINT_SCORE) continue;
      points[kp.part as BodyPart] = { x: kp.position[0] / kx, y: kp.position[1] / ky, score: kp.score };
    }
    if (!points.leftShoulder || !points.rightShoulder) return null;
    return { score: body.score, points };
  } finally {
    tensor.dispose();
  }
}
