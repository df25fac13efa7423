import { beforeAll, describe, expect, it } from 'vitest';
import { openCvForTests } from '../../../test/fixtures/garments.ts';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { shadeEdges } from './edge-shading.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

let cv: OpenCv;
beforeAll(async () => {
  ({ cv } = await openCvForTests());
});

/** A 200 x 200 canvas with an opaque grey square from 40 to 160 on both axes. */
function square(): GarmentCanvas {
  const size = 200;
  const canvas = emptyCanvas({ left: 0, top: 0, width: size, height: size });
  for (let y = 40; y < 160; y++) {
    for (let x = 40; x < 160; x++) {
      const i = y * size + x;
      canvas.alpha[i] = 1;
      canvas.part[i] = 1;
      canvas.rgb.fill(200, i * 3, i * 3 + 3);
    }
  }
  return canvas;
}

describe('shadeEdges', () => {
  it('shades each row as the front of a cylinder: darker towards its sides, the middle nearly untouched', () => {
    const canvas = square();
    shadeEdges(cv, canvas, 200);
    const at = (x: number, y: number): number => canvas.rgb[(y * 200 + x) * 3] ?? -1;
    expect(at(100, 100)).toBeGreaterThan(198);
    // A quarter of the way in from the side: about 4% darker; at the side about a quarter.
    expect(at(70, 100)).toBeGreaterThan(188);
    expect(at(70, 100)).toBeLessThan(196);
    expect(at(41, 100)).toBeLessThan(170);
    expect(at(41, 100)).toBeGreaterThan(140);
    expect(at(45, 100)).toBeGreaterThan(at(41, 100));
    // Symmetric.
    expect(Math.abs(at(158, 100) - at(41, 100))).toBeLessThan(3);
    // Outside the garment nothing is touched.
    expect(at(20, 100)).toBe(0);
  });

  it('leaves the top and bottom edges (a neckline, a hem) as light as the rows between', () => {
    const canvas = square();
    shadeEdges(cv, canvas, 200);
    const at = (x: number, y: number): number => canvas.rgb[(y * 200 + x) * 3] ?? -1;
    expect(Math.abs(at(100, 40) - at(100, 100))).toBeLessThan(2);
    expect(Math.abs(at(100, 159) - at(100, 100))).toBeLessThan(2);
  });
});
