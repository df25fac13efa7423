import { describe, expect, it } from 'vitest';
import type { FittedGarment } from '../fit/fitted-garment.ts';
import { emptyLayer, type Layer } from '../fit/warp-layer.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import { emptyMask, type Mask } from '../person/mask.ts';
import { type GarmentCanvas, garmentCanvas } from './garment-canvas.ts';

const W = 100;
const H = 100;

/** Torso everywhere, with bands of other parts: head (rows 0-9), left forearm (rows 40-49), left hand (rows 50-59). */
function labels(): BodyParts {
  const map = new Uint8Array(W * H).fill(Part.torso);
  const band = (label: number, y0: number, y1: number): void => {
    map.fill(label, y0 * W, y1 * W);
  };
  band(Part.head, 0, 10);
  band(Part.leftForearm, 40, 50);
  band(Part.leftHand, 50, 60);
  band(Part.leftUpperArm, 60, 70);
  return { labels: map, width: W, height: H };
}

/** A layer over a box, filled with one colour and alpha. */
function layer(
  box: { left: number; top: number; width: number; height: number },
  rgb: [number, number, number],
  alpha = 255,
): Layer {
  const l = emptyLayer(box);
  for (let i = 0; i < box.width * box.height; i++) l.rgba.set([...rgb, alpha], i * 4);
  return l;
}

const RED: [number, number, number] = [200, 0, 0];
const GREEN: [number, number, number] = [0, 200, 0];

const sample = (c: GarmentCanvas, x: number, y: number): { a: number; rgb: number[]; part: number } => {
  const i = (y - c.top) * c.width + (x - c.left);
  return {
    a: c.alpha[i] ?? -1,
    rgb: [c.rgb[i * 3] ?? -1, c.rgb[i * 3 + 1] ?? -1, c.rgb[i * 3 + 2] ?? -1],
    part: c.part[i] ?? -1,
  };
};

