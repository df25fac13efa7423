import type { PersonInspection } from '../../engine.ts';
import { dist } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import { squareCrop } from '../look/square-crop.ts';
import type { Models } from '../worker/load-models.ts';
import { type BodyPose, detectBodyPose } from './body-pose.ts';
import { SEEN } from './check-pose.ts';
import { personPresent } from './person-present.ts';
import { segmentPerson } from './segment-person.ts';

/** BlazeFace reads 128 px; a larger window only costs the upload. */
const WINDOW_SIDE = 256;
/** A face box this sure is a face (BlazeFace scores a printed pattern or a lamp well under it). */
const MIN_FACE_SCORE = 0.75;
/** Faces smaller than this share of the largest one are people far behind, not in the photo with the shopper. */
const MIN_FACE_SHARE = 0.4;
const MAX_FACES = 8;

interface FaceBox {
  x: number;
  y: number;
  size: number;
  score: number;
}

/**
 * How many people a photo shows: BlazeFace on the whole photo and on half-size windows (a full-length photo's
 * faces are too small for it on the whole), the boxes merged, passers-by far behind left out; and BlazePose,
 * which finds one body also without a face. Uses the render models as loaded: the face detector is asked for
 * several faces and no mesh for these calls, then set back as the render steps expect it.
 */
export async function countPeople(models: Models, image: Raster): Promise<PersonInspection> {
  const boxes: FaceBox[] = [];
  const before = models.human.config.face;
  const restore = { maxDetected: before.detector?.maxDetected ?? 1, mesh: before.mesh?.enabled ?? true };
  try {
    for (const window of windowsOf(image)) boxes.push(...(await facesIn(models, image, window)));
  } finally {
    // Human merges a call's settings into new config objects: the current ones are set back, not `before`.
    const after = models.human.config.face;
    if (after.detector) after.detector.maxDetected = restore.maxDetected;
    if (after.mesh) after.mesh.enabled = restore.mesh;
  }
  const faces = significant(merged(boxes)).length;
  const pose = await detectBodyPose(models, image);
  const body = pose !== null && (await bodySeen(models, image, pose));
  return { people: Math.max(faces, body ? 1 : 0), faces, body };
}

/**
 * BlazePose, run without its person detector, places a confident pose on hard-edged patterns (a staircase)
 * and on garments laid flat; the selfie segmentation round the shoulders tells a body from those.
 */
async function bodySeen(models: Models, image: Raster, pose: BodyPose): Promise<boolean> {
  const { leftShoulder: l, rightShoulder: r } = pose.points;
  if (Math.min(l.score, r.score) < SEEN) return false;
  return personPresent(await segmentPerson(models, image, pose), pose);
}

interface Window {
  left: number;
  top: number;
  size: number;
}

/** The whole photo (padded square), then squares of half its longer side overlapping by half. */
export function windowsOf(image: { width: number; height: number }): Window[] {
  const long = Math.max(image.width, image.height);
  const whole = Math.round(long * 1.15);
  const windows: Window[] = [
    { left: Math.round((image.width - whole) / 2), top: Math.round((image.height - whole) / 2), size: whole },
  ];
  const size = Math.round(long / 2);
  const starts = (extent: number): number[] => {
    if (extent <= size) return [Math.round((extent - size) / 2)];
    const out: number[] = [];
    for (let at = 0; at < extent - size; at += size / 2) out.push(Math.round(at));
    out.push(extent - size);
    return [...new Set(out)];
  };
  for (const top of starts(image.height)) {
    for (const left of starts(image.width)) windows.push({ left, top, size });
  }
  return windows;
}

async function facesIn(models: Models, image: Raster, window: Window): Promise<FaceBox[]> {
  const crop = await squareCrop(image, window, WINDOW_SIDE);
  const tensor = models.tf.tensor3d(crop, [WINDOW_SIDE, WINDOW_SIDE, 3], 'int32');
  try {
    const result = await models.human.detect(tensor, {
      body: { enabled: false },
      face: { enabled: true, detector: { maxDetected: MAX_FACES }, mesh: { enabled: false } },
    });
    const k = window.size / WINDOW_SIDE;
    return result.face
      .filter((f) => f.boxScore >= MIN_FACE_SCORE)
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

/** One box per face: a box whose centre lies within another's half-size is the same face, seen again. */
export function merged(boxes: readonly FaceBox[]): FaceBox[] {
  const out: FaceBox[] = [];
  for (const box of [...boxes].sort((a, b) => b.score - a.score)) {
    const same = out.some((o) => dist(o, box) < Math.max(o.size, box.size) * 0.5);
    if (!same) out.push(box);
  }
  return out;
}

function significant(boxes: readonly FaceBox[]): FaceBox[] {
  const largest = Math.max(0, ...boxes.map((b) => b.size));
  return boxes.filter((b) => b.size >= largest * MIN_FACE_SHARE);
}
