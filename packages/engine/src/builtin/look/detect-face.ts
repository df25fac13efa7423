import { cropSquare, type Raster, resizeRaster } from '../image/raster.ts';
import { detectPose } from '../pose/detect-pose.ts';
import type { Point } from '../pose/point.ts';
import type { Models } from '../worker/load-models.ts';
import { headBox, type SquareBox } from './head-box.ts';

/** The 468 FaceMesh points of the face, in pixels of the photo. */
export interface FaceMesh {
  points: Point[];
}

const CROP_SIDE = 256;
const MIN_FACE_SCORE = 0.5;

/**
 * FaceMesh on a head crop taken from the pose: BlazeFace misses faces that are small in a full-length photo
 * but finds them in such a crop. A portrait or selfie without a usable pose is searched as a whole.
 */
export async function detectFace(models: Models, image: Raster): Promise<FaceMesh | null> {
  const pose = await detectPose(models, image);
  const box = pose ? headBox(pose, image.width, image.height) : null;
  if (box) {
    const found = await meshIn(models, image, box);
    if (found) return found;
  }
  const side = Math.min(image.width, image.height);
  const whole = {
    left: Math.round((image.width - side) / 2),
    top: Math.round((image.height - side) / 2),
    size: side,
  };
  return meshIn(models, image, whole);
}

async function meshIn(models: Models, image: Raster, box: SquareBox): Promise<FaceMesh | null> {
  const crop =
    box.size === image.width && box.size === image.height
      ? await resizeRaster(image, CROP_SIDE, CROP_SIDE)
      : await cropSquare(image, box, CROP_SIDE);
  const tensor = models.tf.tensor3d(crop.data, [CROP_SIDE, CROP_SIDE, 3], 'int32');
  try {
    const result = await models.human.detect(tensor, { body: { enabled: false }, face: { enabled: true } });
    const face = result.face[0];
    if (!face || face.faceScore < MIN_FACE_SCORE || face.mesh.length < 468) return null;
    const k = box.size / CROP_SIDE;
    return { points: face.mesh.map(([x, y]) => ({ x: box.left + x * k, y: box.top + y * k })) };
  } finally {
    tensor.dispose();
  }
}
