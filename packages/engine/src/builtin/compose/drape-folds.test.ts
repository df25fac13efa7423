import { describe, expect, it } from 'vitest';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import { frontPose, silhouetteOf } from '../../../test/fixtures/synthetic-person.ts';
import { bodyFrame } from '../fit/body-frame.ts';
import { bodyParts } from '../person/body-parts.ts';
import { drapeFolds, foldsFor, hemDepth } from './drape-folds.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

// The synthetic front pose: shoulders' middle at (200, 150), a span of 120 px, hips 180 px below.
const pose = frontPose();
const frame = bodyFrame(pose, bodyParts(pose, silhouetteOf(pose)));

/** A canvas of the photo's size with the box from (x0, y0) to (x1, y1) covered by `part` in grey 160. */
function covered(x0: number, y0: number, x1: number, y1: number, part: 1 | 2 = 1): GarmentCanvas {
  const canvas = emptyCanvas({ left: 0, top: 0, width: 400, height: 600 });
  cover(canvas, x0, y0, x1, y1, part);
  return canvas;
}

function cover(canvas: GarmentCanvas, x0: number, y0: number, x1: number, y1: number, part: 1 | 2): void {
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * canvas.width + x;
      canvas.alpha[i] = 1;
      canvas.part[i] = part;
      canvas.rgb.fill(160, i * 3, i * 3 + 3);
    }
  }
}

const grey = (canvas: GarmentCanvas, x: number, y: number): number =>
  canvas.rgb[(y * canvas.width + x) * 3] ?? -1;

/** The lightest and darkest grey over the box. */
function range(canvas: GarmentCanvas, x0: number, y0: number, x1: number, y1: number): [number, number] {
  let lo = 255;
  let hi = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      lo = Math.min(lo, grey(canvas, x, y));
      hi = Math.max(hi, grey(canvas, x, y));
    }
  }
  return [lo, hi];
}

