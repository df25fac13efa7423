import type { Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import { detectBodyPose } from '../person/body-pose.ts';
import type { Models } from '../worker/load-models.ts';
import { headBox, type SquareBox } from './head-box.ts';
import { squareCrop } from './square-crop.ts';

/** The 468 FaceMesh points of the face, in pixels of the photo. */
export interface FaceMesh {
  points: Point[];
}

const CROP_SIDE = 256;
const MIN_FACE_SCORE = 0.5;
/** FaceMesh places points well when the face spans about this share of the crop it is given. */
const GOOD_SHARE = { min: 0.3, max: 0.55 } as const;
const REFRAME = 1 / 0.42;

/**
 * FaceMesh on the whole photo (with a margin: a face filling the photo is meshed shrunken and off), and when
 * BlazeFace finds nothing there, on a head crop taken from the pose: it misses faces that are small in a
 * full-length photo but finds them in such a crop. When the face came out much too large or small in its
 * crop, it is meshed again in a square framed on the first mesh, where FaceMesh places points best.
 */
export async function detectFace(models: Models, image: Raster): Promise<FaceMesh | null> {
  const side = Math.round(Math.max(image.width, image.height) * 1.15);
  const whole = {
    left: Math.round((image.width - side) / 2),
    top: Math.round((image.height - side) / 2),
    size: side,
  };
  let found = await meshIn(models, image, whole);
  if (!found) {
    const pose = await detectBodyPose(models, image);
    const box = pose ? headBox(pose, image.width, image.height) : null;
    found = box ? await meshIn(models, image, box) : null;
  }
  if (!found) return null;
  const share = found.span / found.box.size;
  if (share >= GOOD_SHARE.min && share <= GOOD_SHARE.max) return { points: found.points };
  const again = await meshIn(models, image, framed(found.points, found.span));
  return { points: (again ?? found).points };
}

interface Meshed {
  points: Point[];
  /** The larger side of the points' bounding box. */
  span: number;
  box: SquareBox;
}

async function meshIn(models: Models, image: Raster, box: SquareBox): Promise<Meshed | null> {
  const crop = await squareCrop(image, box, CROP_SIDE);
  const tensor = models.tf.tensor3d(crop, [CROP_SIDE, CROP_SIDE, 3], 'int32');
  try {
    const result = await models.human.detect(tensor, { body: { enabled: false }, face: { enabled: true } });
    const face = result.face[0];
    if (!face || face.faceScore < MIN_FACE_SCORE || face.mesh.length < 468) return null;
    const k = box.size / CROP_SIDE;
    const points = face.mesh.map(([x, y]) => ({ x: box.left + x * k, y: box.top + y * k }));
    return { points, span: spanOf(points), box };
  } finally {
    tensor.dispose();
  }
}

function spanOf(points: Point[]): number {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

function framed(points: Point[], span: number): SquareBox {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const size = Math.round(span * REFRAME);
  return { left: Math.round(cx - size / 2), top: Math.round(cy - size / 2), size };
}
