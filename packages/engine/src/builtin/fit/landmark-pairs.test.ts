import { describe, expect, it } from 'vitest';
import { frontPose } from '../../../test/fixtures/synthetic-person.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import { bodyFrame } from './body-frame.ts';
import { EASE, LandmarkPairs } from './landmark-pairs.ts';

/**
 * A 400 x 600 label map: a torso 100 px wide (x 150-249) from the shoulders down, and below y 300 the old
 * clothes' loose flaps, labelled torso too, out to x 60 on the picture's left and x 280 on its right.
 */
function looseShirt(): BodyParts {
  const width = 400;
  const height = 600;
  const labels = new Uint8Array(width * height);
  for (let y = 140; y < 300; y++) labels.fill(Part.torso, y * width + 150, y * width + 250);
  for (let y = 300; y < 360; y++) labels.fill(Part.torso, y * width + 60, y * width + 280);
  return { labels, width, height };
}

const garmentSides = { left: { x: 80, y: 100 }, right: { x: 20, y: 100 } };

describe('LandmarkPairs.row', () => {
  const frame = bodyFrame(frontPose(), looseShirt());

  it('lands the sides as wide as the body is at that depth, with ease', () => {
    const landed = new LandmarkPairs().row(frame, garmentSides, 90, 10, { half: 60, centre: 0 });
    expect(landed.left.x - 200).toBeCloseTo(49 * EASE, 0);
    expect(200 - landed.right.x).toBeCloseTo(50 * EASE, 0);
  });

  it('reads the body no wider than `widest`, and keeps the middle near the axis when it cuts', () => {
    // At y 320 the flaps reach 140 px left of the axis and 79 right: loose cloth, not the body.
    const loose = new LandmarkPairs().row(frame, garmentSides, 170, 10, { half: 60, centre: 0 });
    expect(200 - loose.right.x).toBeGreaterThan(120);
    const held = new LandmarkPairs().row(
      frame,
      garmentSides,
      170,
      10,
      { half: 60, centre: 0 },
      { widest: 60 },
    );
    const half = (held.left.x - held.right.x) / 2;
    expect(half).toBeCloseTo(60 * EASE, 0);
    const centre = (held.left.x + held.right.x) / 2 - 200;
    expect(Math.abs(centre)).toBeLessThanOrEqual(60 * 0.25 + 0.5);
  });

  it('never lands narrower than the garment is cut', () => {
    const landed = new LandmarkPairs().row(
      frame,
      garmentSides,
      90,
      80,
      { half: 60, centre: 0 },
      { widest: 30 },
    );
    expect((landed.left.x - landed.right.x) / 2).toBeGreaterThan(70);
  });
});
