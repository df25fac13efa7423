import { describe, expect, it } from 'vitest';
import { layerOf } from '../../../test/fixtures/layers.ts';
import { armGaps } from './arm-gaps.ts';
import type { BodyFrame } from './body-frame.ts';
import { type Layer, layerAlpha } from './warp-layer.ts';

/** A layer over x 0-299, y 0-199. */
const layer = (covers: (x: number, y: number) => boolean, colour: [number, number, number]): Layer =>
  layerOf(300, 200, covers, colour);

/** An upright person, shoulder span 100 (slits up to 12 px are closed); `isBody` says where the person is. */
const frameWith = (isBody: (x: number, y: number) => boolean): BodyFrame => ({
  neck: { x: 150, y: 0 },
  span: 100,
  down: { x: 0, y: 1 },
  across: { x: 1, y: 0 },
  torsoLength: 150,
  at: (depth, offset) => ({ x: 150 + offset, y: depth }),
  depthOf: (q) => q.y,
  offsetOf: (q) => q.x - 150,
  edges: () => null,
  top: () => null,
  isBody,
  reach: () => 0,
});

const colourAt = (l: Layer, x: number, y: number): number[] => {
  const o = ((y - l.top) * l.width + x - l.left) * 4;
  return [l.rgba[o] ?? 0, l.rgba[o + 1] ?? 0, l.rgba[o + 2] ?? 0];
};

describe('armGaps', () => {
  // The body x 100-199; sleeves hanging beside it with a slit 8 px wide on the left (x 92-99) and 20 px on
  // the right (x 200-219), from y 10 down.
  const body = layer((x) => x >= 100 && x < 200, [200, 0, 0]);
  const leftOfBody = layer((x, y) => y >= 10 && x >= 60 && x < 92, [0, 0, 200]);
  const rightOfBody = layer((x, y) => y >= 10 && x >= 220 && x < 250, [0, 0, 200]);
  const everywhere = frameWith(() => true);
  // The frame's `across` points to the picture's right: the person's right arm is on the picture's left.
  const seams = { left: 0, right: 0 };

  it('closes a narrow slit between a sleeve and the body, blending their colours across it', () => {
    const gaps = armGaps(body, { left: rightOfBody, right: leftOfBody }, seams, everywhere);
    expect(gaps).not.toBeNull();
    for (const x of [92, 95, 99]) expect(layerAlpha(gaps, x, 50)).toBe(255);
    // Sleeve's blue at the sleeve's side, body's red at the body's.
    const nearSleeve = colourAt(gaps as Layer, 92, 50);
    const nearBody = colourAt(gaps as Layer, 99, 50);
    expect(nearSleeve[2] ?? 0).toBeGreaterThan(nearSleeve[0] ?? 0);
    expect(nearBody[0] ?? 0).toBeGreaterThan(nearBody[2] ?? 0);
    // The 20 px slit is wider than 0.12 of the span: an arm held out from the body, left open.
    expect(layerAlpha(gaps, 210, 50)).toBe(0);
    // Nothing above the seam, and neither the body nor the sleeves are drawn again.
    expect(layerAlpha(gaps, 95, 5)).toBe(0);
    expect(layerAlpha(gaps, 150, 50)).toBe(0);
    expect(layerAlpha(gaps, 70, 50)).toBe(0);
  });

  it('starts at the shoulder seam it is given', () => {
    const gaps = armGaps(body, { left: null, right: leftOfBody }, { left: 0, right: 80 }, everywhere);
    expect(layerAlpha(gaps, 95, 60)).toBe(0);
    expect(layerAlpha(gaps, 95, 100)).toBe(255);
  });

  it('leaves a slit where the backdrop shows between the arm and the body', () => {
    // The person is everywhere but a column of backdrop at x 95-96 below y 100 (a hand on the hip).
    const frame = frameWith((x, y) => !(y >= 100 && (x === 95 || x === 96)));
    const gaps = armGaps(body, { left: null, right: leftOfBody }, seams, frame);
    expect(layerAlpha(gaps, 95, 50)).toBe(255);
    expect(layerAlpha(gaps, 98, 150)).toBe(0);
  });

  it('closes nothing when a sleeve meets the body or there is no sleeve', () => {
    const sewn = layer((x, y) => y >= 10 && x >= 60 && x < 100, [0, 0, 200]);
    expect(armGaps(body, { left: null, right: sewn }, seams, everywhere)).toBeNull();
    expect(armGaps(body, { left: null, right: null }, seams, everywhere)).toBeNull();
  });
});
