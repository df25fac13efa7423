import { describe, expect, it } from 'vitest';
import { solidRgb } from '../../../test/fixtures/synthetic-person.ts';
import { skinSeam } from './skin-seam.ts';

/**
 * A 60 x 100 photo: an arm down its middle (columns 20-39). Its upper half (rows 0-49) is painted (a limb
 * whose paint is a flat 150); below, its own bare forearm (rows 50-99) is real skin of 110. A second limb's
 * paint (columns 0-9, rows 0-29) meets no real skin.
 */
function scene() {
  const photo = solidRgb(60, 100, [110, 80, 60]);
  const region = { left: 0, top: 0, width: 60, height: 100 };
  const paint = new Float32Array(60 * 100 * 3);
  const painted = new Float32Array(60 * 100);
  const painter = new Uint8Array(60 * 100);
  const real = new Uint8Array(60 * 100);
  for (let y = 0; y < 100; y++) {
    for (let x = 0; x < 60; x++) {
      const k = y * 60 + x;
      if (x >= 20 && x < 40 && y < 50) {
        painted[k] = 1;
        painter[k] = 0;
        paint.set([150, 110, 90], k * 3);
      } else if (x >= 20 && x < 40) real[k] = 1;
      else if (x < 10 && y < 30) {
        painted[k] = 1;
        painter[k] = 1;
        paint.set([150, 110, 90], k * 3);
      }
    }
  }
  const limbs = [
    { left: 15, top: 0, width: 30, height: 100 },
    { left: 0, top: 0, width: 12, height: 40 },
  ];
  return { photo, region, paint, painted, painter, real, limbs };
}

describe('skinSeam', () => {
  it("takes a limb's paint towards the real skin it meets, with no step at the seam", () => {
    const { photo, region, paint, painted, painter, real, limbs } = scene();
    const correction = skinSeam(photo, region, paint, painted, painter, limbs, real, 100);
    expect(correction).not.toBeNull();
    const at = (x: number, y: number, c = 0): number =>
      (paint[(y * 60 + x) * 3 + c] ?? 0) + (correction?.[(y * 60 + x) * 3 + c] ?? 0);
    // Just above the seam the paint is the forearm's tone (110), not its own 150.
    expect(Math.abs(at(30, 48) - 110)).toBeLessThan(8);
    expect(Math.abs(at(30, 48, 2) - 60)).toBeLessThan(8);
    // Smooth up the arm: no step between neighbouring rows anywhere in the paint.
    for (let y = 1; y < 50; y++) expect(Math.abs(at(30, y) - at(30, y - 1))).toBeLessThan(4);
  });

  it("leaves a limb whose paint meets no real skin as painted, whatever another limb's seam says", () => {
    const { photo, region, paint, painted, painter, real, limbs } = scene();
    const correction = skinSeam(photo, region, paint, painted, painter, limbs, real, 100);
    expect(correction?.[(10 * 60 + 5) * 3]).toBe(0);
    // No real skin anywhere: nothing to correct.
    expect(skinSeam(photo, region, paint, painted, painter, limbs, new Uint8Array(60 * 100), 100)).toBeNull();
  });

  it('moves the paint by at most 40 levels: a neighbour far from its tone was not skin', () => {
    const { photo, region, paint, painted, painter, real, limbs } = scene();
    photo.data.fill(0);
    const correction = skinSeam(photo, region, paint, painted, painter, limbs, real, 100);
    expect(Math.min(...(correction ?? []))).toBeGreaterThanOrEqual(-40);
    expect(correction?.[(48 * 60 + 30) * 3]).toBeCloseTo(-40, 5);
  });
});
