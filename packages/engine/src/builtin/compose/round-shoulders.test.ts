import { beforeAll, describe, expect, it } from 'vitest';
import { openCvForTests } from '../../../test/fixtures/garments.ts';
import { emptyCanvas, layerOf } from '../../../test/fixtures/layers.ts';
import { frontPose, silhouetteOf } from '../../../test/fixtures/synthetic-person.ts';
import { bodyFrame } from '../fit/body-frame.ts';
import { bodyParts } from '../person/body-parts.ts';
import type { Mask } from '../person/mask.ts';
import type { OpenCv } from '../worker/opencv.ts';
import type { GarmentCanvas } from './garment-canvas.ts';
import { roundShoulders, shoulderCorners } from './round-shoulders.ts';

let cv: OpenCv;
beforeAll(async () => {
  ({ cv } = await openCvForTests());
});

const SIZE = 200;
const SPAN = 100;
const noHair = (): Mask => ({ data: new Uint8Array(SIZE * SIZE), width: SIZE, height: SIZE });
const fill = (canvas: GarmentCanvas, x0: number, y0: number, x1: number, y1: number): void => {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) canvas.alpha[y * SIZE + x] = 1;
};
const at = (canvas: GarmentCanvas, x: number, y: number): number => canvas.alpha[y * SIZE + x] ?? 0;

/**
 * A body from x 50 to 160 below y 60, and a sleeve hanging down its left side from x 40, its top 10 px lower
 * than the shoulder: the corner and step a fit leaves where a sleeve drops from the shoulder line. The seam
 * is the sleeve's top outer corner.
 */
function shoulder(): GarmentCanvas {
  const canvas = emptyCanvas({ left: 0, top: 0, width: SIZE, height: SIZE });
  fill(canvas, 50, 60, 160, 190);
  fill(canvas, 40, 70, 50, 190);
  return canvas;
}
const SEAM = { x: 40, y: 70 };
/** The left shoulder's corner of a person facing the camera: their left is the picture's right, so out is -x. */
const CORNER = { seam: SEAM, outward: { x: -1, y: 0 }, down: { x: 0, y: 1 } };

describe('roundShoulders', () => {
  it("rounds the sleeve's outer corner and leaves the straight edges and the body's middle", () => {
    const canvas = shoulder();
    const cut = roundShoulders(cv, canvas, [CORNER], noHair(), SPAN);
    expect(cut).toBeGreaterThan(10);
    // The corner itself and the step's outer corner go...
    expect(at(canvas, 40, 70)).toBeLessThan(0.5);
    expect(at(canvas, 50, 60)).toBeLessThan(0.5);
    // ...the sleeve's outer edge further down, the shoulder line further in and the middle stay.
    expect(at(canvas, 40, 110)).toBe(1);
    expect(at(canvas, 90, 60)).toBe(1);
    expect(at(canvas, 70, 90)).toBe(1);
    // The step's inner corner (concave) is not filled: rounding only takes cloth away.
    expect(at(canvas, 45, 65)).toBe(0);
  });

  it('leaves a corner far from the seams as it is', () => {
    const canvas = shoulder();
    roundShoulders(cv, canvas, [CORNER], noHair(), SPAN);
    expect(at(canvas, 159, 60)).toBe(1);
  });

  it("leaves a shoulder the photo's edge cuts off as it is", () => {
    // The body runs off the photo's left edge from y 60: that edge is the frame's, not a corner.
    const canvas = emptyCanvas({ left: 0, top: 0, width: SIZE, height: SIZE });
    fill(canvas, 0, 60, 160, 190);
    roundShoulders(cv, canvas, [{ ...CORNER, seam: { x: 0, y: 60 } }], noHair(), SPAN);
    expect(at(canvas, 0, 60)).toBe(1);
    expect(at(canvas, 3, 62)).toBe(1);
  });

  it('takes no more than a rim from a part narrower than the disc', () => {
    // A sleeve 20 px wide standing out to the left from the body's top (a raised arm seen edge-on): it would
    // go whole in an opening by a disc of 15 px.
    const canvas = emptyCanvas({ left: 0, top: 0, width: SIZE, height: SIZE });
    fill(canvas, 80, 60, 180, 190);
    fill(canvas, 10, 60, 80, 80);
    roundShoulders(cv, canvas, [{ ...CORNER, seam: { x: 80, y: 60 } }], noHair(), SPAN);
    expect(at(canvas, 60, 70)).toBe(1);
    expect(at(canvas, 70, 70)).toBe(1);
  });

  it('counts hair in front as garment, so strands over the shoulder are not cut round', () => {
    // A strand of hair in front down the sleeve near its outer edge: the sleeve's outer 4 px beside it, as
    // garment alone, are a part far narrower than the disc; with the strand it is one sleeve.
    const canvas = shoulder();
    const hair = noHair();
    for (let y = 90; y < 190; y++)
      for (let x = 44; x < 49; x++) {
        canvas.alpha[y * SIZE + x] = 0;
        hair.data[y * SIZE + x] = 255;
      }
    roundShoulders(cv, canvas, [CORNER], hair, SPAN);
    expect(at(canvas, 41, 95)).toBe(1);
    expect(at(canvas, 43, 95)).toBe(1);
  });
});

describe('shoulderCorners', () => {
  const sleeve = layerOf(4, 4, () => true, [200, 0, 0]);
  const shoulders = {
    left: { neck: { x: 215, y: 140 }, seam: { x: 268, y: 146 } },
    right: { neck: { x: 185, y: 140 }, seam: { x: 132, y: 146 } },
  };

  it("rounds the shoulders of hanging arms' sleeves, each corner facing out from the neck", () => {
    const pose = frontPose();
    const frame = bodyFrame(pose, bodyParts(pose, silhouetteOf(pose)));
    const corners = shoulderCorners({ shoulders, limbs: { left: sleeve, right: sleeve } }, pose, frame, {
      left: true,
      right: true,
    });
    expect(corners.map((c) => c.seam)).toEqual([shoulders.left.seam, shoulders.right.seam]);
    // The person's left is the picture's right: out is +x there, -x on their right.
    expect(corners[0]?.outward.x).toBeGreaterThan(0.9);
    expect(corners[1]?.outward.x).toBeLessThan(-0.9);
    expect(corners[0]?.down.y).toBeGreaterThan(0.9);
  });

  it('leaves a side without a sleeve, an arm that does not hang and a hand raised from a low elbow', () => {
    // The right hand raised to the face, the elbow still low.
    const pose = frontPose({ rightWrist: { x: 150, y: 90 } });
    const frame = bodyFrame(pose, bodyParts(pose, silhouetteOf(pose)));
    const fitted = { shoulders, limbs: { left: sleeve, right: sleeve } };
    expect(shoulderCorners(fitted, pose, frame, { left: true, right: true }).map((c) => c.seam)).toEqual([
      shoulders.left.seam,
    ]);
    expect(shoulderCorners(fitted, pose, frame, { left: false, right: true })).toEqual([]);
    expect(
      shoulderCorners({ shoulders, limbs: { left: null, right: sleeve } }, frontPose(), frame, {
        left: true,
        right: true,
      }).map((c) => c.seam),
    ).toEqual([shoulders.right.seam]);
  });
});
