import { describe, expect, it } from 'vitest';
import {
  bodyShapes,
  drawMask,
  frontPose,
  PHOTO,
  paint,
  SKIN,
  solidRgb,
} from '../../../test/fixtures/synthetic-person.ts';
import { bodyFrame } from '../fit/body-frame.ts';
import { bodyParts, Part } from '../person/body-parts.ts';
import type { BodyPose } from '../person/body-pose.ts';
import { withoutArms } from '../person/stray-arms.ts';
import { armsInFront, sleevedForearmAcross } from './arms-in-front.ts';
import { skinTone } from './skin-tone.ts';

const CLOTH = [40, 60, 160] as const;

describe('armsInFront', () => {
  const pose = frontPose();
  const p = pose.points;
  // A wide old sleeve round the left forearm (24 px round its bone; the arm itself is about 10 px), the
  // face bare (for the skin tone), a bare patch of skin on the sleeve's far edge.
  const silhouette = drawMask(PHOTO.width, PHOTO.height, [
    ...bodyShapes(pose),
    { kind: 'capsule', a: p.leftElbow, b: p.leftWrist, r: 24 },
  ]);
  const photo = solidRgb(PHOTO.width, PHOTO.height, [150, 150, 150]);
  paint(photo, silhouette, CLOTH);
  paint(photo, drawMask(PHOTO.width, PHOTO.height, [{ kind: 'capsule', a: p.nose, b: p.nose, r: 40 }]), SKIN);
  paint(
    photo,
    drawMask(PHOTO.width, PHOTO.height, [
      { kind: 'capsule', a: { x: 262, y: 300 }, b: { x: 262, y: 300 }, r: 2 },
    ]),
    SKIN,
  );
  const parts = bodyParts(pose, silhouette);
  const arms = armsInFront(photo, pose, parts, skinTone(photo, pose));
  const at = (x: number, y: number): number => arms[y * PHOTO.width + x] ?? -1;

  it('keeps a sleeved forearm within its natural girth of the bone in front, whatever its colour', () => {
    // The bone passes x 282.8 at y 300; span 120, girth at mid-forearm about 9 px (with room, 11.7).
    expect(parts.labels[300 * PHOTO.width + 283]).toBe(Part.leftForearm);
    expect(at(283, 300)).toBe(1);
    expect(at(290, 300)).toBe(1);
    // The old sleeve just past that girth is the new garment's to cover: a sleeved arm gets no room.
    expect(at(293, 300)).toBe(0);
  });

  it('gives a bare forearm room past its natural girth: its shaded edge is still the arm', () => {
    // The same scene, but the forearm bare (skin within 9 px of its bone) with a shaded, not skin-coloured,
    // edge out to 11 px.
    const bare = solidRgb(PHOTO.width, PHOTO.height, [150, 150, 150]);
    paint(bare, silhouette, CLOTH);
    const arm = (r: number) =>
      drawMask(PHOTO.width, PHOTO.height, [{ kind: 'capsule', a: p.leftElbow, b: p.leftWrist, r }]);
    paint(bare, arm(11), [70, 50, 45]);
    paint(bare, arm(8), SKIN);
    paint(
      bare,
      drawMask(PHOTO.width, PHOTO.height, [{ kind: 'capsule', a: p.nose, b: p.nose, r: 40 }]),
      SKIN,
    );
    const bareArms = armsInFront(bare, pose, parts, skinTone(bare, pose));
    expect(bareArms[300 * PHOTO.width + 293]).toBe(1);
    // Beyond the room, the old sleeve is still left behind.
    expect(bareArms[300 * PHOTO.width + 302]).toBe(0);
  });

  it('leaves the old sleeve beyond the girth behind, unless it is skin', () => {
    expect(parts.labels[300 * PHOTO.width + 302]).toBe(Part.leftForearm);
    expect(at(302, 300)).toBe(0);
    expect(parts.labels[300 * PHOTO.width + 262]).toBe(Part.leftForearm);
    expect(at(262, 300)).toBe(1);
  });

  it('keeps nothing in front along an arm the pose did not see or that disagrees with the silhouette', () => {
    // The part map from the pose as found; the left arm then marked as guessed (`withoutArms`).
    const doubted = armsInFront(photo, withoutArms(pose, ['left']), parts, skinTone(photo, pose));
    expect(doubted[300 * PHOTO.width + 283]).toBe(0);
    expect(doubted[300 * PHOTO.width + 262]).toBe(0);
    // The right arm is kept as before.
    expect(doubted.some((v, i) => v === 1 && i % PHOTO.width < PHOTO.width / 2)).toBe(true);
  });

  it('marks nothing that is not an arm or hand', () => {
    expect(at(200, 250)).toBe(0);
  });

  it('keeps an upper arm within its natural girth below the shoulder (a garment without sleeves goes behind it)', () => {
    // The bone passes x 270 at y 200; the girth there about 12.6 px (a sleeved arm gets no room).
    expect(parts.labels[200 * PHOTO.width + 270]).toBe(Part.leftUpperArm);
    expect(at(270, 200)).toBe(1);
    expect(parts.labels[200 * PHOTO.width + 284]).toBe(Part.leftUpperArm);
    expect(at(284, 200)).toBe(0);
    // The round of the shoulder, where a tank's strap lies, is not kept.
    expect(parts.labels[165 * PHOTO.width + 262]).toBe(Part.leftUpperArm);
    expect(at(262, 165)).toBe(0);
  });
});

describe('sleevedForearmAcross', () => {
  // The left forearm folded across the belly: elbow out at the side, wrist past the body's middle line.
  const across = frontPose({
    leftWrist: { x: 175, y: 285 },
    leftPinky: { x: 160, y: 290 },
    leftIndex: { x: 158, y: 282 },
    leftThumb: { x: 165, y: 278 },
  });
  const scene = (pose: BodyPose, forearm: readonly [number, number, number]) => {
    const p = pose.points;
    const silhouette = drawMask(PHOTO.width, PHOTO.height, bodyShapes(pose));
    const photo = solidRgb(PHOTO.width, PHOTO.height, [150, 150, 150]);
    paint(photo, silhouette, CLOTH);
    const face = drawMask(PHOTO.width, PHOTO.height, [{ kind: 'capsule', a: p.nose, b: p.nose, r: 40 }]);
    paint(photo, face, SKIN);
    const arm = drawMask(PHOTO.width, PHOTO.height, [
      { kind: 'capsule', a: p.leftElbow, b: p.leftWrist, r: 11 },
    ]);
    paint(photo, arm, forearm);
    const parts = bodyParts(pose, silhouette);
    return sleevedForearmAcross(photo, pose, parts, bodyFrame(pose, parts), skinTone(photo, pose));
  };

  it('finds a forearm in a sleeve across the front of the body', () => {
    expect(scene(across, [90, 40, 40])).toBe(true);
  });

  it('leaves a bare forearm across the body, and sleeved arms hanging at the sides', () => {
    expect(scene(across, SKIN)).toBe(false);
    expect(scene(frontPose(), [90, 40, 40])).toBe(false);
  });

  it('leaves a forearm the pose did not see', () => {
    const unseen = frontPose({
      leftWrist: { x: 175, y: 285, score: 0.1 },
      leftElbow: { x: 280, y: 250, score: 0.1 },
    });
    expect(scene(unseen, [90, 40, 40])).toBe(false);
  });
});
