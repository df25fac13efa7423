import type { Tensor } from '@tensorflow/tfjs-core';
import type { Raster } from '../image/raster.ts';
import type { Models } from '../worker/load-models.ts';
import { withMatsAsync } from '../worker/opencv.ts';
import type { BodyPose } from './body-pose.ts';
import { type Box, emptyMask, type Mask } from './mask.ts';

/**
 * The person's silhouette (MediaPipe selfie segmentation): 255 person, 0 background, soft between. Run on a
 * crop around the body (from the pose, padded) rather than the whole photo, so the person fills the model's
 * 256 px input. One crop, however tall: tiles without the head were tried and the model found no person in
 * them (it was trained on upper bodies).
 */
export async function segmentPerson(models: Models, image: Raster, pose: BodyPose): Promise<Mask> {
  const box = personBox(pose, image.width, image.height);
  const mask = emptyMask(image.width, image.height);
  if (box.width < 8 || box.height < 8) return mask;
  const alpha = await segmentCrop(models, image, box);
  for (let y = 0; y < box.height; y++) {
    mask.data.set(alpha.subarray(y * box.width, (y + 1) * box.width), (box.top + y) * image.width + box.left);
  }
  return mask;
}

/**
 * The body's bounds, padded on every side (hair, shoulders and hands reach past their keypoints): the head
 * keypoints and shoulders whatever their scores (a selfie's shoulders are guessed below the photo and say
 * the body fills it), the rest where seen.
 */
export function personBox(pose: BodyPose, width: number, height: number): Box {
  const p = pose.points;
  const always = [p.nose, p.leftEar, p.rightEar, p.leftShoulder, p.rightShoulder];
  const seen = Object.values(p).filter((q) => q.score >= 0.5);
  const points = [...always, ...seen];
  const xs = points.map((q) => q.x);
  const ys = points.map((q) => q.y);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), (Math.max(...ys) - Math.min(...ys)) * 0.4, 16);
  const left = Math.max(0, Math.floor(Math.min(...xs) - span * 0.35));
  const right = Math.min(width, Math.ceil(Math.max(...xs) + span * 0.35));
  const top = Math.max(0, Math.floor(Math.min(...ys) - span * 0.5));
  // Unless the feet are in the photo, the body goes on to its bottom edge.
  const feet = [p.leftAnkle, p.rightAnkle].filter((q) => q.score >= 0.5 && q.y < height);
  const bottom = feet.length === 2 ? Math.min(height, Math.ceil(Math.max(...ys) + span * 0.3)) : height;
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** The selfie model's input side: the crop is handed over at this size, as the model would shrink it to. */
const MODEL_SIDE = 256;

/**
 * The silhouette of one crop. The crop is shrunk to the model's 256 x 256 here (an area average) and its
 * alpha grown back to the crop's size (bilinear): handed the crop whole, Human shrank it on the tfjs backend
 * (bilinear, no averaging) and grew the alpha back there, and the upload, the shrink and the full-size
 * float alpha cost about 25 ms a photo on one core.
 */
async function segmentCrop(models: Models, image: Raster, tile: Box): Promise<Uint8Array> {
  const { cv } = models;
  return withMatsAsync(async (keep) => {
    const crop = keep(new cv.Mat(tile.height, tile.width, cv.CV_8UC3));
    const cropData = crop.data;
    for (let y = 0; y < tile.height; y++) {
      const from = ((tile.top + y) * image.width + tile.left) * 3;
      cropData.set(image.data.subarray(from, from + tile.width * 3), y * tile.width * 3);
    }
    const small = keep(new cv.Mat());
    const shrink = tile.width * tile.height > MODEL_SIDE ** 2 ? cv.INTER_AREA : cv.INTER_LINEAR;
    cv.resize(crop, small, new cv.Size(MODEL_SIDE, MODEL_SIDE), 0, 0, shrink);
    const input = models.tf.tensor3d(small.data, [MODEL_SIDE, MODEL_SIDE, 3], 'int32');
    let alpha: Tensor | null = null;
    try {
      alpha = await models.human.segmentation(input);
      if (!alpha) throw new Error('segmentation returned nothing');
      const seen = keep(
        cv.matFromArray(MODEL_SIDE, MODEL_SIDE, cv.CV_8UC1, Uint8Array.from(await alpha.data())),
      );
      const full = keep(new cv.Mat());
      cv.resize(seen, full, new cv.Size(tile.width, tile.height), 0, 0, cv.INTER_LINEAR);
      return new Uint8Array(full.data);
    } finally {
      input.dispose();
      alpha?.dispose();
    }
  });
}
