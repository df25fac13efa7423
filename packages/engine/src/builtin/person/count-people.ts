import type { PersonInspection } from '../../engine.ts';
import { dist } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import type { SquareBox } from '../look/head-box.ts';
import type { Models } from '../worker/load-models.ts';
import { type BodyPose, detectBodyPose } from './body-pose.ts';
import { SEEN } from './check-pose.ts';
import { type FaceBox, facesIn } from './find-faces.ts';
import { headAbove, personPresent, thighsEmpty } from './person-present.ts';
import { segmentPerson } from './segment-person.ts';

/** A face box this sure is a face (BlazeFace scores a printed pattern or a lamp well under it). */
const MIN_FACE_SCORE = 0.75;
/** Faces smaller than this share of the largest one are people far behind, not in the photo with the shopper. */
const MIN_FACE_SHARE = 0.4;

/**
 * How many people a photo shows: BlazeFace on the whole photo and on half-size windows (a full-length photo's
 * faces are too small for it on the whole), the boxes merged, passers-by far behind left out; and BlazePose,
 * which finds one body also without a face.
 */
export async function countPeople(models: Models, image: Raster): Promise<PersonInspection> {
  const faces = significant(merged(await facesIn(models, image, windowsOf(image), MIN_FACE_SCORE))).length;
  const pose = await detectBodyPose(models, image);
  const body = pose !== null && (await bodySeen(models, image, pose, faces > 0));
  return { people: Math.max(faces, body ? 1 : 0), faces, body };
}

/**
 * BlazePose, run without its person detector, places a confident pose on hard-edged patterns (a staircase)
 * and on garments laid flat; the selfie segmentation round the shoulders tells a body from those, and with
 * no face in the photo, the thighs (the pose puts them over the backdrop below a flat lay's hem) and a head
 * above the neck (a long flat lay covers the pose's thighs, but nothing stands above its neckline).
 */
async function bodySeen(models: Models, image: Raster, pose: BodyPose, face: boolean): Promise<boolean> {
  const { leftShoulder: l, rightShoulder: r } = pose.points;
  if (Math.min(l.score, r.score) < SEEN) return false;
  const silhouette = await segmentPerson(models, image, pose);
  return (
    personPresent(silhouette, pose) &&
    (face || (!thighsEmpty(silhouette, pose) && headAbove(silhouette, pose)))
  );
}

/** The whole photo (padded square), then squares of half its longer side overlapping by half. */
export function windowsOf(image: { width: number; height: number }): SquareBox[] {
  const long = Math.max(image.width, image.height);
  const whole = Math.round(long * 1.15);
  const windows: SquareBox[] = [
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
