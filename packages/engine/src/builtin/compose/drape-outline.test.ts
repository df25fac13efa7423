import { beforeAll, describe, expect, it } from 'vitest';
import { openCvForTests } from '../../../test/fixtures/garments.ts';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import type { BodyFrame } from '../fit/body-frame.ts';
import type { Mask } from '../person/mask.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { drapeOutline } from './drape-outline.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

let cv: OpenCv;
beforeAll(async () => {
  ({ cv } = await openCvForTests());
});

const SIZE = 300;
/** An upright body: shoulder joints 200 px apart at y 50, hips at y 250. */
const frame: BodyFrame = {
  neck: { x: 150, y: 50 },
  span: 200,
  down: { x: 0, y: 1 },
  across: { x: 1, y: 0 },
  torsoLength: 200,
  at: (depth, offset) => ({ x: 150 + offset, y: 50 + depth }),
  depthOf: (q) => q.y - 50,
  offsetOf: (q) => q.x - 150,
  edges: () => null,
  top: () => null,
  isBody: () => true,
  reach: () => 0,
};

/** A garment canvas over the whole photo: opaque from x 40 to 260, y 40 to 290. */
function garment(): GarmentCanvas {
  const canvas = emptyCanvas({ left: 0, top: 0, width: SIZE, height: SIZE });
  canvas.rgb.fill(128);
  for (let y = 40; y < 290; y++) {
    for (let x = 40; x < 260; x++) {
      canvas.alpha[y * SIZE + x] = 1;
      canvas.part[y * SIZE + x] = 1;
    }
  }
  return canvas;
}

/** A person silhouette: the columns from `from` to `to`, every row. */
function person(from: number, to: number): Mask {
  const data = new Uint8Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) data.fill(255, y * SIZE + from, y * SIZE + to);
  return { data, width: SIZE, height: SIZE };
}

const alpha = (c: GarmentCanvas, x: number, y: number): number => c.alpha[y * SIZE + x] ?? -1;

describe('drapeOutline', () => {
  it('cuts the garment where it stands beyond the body by more than the ease, down to the hips', () => {
    const canvas = garment();
    // The body from x 60 to 240: the garment reaches 20 px past each side (ease 10 px, gone at 20 px).
    const taken = drapeOutline(cv, canvas, person(60, 240), frame, frame.torsoLength);
    expect(taken).toBeGreaterThan(0.02);
    expect(taken).toBeLessThan(0.2);
    // Inside the body and within the ease: untouched.
    expect(alpha(canvas, 150, 150)).toBe(1);
    expect(alpha(canvas, 52, 150)).toBe(1);
    // Cut half-way between ease and gone (15 px out), with an edge of a pixel or two, not a fade over the band.
    expect(alpha(canvas, 47, 150)).toBe(1);
    expect(alpha(canvas, 43, 150)).toBe(0);
    expect(alpha(canvas, 40, 150)).toBe(0);
    expect(canvas.part[150 * SIZE + 40]).toBe(0);
    expect(alpha(canvas, 259, 150)).toBeLessThan(0.05);
    // Below the hips (y 250) cloth hangs as cut: a skirt beside the legs stays.
    expect(alpha(canvas, 40, 270)).toBe(1);
  });

  it('lets cloth stand off the shoulders far less than the sides: it lies on them', () => {
    const canvas = garment();
    // The body from x 40 to 260, its top at y 48: the garment's top edge (y 40) floats 8 px above it,
    // within the sides' ease (10 px) but past the shoulders' (3 px, gone at 7 px).
    const silhouette = person(40, 260);
    silhouette.data.fill(0, 0, 48 * SIZE);
    drapeOutline(cv, canvas, silhouette, frame, frame.torsoLength);
    expect(alpha(canvas, 150, 40)).toBeLessThan(0.05);
    expect(alpha(canvas, 150, 46)).toBeGreaterThan(0.9);
    expect(alpha(canvas, 150, 48)).toBe(1);
    // The same 8 px past the body at the side, well below the shoulders, stays.
    const sides = garment();
    drapeOutline(cv, sides, person(48, 252), frame, frame.torsoLength);
    expect(alpha(sides, 40, 150)).toBe(1);
  });

  it("cuts what stands above the shoulder line from the neckline's corner to the seam, whatever the old clothes", () => {
    /** Opaque over the whole canvas, a sleeve (part 2) out past x 25 on the picture's left. */
    const tall = (): GarmentCanvas => {
      const c = garment();
      c.alpha.fill(1);
      c.part.fill(1);
      for (let y = 0; y < SIZE; y++) c.part.fill(2, y * SIZE, y * SIZE + 25);
      return c;
    };
    // The neckline's corners 30 px either side of the axis, 40 px above the joints (y 10); the seams 100 px
    // out, 10 px above them (y 40).
    const shoulders = {
      left: { neck: { x: 180, y: 10 }, seam: { x: 250, y: 40 } },
      right: { neck: { x: 120, y: 10 }, seam: { x: 50, y: 40 } },
    };
    // A padded old top: the silhouette stands square over the whole canvas, so it cuts nothing.
    const square = person(0, SIZE);
    const canvas = tall();
    const taken = drapeOutline(cv, canvas, square, frame, frame.torsoLength, shoulders);
    expect(taken).toBeGreaterThan(0);
    // 60 px out the line is 27 px above the joints (y 23), with the cloth 33 (y 17).
    expect(alpha(canvas, 210, 12)).toBe(0);
    expect(alpha(canvas, 90, 12)).toBe(0);
    expect(alpha(canvas, 210, 22)).toBe(1);
    // Within the neckline's corners it is left to the fit.
    expect(alpha(canvas, 150, 5)).toBe(1);
    // Past the seam the body goes no higher than the seam and the cloth (y 34)...
    expect(alpha(canvas, 270, 25)).toBe(0);
    expect(alpha(canvas, 270, 40)).toBe(1);
    // ...and a sleeve only on a hanging arm: a raised arm's rises with it.
    expect(alpha(canvas, 10, 25)).toBe(1);
    const hanging = tall();
    drapeOutline(cv, hanging, square, frame, frame.torsoLength, shoulders, { left: false, right: true });
    expect(alpha(hanging, 10, 25)).toBe(0);
    // Without the line (a lower garment) nothing is cut over a square silhouette.
    const none = tall();
    expect(drapeOutline(cv, none, square, frame, frame.torsoLength)).toBe(0);
  });

  it('keeps the outline when the silhouette would take too much of it (a body the segmentation lost)', () => {
    const canvas = garment();
    const taken = drapeOutline(cv, canvas, person(120, 180), frame, frame.torsoLength);
    expect(taken).toBe(0);
    expect(alpha(canvas, 40, 150)).toBe(1);
  });

  it('never cuts at the photo edge, where the body may go on beyond the frame', () => {
    const canvas = garment();
    // The garment reaches the photo's left edge; the body seen in the photo starts at x 60.
    for (let y = 40; y < 290; y++) canvas.alpha.fill(1, y * SIZE, y * SIZE + 40);
    drapeOutline(cv, canvas, person(60, 240), frame, frame.torsoLength);
    expect(alpha(canvas, 2, 150)).toBe(1);
    // Far from both the edge and the body: gone.
    expect(alpha(canvas, 30, 150)).toBeLessThan(0.05);
  });
});
