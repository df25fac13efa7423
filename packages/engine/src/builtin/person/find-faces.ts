import { dist, mid } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import type { SquareBox } from '../look/head-box.ts';
import { squareCrop } from '../look/square-crop.ts';
import type { Models } from '../worker/load-models.ts';
import type { BodyPose } from './body-pose.ts';

/** BlazeFace reads 128 px; a larger window only costs the upload. */
const WINDOW_SIDE = 256;
const MAX_FACES = 8;
/**
 * A face in the window above the shoulders this sure is there: people facing the camera or turned scored
 * 0.54 to 0.94 in it on the shipped photos, prints and hoods of garments laid flat 0.46 at most.
 */
const MIN_FACE_ABOVE = 0.5;

/** A face BlazeFace found: its centre and size in the photo's pixels, and how sure it is. */
export interface FaceBox {
  x: number;
  y: number;
  size: number;
  score: number;
}

/**
 * The faces BlazeFace finds in each square window of the photo (scaled to 256 px), at least `minScore` sure.
 * Uses the render models as loaded: the face detector is asked for several faces and no mesh for these
 * calls, then set back as the render steps expect it.
 */
export async function facesIn(
  models: Models,
  image: Raster,
  windows: readonly SquareBox[],
  minScore: number,
): Promise<FaceBox[]> {
  const boxes: FaceBox[] = [];
  const before = models.human.config.face;
  const restore = { maxDetected: before.detector?.maxDetected ?? 1, mesh: before.mesh?.enabled ?? true };
  try {
    for (const window of windows) boxes.push(...(await facesInWindow(models, image, window, minScore)));
  } finally {
    // Human merges a call's settings into new config objects: the current ones are set back, not `before`.
    const after = models.human.config.face;
    if (after.detector) after.detector.maxDetected = restore.maxDetected;
    if (after.mesh) after.mesh.enabled = restore.mesh;
  }
  return boxes;
}

/**
 * Whether a face shows where the pose puts the head: BlazeFace in a square 1.6 shoulder spans wide centred
 * 0.7 spans above the shoulders' middle. BlazePose places a head, face and all, on a garment laid flat; the
 * face detector finds none there.
 */
export async function faceAbove(models: Models, image: Raster, pose: BodyPose): Promise<boolean> {
  const p = pose.points;
  const span = dist(p.leftShoulder, p.rightShoulder);
  const centre = mid(p.leftShoulder, p.rightShoulder);
  const size = Math.max(1, Math.round(1.6 * span));
  const window = {
    left: Math.round(centre.x - size / 2),
    top: Math.round(centre.y - 0.7 * span - size / 2),
    size,
  };
  return (await facesIn(models, image, [window], MIN_FACE_ABOVE)).length > 0;
}

async function facesInWindow(
  models: Models,
  image: Raster,
  window: SquareBox,
  minScore: number,
): Promise<FaceBox[]> {
  const crop = await squareCrop(image, window, WINDOW_SIDE);
  const tensor = models.tf.tensor3d(crop, [WINDOW_SIDE, WINDOW_SIDE, 3], 'int32');
  try {
    const result = await models.human.detect(tensor, {
      body: { enabled: false },
      face: { enabled: true, detector: { maxDetected: MAX_FACES }, mesh: { enabled: false } },
    });
    const k = window.size / WINDOW_SIDE;
    return result.face
      .filter((f) => f.boxScore >= minScore)
      .map((f) => {
        const [x, y, w, h] = f.box;
        return {
          x: window.left + (x + w / 2) * k,
          y: window.top + (y + h / 2) * k,
          size: Math.max(w, h) * k,
          score: f.boxScore,
        };
      });
  } finally {
    tensor.dispose();
  }
}
