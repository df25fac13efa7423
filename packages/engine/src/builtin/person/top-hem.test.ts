import { describe, expect, it } from 'vitest';
import { frontPose, PHOTO, silhouetteOf } from '../../../test/fixtures/synthetic-person.ts';
import { bodyFrame } from '../fit/body-frame.ts';
import { mid } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import { bodyParts } from './body-parts.ts';
import { topHem } from './top-hem.ts';

const pose = frontPose();
const p = pose.points;
const silhouette = silhouetteOf(pose);
const parts = bodyParts(pose, silhouette);
const frame = bodyFrame(pose, parts);
const knees = mid(p.leftKnee, p.rightKnee);
/** The shoulders' middle is at y 150 and the body upright: a depth down the body is y - 150. */
const NECK_Y = 150;
const SKIN = [214, 160, 130] as const;
const isSkin = (r: number, g: number, b: number): boolean =>
  Math.abs(r - SKIN[0]) + Math.abs(g - SKIN[1]) + Math.abs(b - SKIN[2]) < 30;

/** The person in a top of `top` down to `hemY` and trousers of `legs` below it, on a grey backdrop. */
function dressed(
  hemY: number,
  top: readonly [number, number, number],
  legs: readonly [number, number, number],
  extra?: (x: number, y: number) => readonly [number, number, number] | null,
): Raster {
  const data = new Uint8Array(PHOTO.width * PHOTO.height * 3);
  for (let y = 0; y < PHOTO.height; y++) {
    for (let x = 0; x < PHOTO.width; x++) {
      const i = y * PHOTO.width + x;
      const body = (silhouette.data[i] ?? 0) > 127;
      const colour = extra?.(x, y) ?? (body ? (y < hemY ? top : legs) : [128, 128, 128]);
      data.set(colour, i * 3);
    }
  }
  return { data, width: PHOTO.width, height: PHOTO.height, channels: 3 };
}

const RED = [190, 40, 40] as const;
const NAVY = [30, 40, 90] as const;

describe('topHem', () => {
  it('finds where a top ends, at the waist or over the thighs', () => {
    for (const hemY of [320, 390]) {
      const hem = topHem(dressed(hemY, RED, NAVY), frame, knees, parts, isSkin);
      expect(hem).not.toBeNull();
      expect(Math.abs((hem ?? 0) - (hemY - NECK_Y))).toBeLessThanOrEqual(4);
    }
  });

  it('finds a long top that reaches over the thighs by the shins below it', () => {
    // A coat to just above the knees (y 450): the thighs wear its colour, the shins the trousers'.
    const hem = topHem(dressed(440, RED, NAVY), frame, knees, parts, isSkin);
    expect(Math.abs((hem ?? 0) - (440 - NECK_Y))).toBeLessThanOrEqual(4);
  });

  it('is not fooled by hands held in front at the waist', () => {
    const hands = (x: number, y: number): readonly [number, number, number] | null =>
      y >= 300 && y < 330 && x > 160 && x < 240 ? SKIN : null;
    const hem = topHem(dressed(390, RED, NAVY, hands), frame, knees, parts, isSkin);
    expect(Math.abs((hem ?? 0) - (390 - NECK_Y))).toBeLessThanOrEqual(4);
  });

  it('cannot tell where a one-colour outfit or a dress ends', () => {
    expect(topHem(dressed(390, NAVY, NAVY), frame, knees, parts, isSkin)).toBeNull();
    expect(topHem(dressed(390, [32, 42, 96], NAVY), frame, knees, parts, isSkin)).toBeNull();
  });

  it('needs the knees well below the hips', () => {
    const seated = { ...knees, y: p.leftHip.y + 10 };
    expect(topHem(dressed(390, RED, NAVY), frame, seated, parts, isSkin)).toBeNull();
  });
});
