import type { Raster } from '../image/raster.ts';
import type { Models } from '../worker/load-models.ts';
import { moveNet, type Pose } from './move-net.ts';

export type { BodyPart, Pose } from './move-net.ts';

const MIN_BODY_SCORE = 0.3;
const MIN_SHOULDER_SCORE = 0.3;
/** A zoomed-out pose counts only with a head seen this well: the padding alone must not make a person. */
const MIN_HEAD_SCORE = 0.4;
const MIN_HEAD_POINTS = 2;
/**
 * MoveNet was trained on people who fit in the picture; in a selfie the shoulders run off its edges and get
 * low scores. Padding the photo by copies of its edges (shares of its width on each side and of its height
 * below) shows the model a smaller person with a plausible body under the head. Two zooms: a close head and
 * shoulders needs the stronger one, a looser one is placed better by the weaker.
 */
const ZOOMS = [
  { x: 0.5, bottom: 1 },
  { x: 0.8, bottom: 1.6 },
];

/**
 * MoveNet on the photo. A pose counts as a person only when both shoulders are found: every render anchors on
 * them, and noise or landscapes give low, scattered keypoint scores.
 *
 * With `upperBody`, a photo whose hips are not seen (a selfie, head and shoulders) is also tried zoomed out,
 * and the better pair of shoulders is kept; keypoints that the zoomed-out pass puts below the photo lie on
 * copied edge pixels and are dropped.
 */
export async function detectPose(
  models: Models,
  image: Raster,
  options: { upperBody?: boolean } = {},
): Promise<Pose | null> {
  const plain = await moveNet(models, image);
  const found =
    plain && plain.score >= MIN_BODY_SCORE && shouldersOf(plain) >= MIN_SHOULDER_SCORE ? plain : null;
  if (!options.upperBody || (found?.points.leftHip && found.points.rightHip)) return found;

  let best = found;
  for (const zoom of ZOOMS) {
    const zoomed = await moveNet(models, image, zoom);
    if (!zoomed || !headSeen(zoomed) || shouldersOf(zoomed) < MIN_SHOULDER_SCORE) continue;
    const inside = insidePhoto(zoomed, image);
    if (inside && (!best || shouldersOf(inside) > shouldersOf(best))) {
      best = inside;
      // Each pass costs about 40 ms: the first zoom that finds the shoulders will do.
      break;
    }
  }
  return best;
}

/** The weaker shoulder's score (0 when one is missing). */
function shouldersOf(pose: Pose): number {
  return Math.min(pose.points.leftShoulder?.score ?? 0, pose.points.rightShoulder?.score ?? 0);
}

function headSeen(pose: Pose): boolean {
  const p = pose.points;
  const head = [p.nose, p.leftEye, p.rightEye, p.leftEar, p.rightEar];
  return head.filter((q) => (q?.score ?? 0) >= MIN_HEAD_SCORE).length >= MIN_HEAD_POINTS;
}

/**
 * The zoomed-out pose without what it found on the padding below the photo; null when even its shoulders'
 * middle lies outside the photo (the model read a body into the copied edges).
 */
function insidePhoto(pose: Pose, image: Raster): Pose | null {
  const { leftShoulder: l, rightShoulder: r } = pose.points;
  if (!l || !r) return null;
  const mx = (l.x + r.x) / 2;
  const my = (l.y + r.y) / 2;
  if (mx < 0 || mx > image.width || my < 0 || my > image.height) return null;
  const points: Pose['points'] = {};
  for (const [part, q] of Object.entries(pose.points) as [keyof Pose['points'], Pose['points']['nose']][]) {
    if (q && (part === 'leftShoulder' || part === 'rightShoulder' || q.y <= image.height)) points[part] = q;
  }
  return { score: pose.score, points };
}
