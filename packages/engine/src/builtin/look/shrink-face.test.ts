import { describe, expect, it } from 'vitest';
import { shrinkFace } from './shrink-face.ts';

const image = {
  data: new Uint8Array(400 * 300 * 3).fill(128),
  width: 400,
  height: 300,
  channels: 3 as const,
};
const mesh = {
  points: [
    { x: 100, y: 50 },
    { x: 300, y: 250 },
  ],
};

describe('shrinkFace', () => {
  it('scales a face much larger than where it lands, points and all', async () => {
    const out = await shrinkFace(image, mesh, 200, 100);
    expect(out.image.width).toBe(200);
    expect(out.image.height).toBe(150);
    expect(out.mesh.points).toEqual([
      { x: 50, y: 25 },
      { x: 150, y: 125 },
    ]);
  });

  it('leaves a face about the right size or smaller as it is', async () => {
    expect((await shrinkFace(image, mesh, 200, 190)).image).toBe(image);
    expect((await shrinkFace(image, mesh, 100, 300)).image).toBe(image);
  });
});