describe('drapeFolds', () => {
  it('draws folds from the armpits down the torso of a top: lighter crests and darker flanks', () => {
    const shirt = covered(140, 140, 261, 360);
    drapeFolds(shirt, frame, pose, 't-shirt');
    // Between armpit (about y 197) and waist on each side, the cloth varies by folds...
    for (const [x0, x1] of [
      [145, 195],
      [205, 255],
    ] as const) {
      const [lo, hi] = range(shirt, x0, 200, x1, 280);
      expect(hi).toBeGreaterThan(168);
      expect(lo).toBeLessThan(152);
      // ...within the shading's bounds.
      expect(lo).toBeGreaterThan(160 * 0.69);
      expect(hi).toBeLessThan(160 * 1.31);
    }
    // The middle of the chest under the neckline has no fold; nothing outside the garment is touched.
    expect(grey(shirt, 200, 150)).toBe(160);
    expect(grey(shirt, 100, 250)).toBe(0);
    // A top's outline stays as it was.
    expect(shirt.alpha.reduce((n, a) => n + a, 0)).toBe(121 * 220);
  });

  it('is the same for the same body and garment', () => {
    const a = covered(140, 140, 261, 360);
    const b = covered(140, 140, 261, 360);
    drapeFolds(a, frame, pose, 'hoodie');
    drapeFolds(b, frame, pose, 'hoodie');
    let differ = 0;
    let folded = 0;
    for (let k = 0; k < a.rgb.length; k++) {
      if (a.rgb[k] !== b.rgb[k]) differ++;
      if (a.rgb[k] !== 160 && a.rgb[k] !== 0) folded++;
    }
    expect(differ).toBe(0);
    expect(folded).toBeGreaterThan(1000);
  });

  it('folds a sleeve from the armpit, and a long sleeve across the elbow too', () => {
    // A sleeve over the person's left arm (the picture's right), shoulder to wrist.
    const long = covered(150, 150, 251, 330);
    cover(long, 262, 150, 300, 345, 2);
    drapeFolds(long, frame, pose, 'long-sleeve');
    const [lo, hi] = range(long, 262, 225, 300, 275);
    expect(hi - lo).toBeGreaterThan(15);
    // A T-shirt's sleeve: the fold from the armpit on the upper arm (from a fifth to half-way to the elbow at
    // y 250), none round the elbow or down the forearm.
    const short = covered(150, 150, 251, 330);
    cover(short, 262, 150, 300, 345, 2);
    drapeFolds(short, frame, pose, 't-shirt');
    const [top, high] = range(short, 262, 160, 300, 215);
    expect(high - top).toBeGreaterThan(15);
    expect(range(short, 262, 235, 300, 345)).toEqual([160, 160]);
    // No sleeve folds without sleeves.
    const tank = covered(150, 150, 251, 330);
    cover(tank, 262, 150, 300, 345, 2);
    drapeFolds(tank, frame, pose, 'tank');
    expect(range(tank, 262, 150, 300, 345)).toEqual([160, 160]);
  });

  it('bends a print across a fold: a stripe edge moves', () => {
    const striped = covered(140, 140, 261, 360);
    // Horizontal stripes, 12 px each.
    for (let y = 140; y < 360; y++) {
      for (let x = 140; x < 261; x++)
        striped.rgb.fill(Math.floor(y / 12) % 2 ? 60 : 220, (y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
    }
    const before = new Float32Array(striped.rgb);
    drapeFolds(striped, frame, pose, 'long-sleeve');
    // Where a stripe edge meets the folds, some pixels take the other stripe's colour (a shade alone moves
    // a grey by 30% at most: 60 never reaches 150, nor 220 falls to 100).
    let crossed = 0;
    for (let i = 0; i < 400 * 600; i++) {
      const was = before[i * 3] ?? 0;
      const now = striped.rgb[i * 3] ?? 0;
      if ((was === 60 && now > 150) || (was === 220 && now < 100)) crossed++;
    }
    expect(crossed).toBeGreaterThan(20);
  });

  it('flares a skirt from the waist and waves its hem: it rises between the folds, never drops', () => {
    const skirt = covered(150, 320, 251, 500);
    const before = new Float32Array(skirt.alpha);
    drapeFolds(skirt, frame, pose, 'skirt');
    expect(before.filter((a, i) => (skirt.alpha[i] ?? 0) > a).length).toBe(0);
    // The bottom row: covered under the flares' crests, bare between them.
    const bottom = Array.from({ length: 101 }, (_, k) => skirt.alpha[499 * 400 + 150 + k] ?? 0);
    expect(bottom.filter((a) => a > 0.9).length).toBeGreaterThan(5);
    expect(bottom.filter((a) => a < 0.1).length).toBeGreaterThan(5);
    // Well above the hem, the outline is the same.
    expect(skirt.alpha.subarray(400 * 400 + 150, 400 * 400 + 251).every((a) => a === 1)).toBe(true);
    // The flare folds shade the skirt's lower part.
    const [lo, hi] = range(skirt, 155, 430, 245, 470);
    expect(hi - lo).toBeGreaterThan(20);
  });

  it('keeps a dress bodice on the torso and its flares below the waist', () => {
    const dress = covered(140, 140, 261, 560);
    const hem = hemDepth(dress, frame);
    expect(hem).toBeCloseTo(408, -1);
    const folds = foldsFor(frame, pose, 'dress', hem);
    for (const f of folds) {
      // Nothing above the shoulders' line (the neckline and the face stay as they are)...
      expect(frame.depthOf(f.a)).toBeGreaterThan(0);
      // ...and nothing past the hem.
      expect(frame.depthOf(f.b)).toBeLessThanOrEqual((hem ?? 0) + 1);
    }
    expect(folds.filter((f) => f.grow && frame.depthOf(f.a) > 150).length).toBe(5);
  });

  it('creases trousers at the knees', () => {
    const legs = covered(150, 320, 251, 570, 2);
    drapeFolds(legs, frame, pose, 'trousers');
    const [lo, hi] = range(legs, 220, 430, 250, 470);
    expect(hi - lo).toBeGreaterThan(15);
  });
});
