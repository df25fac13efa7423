import sharp from 'sharp';
import type { Raster } from '../image/raster.ts';
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

/** Keypoints in pixels of the photo (they may lie outside it), only those found with some confidence. */
export interface Pose {
  score: number;
  points: Partial<Record<BodyPart, Point & { score: number }>>;
}

const MIN_POINT_SCORE = 0.3;
/** MoveNet sees 192 px; a smaller tensor than the photo saves the upload and resize, not accuracy. */
const DETECT_SIDE = 640;

/**
 * One MoveNet pass, optionally on the photo padded by copies of its edges (`pad` as shares of its width on
 * each side and of its height below). Null when the model sees no body at all.
 */
export async function moveNet(
  models: Models,
  image: Raster,
  pad: { x: number; bottom: number } = { x: 0, bottom: 0 },
): Promise<Pose | null> {
  const k = Math.min(
    1,
    DETECT_SIDE / Math.max(image.width * (1 + 2 * pad.x), image.height * (1 + pad.bottom)),
  );
  const inner = {
    width: Math.max(1, Math.round(image.width * k)),
    height: Math.max(1, Math.round(image.height * k)),
  };
  const padX = Math.round(inner.width * pad.x);
  const padBottom = Math.round(inner.height * pad.bottom);
  const width = inner.width + 2 * padX;
  const height = inner.height + padBottom;
  // sharp resizes before it extends, whatever the order of the calls.
  const input =
    k === 1 && padX === 0 && padBottom === 0
      ? image.data
      : await sharp(image.data, {
          raw: { width: image.width, height: image.height, channels: image.channels },
        })
          .resize(inner.width, inner.height, { fit: 'fill' })
          .extend({ left: padX, right: padX, bottom: padBottom, extendWith: 'copy' })
          .raw()
          .toBuffer();
  const kx = inner.width / image.width;
  const ky = inner.height / image.height;
  const tensor = models.tf.tensor3d(input, [height, width, 3], 'int32');
  try {
    const result = await models.human.detect(tensor, { body: { enabled: true }, face: { enabled: false } });
    const body = result.body[0];
    if (!body) return null;
    const points: Pose['points'] = {};
    for (const kp of body.keypoints) {
      if (kp.score < MIN_POINT_SCORE) continue;
      points[kp.part as BodyPart] = {
        x: (kp.position[0] - padX) / kx,
        y: kp.position[1] / ky,
        score: kp.score,
      };
    }
    return { score: body.score, points };
  } finally {
    tensor.dispose();
  }
}
