import { dist, type Point } from '../geometry/point.ts';
import { distanceToSegment } from '../geometry/polygon.ts';
import type { Raster } from '../image/raster.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import type { BodyPose, Keypoint } from '../person/body-pose.ts';
import { SEEN } from '../person/check-pose.ts';
import { type SkinTone, skinLikeness } from './skin-tone.ts';

/** A forearm's natural radius at the elbow and at the wrist, as shares of the shoulder span. */
export const FOREARM_GIRTH = { elbow: 0.085, wrist: 0.065 } as const;
/** A hand's natural half-width, as a share of the span: round the line from the wrist to the knuckles. */
const HAND_GIRTH = 0.075;
/**
 * Room beyond the natural girth that still counts as a bare arm: forearms differ, and so do poses' bones.
 * A sleeved one gets none: the clean-up paints skin within the natural girth only, and the old sleeve beside
 * that is the new garment's to cover (with room, it showed as a band of old cloth along the arm).
 */
const ROOM = 1.3;
/** A forearm whose pixels within its natural girth are at least this share skin is bare. */
const BARE = 0.5;

/**
 * The forearm and hand pixels that are the arm itself, 1 a pixel: within the natural girth of the bone
 * (with room), or of the person's skin colour. The part map gives a forearm or hand every silhouette pixel
 * up to a few radii from its bone, so that a loose sleeve goes with it; in front of the new garment only the
 * arm should stay, and what lies beside it there (the old clothes behind the arm) is the new garment's.
 */
export function armsInFront(
  photo: Raster,
  pose: BodyPose,
  parts: BodyParts,
  tone: SkinTone | null,
): Uint8Array {
  const { width: w, height: h } = parts;
  const out = new Uint8Array(w * h);
  const p = pose.points;
  const span = dist(p.leftShoulder, p.rightShoulder);
  const knuckles = (wrist: Point, index: Point, pinky: Point): Point => ({
    x: (wrist.x + (index.x + pinky.x) / 2) / 2,
    y: (wrist.y + (index.y + pinky.y) / 2) / 2,
  });
  const seen = (...joints: Keypoint[]): boolean => joints.every((j) => j.score >= SEEN);
  // Each bone: its part, its ends, its girth at each end, and whether the pose saw it (an arm it only
  // guessed, or one that disagrees with the silhouette, keeps nothing in front).
  const bones: [number, Point, Point, number, number, boolean][] = [
    [
      Part.leftForearm,
      p.leftElbow,
      p.leftWrist,
      FOREARM_GIRTH.elbow,
      FOREARM_GIRTH.wrist,
      seen(p.leftElbow, p.leftWrist),
    ],
    [
      Part.rightForearm,
      p.rightElbow,
      p.rightWrist,
      FOREARM_GIRTH.elbow,
      FOREARM_GIRTH.wrist,
      seen(p.rightElbow, p.rightWrist),
    ],
    [
      Part.leftHand,
      p.leftWrist,
      knuckles(p.leftWrist, p.leftIndex, p.leftPinky),
      HAND_GIRTH,
      HAND_GIRTH,
      seen(p.leftWrist),
    ],
    [
      Part.rightHand,
      p.rightWrist,
      knuckles(p.rightWrist, p.rightIndex, p.rightPinky),
      HAND_GIRTH,
      HAND_GIRTH,
      seen(p.rightWrist),
    ],
  ];
  const q = { x: 0, y: 0 };
  const isSkin = new Uint8Array(w * h);
  for (const [part, elbow, wrist, ra, rb, isSeen] of bones) {
    if (!isSeen) continue;
    const reach = span * 0.5;
    const x0 = Math.max(0, Math.floor(Math.min(elbow.x, wrist.x) - reach));
    const x1 = Math.min(w, Math.ceil(Math.max(elbow.x, wrist.x) + reach));
    const y0 = Math.max(0, Math.floor(Math.min(elbow.y, wrist.y) - reach));
    const y1 = Math.min(h, Math.ceil(Math.max(elbow.y, wrist.y) + reach));
    const len2 = Math.max(1, (wrist.x - elbow.x) ** 2 + (wrist.y - elbow.y) ** 2);
    /** Each pixel's distance from the bone over the girth there (1 at the natural girth). */
    const girth = (x: number, y: number): number => {
      const t = Math.max(
        0,
        Math.min(1, ((x - elbow.x) * (wrist.x - elbow.x) + (y - elbow.y) * (wrist.y - elbow.y)) / len2),
      );
      q.x = x;
      q.y = y;
      return distanceToSegment(q, elbow, wrist) / ((ra + (rb - ra) * t) * span);
    };
    // First the skin within the natural girth: whether the arm is bare, so gets room.
    let inside = 0;
    let bare = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * w + x;
        if (parts.labels[i] !== part) continue;
        const skin =
          tone !== null &&
          skinLikeness(tone, photo.data[i * 3] ?? 0, photo.data[i * 3 + 1] ?? 0, photo.data[i * 3 + 2] ?? 0) >
            0.3;
        isSkin[i] = skin ? 1 : 0;
        if (girth(x, y) > 1) continue;
        inside++;
        if (skin) bare++;
      }
    }
    const room = inside > 0 && bare >= inside * BARE ? ROOM : 1;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * w + x;
        if (parts.labels[i] !== part) continue;
        if (isSkin[i] || girth(x, y) <= room) out[i] = 1;
      }
    }
  }
  return out;
}