describe('garmentCanvas', () => {
  const parts = labels();
  const noHair = emptyMask(W, H);
  /** Every forearm and hand pixel is the arm itself (armsInFront). */
  const arms = new Uint8Array(W * H).fill(1);
  // The body over columns 10-89 (all rows); the left sleeve over columns 60-79, rows 30-79.
  const fit: FittedGarment = {
    body: layer({ left: 10, top: 0, width: 80, height: 100 }, RED),
    limbs: { left: layer({ left: 60, top: 30, width: 20, height: 50 }, GREEN), right: null },
  };
  const canvas = garmentCanvas(fit, parts, noHair, arms);

  it('spans all its layers', () => {
    expect({ left: canvas.left, top: canvas.top, width: canvas.width, height: canvas.height }).toEqual({
      left: 10,
      top: 0,
      width: 80,
      height: 100,
    });
  });

  it('draws the body over the torso and the sleeve over the body', () => {
    expect(sample(canvas, 30, 20)).toEqual({ a: 1, rgb: RED, part: 1 });
    expect(sample(canvas, 70, 35)).toEqual({ a: 1, rgb: GREEN, part: 2 });
    expect(sample(canvas, 70, 65)).toEqual({ a: 1, rgb: GREEN, part: 2 });
  });

  it('marks where the body lies under a sleeve, not where the sleeve reaches past it', () => {
    // The body over columns 10-59, a sleeve over columns 50-79: over the body for ten columns, then beside it.
    const overlapping = garmentCanvas(
      {
        body: layer({ left: 10, top: 0, width: 50, height: 100 }, RED),
        limbs: { left: layer({ left: 50, top: 10, width: 30, height: 20 }, GREEN), right: null },
      },
      parts,
      noHair,
      arms,
    );
    const under = (x: number, y: number): number =>
      overlapping.bodyUnder[(y - overlapping.top) * overlapping.width + (x - overlapping.left)] ?? -1;
    expect(sample(overlapping, 55, 20).part).toBe(2);
    expect(under(55, 20)).toBe(1);
    expect(under(70, 20)).toBe(0);
    // The body's own pixels are marked too; a sleeve is only what is drawn over them.
    expect(under(30, 20)).toBe(1);
  });

  it('cuts forearms, hands and the head out of the garment’s body', () => {
    expect(sample(canvas, 30, 5).a).toBe(0);
    expect(sample(canvas, 30, 45).a).toBe(0);
    expect(sample(canvas, 30, 55).a).toBe(0);
    // The upper arm is under the body where its sleeve covers it.
    expect(sample(canvas, 30, 65).a).toBe(1);
  });

  it('keeps the body of a long-sleeved garment over a forearm in front of it: the forearm is in its own sleeve', () => {
    // Where the sleeve, laid along the pose's bone, misses the forearm's pixels, a hole in the body showed
    // the old sleeve or the clean-up's bare skin in the middle of a long-sleeved top.
    const long = garmentCanvas({ ...fit, longSleeves: true }, parts, noHair, arms);
    expect(sample(long, 30, 45)).toEqual({ a: 1, rgb: RED, part: 1 });
    // The hand is still in front, and the head.
    expect(sample(long, 30, 55).a).toBe(0);
    expect(sample(long, 30, 5).a).toBe(0);
  });

  it("cuts the head's whole disc out, past the jaw the labels follow (a collar beside it is not garment)", () => {
    // The disc (radius 15 round (50, 15)) reaches row 30 below the head's band; its straight cut below the
    // chin at row 25.
    const headDisc = {
      centre: { x: 50, y: 15 },
      r2: 15 * 15,
      mouth: { x: 50, y: 10 },
      down: { x: 0, y: 1 },
      chinReach: 15,
      shouldersY: 40,
    };
    const c = garmentCanvas(fit, { ...parts, headDisc }, noHair, arms);
    expect(sample(c, 55, 20).a).toBe(0);
    expect(sample(c, 55, 27)).toEqual({ a: 1, rgb: RED, part: 1 });
    expect(sample(c, 30, 20)).toEqual({ a: 1, rgb: RED, part: 1 });
    expect(sample(canvas, 55, 20).a).toBe(1);
  });

  it('covers what the part map gives a forearm or hand beside the arm itself (the old clothes behind it)', () => {
    // Only columns 25-34 of the forearm and hand bands are the arm.
    const narrow = new Uint8Array(W * H);
    for (let y = 40; y < 60; y++) narrow.fill(1, y * W + 25, y * W + 35);
    const c = garmentCanvas(fit, parts, noHair, narrow);
    expect(sample(c, 30, 45).a).toBe(0);
    expect(sample(c, 30, 55).a).toBe(0);
    expect(sample(c, 45, 45)).toEqual({ a: 1, rgb: RED, part: 1 });
    expect(sample(c, 45, 55)).toEqual({ a: 1, rgb: RED, part: 1 });
  });

  it('cuts an upper arm out of the body of a garment without a sleeve on that side, as far as it is the arm', () => {
    // A tank: no sleeves. Columns 25-34 of the upper arm's band are the arm, the rest the old clothes beside it.
    const tank: FittedGarment = { body: fit.body, limbs: { left: null, right: null } };
    const narrow = new Uint8Array(W * H);
    for (let y = 60; y < 70; y++) narrow.fill(1, y * W + 25, y * W + 35);
    const c = garmentCanvas(tank, parts, noHair, narrow);
    expect(sample(c, 30, 65).a).toBe(0);
    expect(sample(c, 45, 65)).toEqual({ a: 1, rgb: RED, part: 1 });
    // The right arm's sleeve says nothing of the left arm: still cut.
    const oneSleeve: FittedGarment = { body: fit.body, limbs: { left: null, right: fit.limbs.left } };
    expect(sample(garmentCanvas(oneSleeve, parts, noHair, narrow), 30, 65).a).toBe(0);
  });

  it('cuts only hands and the head out of a sleeve: a sleeve is over its own forearm', () => {
    expect(sample(canvas, 70, 45)).toEqual({ a: 1, rgb: GREEN, part: 2 });
    expect(sample(canvas, 70, 55).a).toBe(0);
    const high: FittedGarment = {
      body: layer({ left: 10, top: 20, width: 10, height: 10 }, RED),
      limbs: { left: null, right: layer({ left: 60, top: 0, width: 10, height: 20 }, GREEN) },
    };
    const c = garmentCanvas(high, parts, noHair, arms);
    expect(sample(c, 65, 5).a).toBe(0);
    expect(sample(c, 65, 15).a).toBe(1);
  });

  it('lets hair through softly in front of everything', () => {
    const hair: Mask = emptyMask(W, H);
    hair.data.fill(100, 20 * W, 21 * W);
    hair.data.fill(255, 21 * W, 22 * W);
    hair.data.fill(255, 35 * W, 36 * W);
    const c = garmentCanvas(fit, parts, hair, arms);
    expect(sample(c, 30, 20).a).toBeCloseTo(1 - 100 / 255, 5);
    expect(sample(c, 30, 20).part).toBe(1);
    expect(sample(c, 30, 21).a).toBe(0);
    // Over the sleeve, full hair takes out both the sleeve and the body under it.
    expect(sample(c, 70, 35).a).toBe(0);
  });

  it('blends a half-transparent sleeve over the body and gives the pixel to the sleeve', () => {
    const soft: FittedGarment = {
      body: layer({ left: 10, top: 0, width: 80, height: 100 }, RED),
      limbs: { left: layer({ left: 60, top: 30, width: 20, height: 10 }, GREEN, 153), right: null },
    };
    const px = sample(garmentCanvas(soft, parts, noHair, arms), 70, 35);
    expect(px.a).toBeCloseTo(1, 5);
    expect(px.rgb[0]).toBeCloseTo(80, 3);
    expect(px.rgb[1]).toBeCloseTo(120, 3);
    expect(px.part).toBe(2);
    // A faint sleeve (alpha < 0.5) leaves the pixel to the body.
    const faint: FittedGarment = {
      ...soft,
      limbs: { left: layer({ left: 60, top: 30, width: 20, height: 10 }, GREEN, 100), right: null },
    };
    expect(sample(garmentCanvas(faint, parts, noHair, arms), 70, 35).part).toBe(1);
  });

  describe('a small hole between its layers that nothing in front made', () => {
    // The body over the torso rows 70-99 with a 3 x 3 notch at (40-42, 80-82) no layer covers (as between a
    // bent arm's sleeve and the body), and a wide one at (12-41, 85-98) that is no notch.
    const notched = layer({ left: 10, top: 70, width: 80, height: 30 }, RED);
    for (const [x0, y0, w, h] of [
      [40, 80, 3, 3],
      [12, 85, 30, 14],
    ] as const) {
      for (let y = y0; y < y0 + h; y++) {
        for (let x = x0; x < x0 + w; x++) notched.rgba[((y - 70) * 80 + x - 10) * 4 + 3] = 0;
      }
    }
    const torsoOnly: BodyParts = { labels: new Uint8Array(W * H).fill(Part.torso), width: W, height: H };
    const c = garmentCanvas({ body: notched, limbs: { left: null, right: null } }, torsoOnly, noHair, arms);

    it('is closed in the colour round it', () => {
      expect(sample(c, 41, 81)).toEqual({ a: 1, rgb: RED, part: 1 });
    });

    it('stays open where it is large, or open to the outside', () => {
      expect(sample(c, 20, 90).a).toBe(0);
      // The same notch on the body's edge (columns 10-12) opens onto the outside: left as it is.
      const edge = layer({ left: 10, top: 70, width: 80, height: 30 }, RED);
      for (let y = 80; y < 83; y++)
        for (let x = 10; x < 13; x++) edge.rgba[((y - 70) * 80 + x - 10) * 4 + 3] = 0;
      const open = garmentCanvas({ body: edge, limbs: { left: null, right: null } }, torsoOnly, noHair, arms);
      expect(sample(open, 11, 81).a).toBe(0);
    });

    it('stays open where something in front cut it (a hand, hair)', () => {
      // A hand of 3 x 3 pixels in the middle of the body: cut, not closed.
      const withHand: BodyParts = { ...torsoOnly, labels: Uint8Array.from(torsoOnly.labels) };
      for (let y = 90; y < 93; y++) withHand.labels.fill(Part.leftHand, y * W + 60, y * W + 63);
      const bodyOnly: FittedGarment = { body: fit.body, limbs: { left: null, right: null } };
      const handCut = garmentCanvas(bodyOnly, withHand, noHair, arms);
      expect(sample(handCut, 61, 91).a).toBe(0);
      const hair: Mask = emptyMask(W, H);
      for (let y = 90; y < 93; y++) hair.data.fill(255, y * W + 60, y * W + 63);
      const hairCut = garmentCanvas(bodyOnly, torsoOnly, hair, arms);
      expect(sample(hairCut, 61, 91).a).toBe(0);
    });
  });

  it('stays empty where no layer covers the canvas', () => {
    const gap: FittedGarment = {
      body: layer({ left: 10, top: 20, width: 10, height: 10 }, RED),
      limbs: { left: layer({ left: 60, top: 70, width: 10, height: 10 }, GREEN), right: null },
    };
    const c = garmentCanvas(gap, parts, noHair, arms);
    expect(sample(c, 40, 50)).toEqual({ a: 0, rgb: [0, 0, 0], part: 0 });
  });
});
