import { dist, mid } from '../geometry/point.ts';
import type { BodyPose } from './body-pose.ts';
import { clipBox, type Mask } from './mask.ts';

/** The silhouette must fill at least this share of the chest below the shoulder line... */
const MIN_CHEST = 0.5;
/** ...and this share of the neck above it (a head or hair; a side view's neck fills about 0.6). */
const MIN_NECK = 0.35;

/**
 * Whether the pose belongs to a person: the person's silhouette fills the chest just below the shoulders and
 * the neck just above them. BlazePose places a whole body, face and all, on a garment laid flat (a T-shirt's
 * sleeves as shoulders, a long sleeve read as a back view), where the selfie segmentation sees no person, or
 * sees the garment but nothing above its neckline. Measured on the shipped photos: chest at least 0.89 and
 * neck at least 0.59 on 32 people in every view; 0 and 0 on flat lays, but for a print dress (0.83, 0.70) and
 * a hoodie, whose hood stands where a head would.
 */
export function personPresent(silhouette: Mask, pose: BodyPose): boolean {
  const { centre, span } = shoulders(pose);
  if (span < 1) return false;
  const chest = share(silhouette, centre.x - 0.3 * span, centre.y, 0.6 * span, 0.5 * span);
  const neck = share(silhouette, centre.x - 0.15 * span, centre.y - 0.5 * span, 0.3 * span, 0.4 * span);
  // A photo cut off at the neck (a shopper who leaves the face out) has no neck to read: the chest decides.
  return chest.mean >= MIN_CHEST && (neck.inside < 0.5 || neck.mean >= MIN_NECK);
}

/** A head fills at least this share of the box above the neck (side views 0.3, a hood or hair more)... */
const MIN_HEAD = 0.15;
/** ...read only where this share of that box lies in the photo (a photo cut off at the chin has no head). */
const HEAD_SEEN = 0.3;

/**
 * Whether the silhouette has a head above the neck: a box half the span wide, 0.6 to 1 span above the
 * shoulders' middle. Asked of a pose the engine would refuse (a back view, a side view) before naming the
 * refusal: a long-sleeve top laid flat, its sleeves spread, has a pose whose shoulders are its armholes and a
 * chest and neck the segmentation fills (its neckline's rim), but nothing where a head would be (0 on the
 * shipped generated flat lays); people from every side fill 0.3 to 1 of it. A hoodie's hood stands there.
 */
export function headAbove(silhouette: Mask, pose: BodyPose): boolean {
  const { centre, span } = shoulders(pose);
  const head = share(silhouette, centre.x - 0.25 * span, centre.y - span, 0.5 * span, 0.4 * span);
  return head.inside < HEAD_SEEN || head.mean >= MIN_HEAD;
}

/** A thigh the silhouette fills less than this share of is not a person's (a thigh fills 0.64 or more). */
const MIN_THIGH = 0.3;

/**
 * Whether the pose's thighs lie in the photo where the silhouette has nothing: a garment laid flat, on
 * which BlazePose places legs over the backdrop below the hem (a hoodie's or long-sleeve's flat lay of
 * everyday proportions: 0 to 0.12), where a person's thighs in the photo are filled (0.64 to 1 on the
 * shipped photos). Each thigh is read round the middle of hip and knee, only where that box lies wholly in
 * the photo; false when neither does (a photo cut at the waist). A person behind a table shows no thighs
 * either: the caller asks for a face too before refusing.
 */
export function thighsEmpty(silhouette: Mask, pose: BodyPose): boolean {
  const p = pose.points;
  const span = dist(p.leftShoulder, p.rightShoulder);
  let seen = 0;
  for (const [hip, knee] of [
    [p.leftHip, p.leftKnee],
    [p.rightHip, p.rightKnee],
  ] as const) {
    const c = mid(hip, knee);
    const thigh = share(silhouette, c.x - 0.1 * span, c.y - 0.1 * span, 0.2 * span, 0.2 * span);
    if (thigh.inside < 1) continue;
    if (thigh.mean >= MIN_THIGH) return false;
    seen++;
  }
  return seen > 0;
}

/** The middle of the pose's shoulders and the distance between them. */
function shoulders(pose: BodyPose): { centre: { x: number; y: number }; span: number } {
  const { leftShoulder: l, rightShoulder: r } = pose.points;
  return { centre: mid(l, r), span: dist(l, r) };
}

/** The mask's mean (0..1) over the part of a box inside the photo, and the share of the box inside it. */
function share(
  mask: Mask,
  left: number,
  top: number,
  width: number,
  height: number,
): { mean: number; inside: number } {
  const box = {
    left: Math.round(left),
    top: Math.round(top),
    width: Math.round(width),
    height: Math.round(height),
  };
  const seen = clipBox(box, { left: 0, top: 0, width: mask.width, height: mask.height });
  let sum = 0;
  for (let y = seen.top; y < seen.top + seen.height; y++) {
    for (let x = seen.left; x < seen.left + seen.width; x++) sum += mask.data[y * mask.width + x] ?? 0;
  }
  const n = seen.width * seen.height;
  return { mean: n === 0 ? 0 : sum / n / 255, inside: n / Math.max(1, box.width * box.height) };
}
