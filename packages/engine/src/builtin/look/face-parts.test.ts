import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/point.ts';
import { FACE_PARTS, MOUTH_TRIANGLES } from './face-parts.ts';
import { warpTriangles } from './warp-triangles.ts';

describe('MOUTH_TRIANGLES', () => {
  it('fills the opening between the lips, so an open mouth is carried with the rest of the face', () => {
    // An open mouth: the upper inner lip arched above y = 40, the lower below y = 60, corners at y = 50.
    const mesh: Point[] = Array.from({ length: 468 }, () => ({ x: 0, y: 0 }));
    const n = FACE_PARTS.upperInnerLip.length - 1;
    FACE_PARTS.upperInnerLip.forEach((index, k) => {
      mesh[index] = { x: 10 + (80 * k) / n, y: 50 - 15 * Math.sin((Math.PI * k) / n) };
    });
    FACE_PARTS.lowerInnerLip.forEach((index, k) => {
      mesh[index] = { x: 10 + (80 * k) / n, y: 50 + 15 * Math.sin((Math.PI * k) / n) };
    });
    const source = {
      data: new Uint8Array(100 * 100 * 3).fill(200),
      width: 100,
      height: 100,
      channels: 3 as const,
    };
    const region = { left: 0, top: 0, width: 100, height: 100 };
    const { covered } = warpTriangles(source, mesh, mesh, MOUTH_TRIANGLES, region);
    for (const [x, y] of [
      [50, 50],
      [30, 45],
      [70, 55],
      [50, 38],
      [50, 62],
    ] as const) {
      expect(covered[y * 100 + x], `${x},${y}`).toBe(1);
    }
    // Beyond the lips nothing is drawn.
    expect(covered[20 * 100 + 50]).toBe(0);
    expect(covered[80 * 100 + 50]).toBe(0);
    expect(MOUTH_TRIANGLES.length % 3).toBe(0);
  });
});
