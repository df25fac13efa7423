import { describe, expect, it } from 'vitest';
import {
  bodyShapes,
  drawMask,
  frontPose,
  PHOTO,
  rectangle,
  silhouetteOf,
} from '../../../test/fixtures/synthetic-person.ts';
import { type BodyParts, bodyParts, inHeadDisc, Part, withUnseenForearms } from './body-parts.ts';

const at = (parts: BodyParts, x: number, y: number): number => parts.labels[y * parts.width + x] ?? -1;
const count = (parts: BodyParts, label: number): number => parts.labels.filter((v) => v === label).length;

describe('bodyParts', () => {
  const pose = frontPose();
  const silhouette = silhouetteOf(pose);
  const parts = bodyParts(pose, silhouette);

  it('labels each limb by the bone it lies on (sides are the person’s: left is the picture’s right)', () => {
    expect(at(parts, 283, 300)).toBe(Part.leftForearm);
    expect(at(parts, 117, 300)).toBe(Part.rightForearm);
    expect(at(parts, 272, 205)).toBe(Part.leftUpperArm);
    expect(at(parts, 128, 205)).toBe(Part.rightUpperArm);
    expect(at(parts, 285, 356)).toBe(Part.leftHand);
    expect(at(parts, 115, 356)).toBe(Part.rightHand);
    expect(at(parts, 238, 400)).toBe(Part.leftThigh);
    expect(at(parts, 162, 400)).toBe(Part.rightThigh);
    expect(at(parts, 237, 510)).toBe(Part.leftShin);
    expect(at(parts, 163, 510)).toBe(Part.rightShin);
  });

  it('labels the torso inside the shoulders-to-hips quadrilateral, the head in a disc round the face', () => {
    expect(at(parts, 200, 250)).toBe(Part.torso);
    expect(at(parts, 230, 190)).toBe(Part.torso);
    expect(at(parts, 200, 86)).toBe(Part.head);
    expect(at(parts, 200, 50)).toBe(Part.head);
    // The neck: just above the shoulders' middle, below the head's disc.
    expect(at(parts, 200, 144)).toBe(Part.neck);
  });

  it('stops the head below the chin, though its disc reaches further (a collar, a hood, shoulders)', () => {
    // Broad shoulders (200 px) make the disc round the face 60 px, down to y 146; eyes at y 72 and mouth at
    // y 100 put the chin about y 122, and the head stops 1.4 eyes-to-mouth below the mouth (y 139).
    const broad = frontPose({ leftShoulder: { x: 300 }, rightShoulder: { x: 100 } });
    const wide = bodyParts(broad, silhouetteOf(broad));
    expect(at(wide, 200, 130)).toBe(Part.head);
    expect(at(wide, 200, 143)).not.toBe(Part.head);
    expect(at(wide, 200, 143)).not.toBe(Part.background);
  });

  it('is no wider than the jaw below the mouth: a collar beside the chin of a large face is not head', () => {
    // The disc round the face (60 px, broad shoulders) reaches y 146; ears 56 px apart make the jaw 32 px
    // each side of x 200 below the mouth (y 100), down to 1.4 eyes-to-mouth below it (y 139).
    const broad = frontPose({ leftShoulder: { x: 300 }, rightShoulder: { x: 100 } });
    const wide = bodyParts(
      broad,
      drawMask(PHOTO.width, PHOTO.height, [...bodyShapes(broad), rectangle(150, 60, 250, 150)]),
    );
    // The chin and the jaw's side at the mouth are head, and the cheeks above the mouth whatever their width.
    expect(at(wide, 200, 130)).toBe(Part.head);
    expect(at(wide, 228, 102)).toBe(Part.head);
    expect(at(wide, 245, 95)).toBe(Part.head);
    // Beside the chin (in the disc, above its straight cut) is the neck or the shoulders the collar lies on.
    expect(at(wide, 226, 135)).toBe(Part.head);
    for (const [x, y] of [
      [238, 125],
      [162, 125],
      [236, 105],
    ] as const) {
      expect(at(wide, x, y)).not.toBe(Part.head);
      expect(at(wide, x, y)).not.toBe(Part.background);
      expect(wide.headDisc && inHeadDisc(wide.headDisc, x, y)).toBe(true);
    }
  });

  it('gives labels only to silhouette pixels', () => {
    expect(at(parts, 20, 20)).toBe(Part.background);
    expect(at(parts, 200, 595)).toBe(Part.background);
    let labelled = 0;
    let person = 0;
    for (let i = 0; i < silhouette.data.length; i++) {
      if ((silhouette.data[i] ?? 0) >= 110) person++;
      if ((parts.labels[i] ?? 0) !== Part.background) labelled++;
    }
    expect(labelled).toBe(person);
    // A faint silhouette (below its threshold) is background.
    const faint = bodyParts(pose, drawMask(PHOTO.width, PHOTO.height, bodyShapes(pose), 100));
    expect(count(faint, Part.background)).toBe(PHOTO.width * PHOTO.height);
  });

  it('lets an arm hanging beside the torso win its own radius next to the torso', () => {
    // 12 px from the upper arm's bone (radius 15.6), 12 px outside the torso's quadrilateral.
    expect(at(parts, 258, 200)).toBe(Part.leftUpperArm);
    expect(at(parts, 142, 200)).toBe(Part.rightUpperArm);
  });

  it('gives an arm no pixels far from its bone: someone beside the person is not their arm', () => {
    // A second person's shoulder against the left forearm (bone x 280-285, radius 12), out to x 380.
    const beside = drawMask(PHOTO.width, PHOTO.height, [...bodyShapes(pose), rectangle(285, 260, 380, 330)]);
    const map = bodyParts(pose, beside);
    expect(at(map, 300, 300)).toBe(Part.leftForearm);
    // Neither arm nor torso (whose measured width would grow): not this person's body.
    expect(at(map, 340, 300)).toBe(Part.background);
    expect(at(map, 370, 300)).toBe(Part.background);
  });

  it('lets a forearm lying across the belly win within its radius, the torso beyond it', () => {
    const across = frontPose({
      leftElbow: { x: 275, y: 260 },
      leftWrist: { x: 180, y: 280 },
      leftIndex: { x: 160, y: 284 },
      leftPinky: { x: 160, y: 290 },
    });
    const map = bodyParts(across, silhouetteOf(across));
    // On the forearm's bone, inside the torso's quadrilateral.
    expect(at(map, 210, 274)).toBe(Part.leftForearm);
    // 20 px below the bone (radius 12): the belly.
    expect(at(map, 210, 294)).toBe(Part.torso);
  });

  it('gives no pixels to limbs whose joints are not seen', () => {
    const hidden = frontPose({ leftElbow: { score: 0.2 }, rightKnee: { score: 0.1 } });
    const map = bodyParts(hidden, silhouetteOf(hidden));
    expect(count(map, Part.leftUpperArm)).toBe(0);
    expect(count(map, Part.leftForearm)).toBe(0);
    expect(count(map, Part.rightThigh)).toBe(0);
    expect(count(map, Part.rightShin)).toBe(0);
    // The other limbs keep theirs.
    expect(count(map, Part.rightUpperArm)).toBeGreaterThan(500);
    expect(count(map, Part.leftThigh)).toBeGreaterThan(500);
  });

  // The right forearm held out to the side (elbow 120, 250 to wrist 50, 290), its wrist unseen (blurred).
  const heldOut = (score: number) =>
    frontPose({
      rightWrist: { x: 50, y: 290, score },
      rightIndex: { x: 38, y: 300, score },
      rightPinky: { x: 40, y: 306, score },
    });

  it('reads where a forearm whose wrist is unseen ends from the silhouette past its upper arm', () => {
    const unseen = heldOut(0.1);
    const map = bodyParts(unseen, silhouetteOf(heldOut(0.9)));
    const read = map.unseenForearms?.right;
    if (!read) throw new Error('no forearm read');
    const { end } = read;
    // The silhouette's forearm is 26 px across (a capsule of radius 13): about 0.11 of the 120 px span.
    expect(read.radius).toBeGreaterThan(0.09);
    expect(read.radius).toBeLessThan(0.13);
    // The silhouette's forearm runs from the elbow (120, 250) out to the wrist (50, 290), 81 px.
    const elbow = unseen.points.rightElbow;
    const angle = Math.atan2(end.y - elbow.y, end.x - elbow.x);
    expect(Math.abs(angle - Math.atan2(40, -70))).toBeLessThan(0.2);
    expect(Math.hypot(end.x - elbow.x, end.y - elbow.y)).toBeGreaterThan(60);
    expect(Math.hypot(end.x - elbow.x, end.y - elbow.y)).toBeLessThan(100);
    // Its pixels stay unlabelled (a bare forearm is not the clean-up's), the upper arm keeps its own.
    expect(at(map, 58, 286)).toBe(Part.background);
    expect(at(map, 80, 275)).toBe(Part.rightUpperArm);
    // Seen forearms need no reading; nor does an arm that ends at the elbow.
    expect(map.unseenForearms?.left).toBeNull();
    const stump = silhouetteOf(frontPose({ rightWrist: { x: 120, y: 250 } }));
    expect(bodyParts(unseen, stump).unseenForearms?.right).toBeNull();
  });

  it('places an unseen wrist where the silhouette shows its forearm ending, for the sleeves to follow', () => {
    const unseen = heldOut(0.1);
    const map = bodyParts(unseen, silhouetteOf(heldOut(0.9)));
    const moved = withUnseenForearms(unseen, map);
    const end = map.unseenForearms?.right?.end;
    if (!end) throw new Error('no forearm read');
    expect(moved.points.rightWrist).toEqual({ ...unseen.points.rightWrist, x: end.x, y: end.y });
    // Still not seen (no bone, no paint along it as a seen forearm), and the seen arm is left as it is.
    expect(moved.points.rightWrist.score).toBe(0.1);
    expect(moved.points.leftWrist).toEqual(unseen.points.leftWrist);
    // A pose with every wrist seen comes back as it was.
    expect(withUnseenForearms(pose, parts)).toBe(pose);
  });

  it('reads no forearm from a patch much wider than one (a second person against the arm)', () => {
    const unseen = heldOut(0.1);
    const beside = drawMask(PHOTO.width, PHOTO.height, [
      ...bodyShapes(heldOut(0.9)),
      rectangle(10, 270, 70, 360),
    ]);
    expect(bodyParts(unseen, beside).unseenForearms?.right).toBeNull();
  });

  it('gives no pixels to legs whose joints the model placed off the photo (a seated lap)', () => {
    const cropped = frontPose({
      leftKnee: { y: 650 },
      rightKnee: { y: 650 },
      leftAnkle: { y: 760 },
      rightAnkle: { y: 760 },
    });
    const map = bodyParts(cropped, silhouetteOf(cropped));
    for (const leg of [Part.leftThigh, Part.rightThigh, Part.leftShin, Part.rightShin]) {
      expect(count(map, leg)).toBe(0);
    }
    // Nor is the lap taken for the hand resting near it (far beyond the hand's reach): a hand there would
    // be cut out of the garment as if it lay in front.
    expect([Part.leftHand, Part.leftForearm, Part.rightHand, Part.rightForearm]).not.toContain(
      at(map, 230, 400),
    );
    // Just below the hips, within a quarter span of the torso, it is torso.
    expect(at(map, 232, 345)).toBe(Part.torso);
  });
});
