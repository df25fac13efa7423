import { describe, expect, it } from 'vitest';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import type { GarmentCanvas } from './garment-canvas.ts';
import { softShadows } from './soft-shadows.ts';

/**
 * A 100 x 100 canvas at (50, 20): the garment's body (grey 200) over columns 10-89, rows 10-79; a sleeve over
 * columns 10-29, rows 10-39, lying over the body (`over`) or, as at an armhole's seam, meeting it edge to edge.
 * The neck is at photo x 100 (canvas column 50), the shoulder span 100 px (so the shadows reach 5 px, the
 * crease 2 px).
 */
function canvas(over = true): GarmentCanvas {
  const w = 100;
  const h = 100;
  const c = emptyCanvas({ left: 50, top: 20, width: w, height: h });
  for (let y = 10; y < 80; y++) {
    for (let x = 10; x < 90; x++) {
      const i = y * w + x;
      c.alpha[i] = 1;
      c.part[i] = x < 30 && y < 40 ? 2 : 1;
      c.bodyUnder[i] = over || c.part[i] === 1 ? 1 : 0;
      c.rgb.fill(200, i * 3, i * 3 + 3);
    }
  }
  return c;
}

const red = (c: GarmentCanvas, x: number, y: number): number => c.rgb[(y * c.width + x) * 3] ?? -1;

describe('softShadows', () => {
  const c = canvas();
  const photoShade = softShadows(c, 100, 100);

  it('darkens the garment just inside the neckline, fading with depth', () => {
    expect(red(c, 50, 10)).toBeCloseTo(200 * (1 - 0.18), 3);
    expect(red(c, 50, 12)).toBeLessThan(200);
    expect(red(c, 50, 12)).toBeGreaterThan(red(c, 50, 10));
    expect(red(c, 50, 20)).toBe(200);
    // Away from the neck (more than 0.35 spans), the top edge is not a neckline.
    expect(red(c, 88, 10)).toBe(200);
  });

  it('darkens the garment’s body under and beside a sleeve, not the sleeve’s middle', () => {
    expect(red(c, 20, 41)).toBeLessThan(200 * 0.9);
    expect(red(c, 31, 30)).toBeLessThan(200 * 0.95);
    expect(red(c, 20, 60)).toBe(200);
    expect(red(c, 20, 30)).toBe(200);
    expect(red(c, 70, 60)).toBe(200);
  });

  it('creases the body and the sleeve where the sleeve lies over the body, not at a seam', () => {
    const seam = canvas(false);
    softShadows(seam, 100, 100);
    // Beside the sleeve's edge (column 29) the body is darker than the broad shadow alone makes it, by up to
    // 0.3; the sleeve's own edge by up to 0.15; two pixels away neither changes.
    expect(red(c, 30, 25) / red(seam, 30, 25)).toBeLessThan(0.8);
    expect(red(c, 30, 25) / red(seam, 30, 25)).toBeGreaterThan(0.68);
    expect(red(c, 29, 25)).toBeLessThan(200 * 0.92);
    expect(red(seam, 29, 25)).toBe(200);
    expect(red(c, 32, 25)).toBe(red(seam, 32, 25));
    expect(red(c, 27, 25)).toBe(200);
  });

  it('returns a shadow on the photo just below the hem, fading within a few pixels', () => {
    const at = (x: number, y: number): number => photoShade[y * c.width + x] ?? -1;
    expect(at(70, 80)).toBeCloseTo(1 - 0.16 * (1 - 1 / 5), 5);
    expect(at(70, 82)).toBeGreaterThan(at(70, 80));
    expect(at(70, 82)).toBeLessThan(1);
    expect(at(70, 85)).toBe(1);
    // Nothing under the garment, above it, or beside it.
    expect(at(70, 50)).toBe(1);
    expect(at(70, 5)).toBe(1);
    expect(at(95, 82)).toBe(1);
  });
});
