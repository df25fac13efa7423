import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import { headPose } from './head-pose.ts';
import { MESH_MIRROR } from './mesh-mirror.ts';
import { mirrorFace } from './mirror-face.ts';

const image: Raster = {
  data: Uint8Array.from({ length: 4 * 2 * 3 }, (_, i) => i),
  width: 4,
  height: 2,
  channels: 3,
};
const turned = (): Point[] =>
  Array.from({ length: 468 }, (_, i) => ({ x: 1 + (i % 3), y: i % 2 })).map((p, i) => {
    // A face turned toward the photo's right: the nose tip nearer the left cheek edge (454).
    if (i === 1) return { x: 3.2, y: 0.5 };
    if (i === 234) return { x: 0.5, y: 0.5 };
    if (i === 454) return { x: 3.5, y: 0.5 };
    if (i === 33) return { x: 1, y: 0.2 };
    if (i === 263) return { x: 3, y: 0.2 };
    return p;
  });

describe('MESH_MIRROR', () => {
  it('pairs every point with one twin, both ways, and keeps the centre line', () => {
    expect(MESH_MIRROR).toHaveLength(468);
    MESH_MIRROR.forEach((twin, i) => {
      expect(MESH_MIRROR[twin]).toBe(i);
    });
    // Right and left outer eye corners, cheek edges; the nose tip and chin are their own twins.
    expect(MESH_MIRROR[33]).toBe(263);
    expect(MESH_MIRROR[234]).toBe(454);
    expect(MESH_MIRROR[1]).toBe(1);
    expect(MESH_MIRROR[152]).toBe(152);
  });
});

describe('mirrorFace', () => {
  it('flips the pixels left to right', () => {
    const { image: flipped } = mirrorFace(image, { points: turned() });
    expect(Array.from(flipped.data.subarray(0, 12))).toEqual([9, 10, 11, 6, 7, 8, 3, 4, 5, 0, 1, 2]);
  });

  it('turns the face the other way, keeping which point is which eye', () => {
    const mesh = { points: turned() };
    const { mesh: flipped } = mirrorFace(image, mesh);
    expect(headPose(mesh.points).yaw).toBeGreaterThan(20);
    expect(headPose(flipped.points).yaw).toBeCloseTo(-headPose(mesh.points).yaw, 5);
    // The subject's right eye corner (33) is still the one on the photo's left.
    expect(flipped.points[33]?.x ?? 0).toBeLessThan(flipped.points[263]?.x ?? 0);
  });

  it('is undone by mirroring again', () => {
    const mesh = { points: turned() };
    const twice = mirrorFace(mirrorFace(image, mesh).image, mirrorFace(image, mesh).mesh);
    expect(Array.from(twice.image.data)).toEqual(Array.from(image.data));
    twice.mesh.points.forEach((p, i) => {
      expect(p.x).toBeCloseTo(mesh.points[i]?.x ?? 0, 9);
    });
  });
});
