import { describe, expect, it } from 'vitest';
import { garmentFrame, unit } from './garment-frame.ts';
import { landingBox } from './landing-box.ts';

describe('garmentFrame', () => {
  // Laid front up: the garment's left (as worn) on the image's right.
  const shoulder = { left: { x: 235, y: 52 }, right: { x: 65, y: 52 } };
  const hem = { left: { x: 228, y: 295 }, right: { x: 72, y: 295 } };

  it('measures depth down the middle line from the top line and offset towards the garment’s left', () => {
    const g = garmentFrame(shoulder, hem);
    expect(g.top).toEqual({ x: 150, y: 52 });
    expect(g.depth({ x: 150, y: 152 })).toBeCloseTo(100);
    expect(g.depth({ x: 10, y: 52 })).toBeCloseTo(0);
    expect(g.offset({ x: 200, y: 100 })).toBeCloseTo(50);
    expect(g.offset({ x: 100, y: 100 })).toBeCloseTo(-50);
    expect(g.halfWidth(shoulder)).toBeCloseTo(85);
    expect(g.halfWidth(hem)).toBeCloseTo(78);
  });

  it('keeps its sides as worn when the garment is laid back up (left on the image’s left)', () => {
    const mirrored = (q: { x: number; y: number }) => ({ x: 300 - q.x, y: q.y });
    const g = garmentFrame(
      { left: mirrored(shoulder.left), right: mirrored(shoulder.right) },
      { left: mirrored(hem.left), right: mirrored(hem.right) },
    );
    expect(g.offset({ x: 100, y: 100 })).toBeCloseTo(50);
    expect(g.halfWidth({ left: mirrored(shoulder.left), right: mirrored(shoulder.right) })).toBeCloseTo(85);
  });

  it('follows a garment photographed at a slant', () => {
    // Rotated 90 degrees: the hem is to the right of the top line.
    const g = garmentFrame(
      { left: { x: 0, y: 100 }, right: { x: 0, y: 0 } },
      { left: { x: 200, y: 100 }, right: { x: 200, y: 0 } },
    );
    expect(g.depth({ x: 80, y: 50 })).toBeCloseTo(80);
    expect(g.offset({ x: 0, y: 90 })).toBeCloseTo(40);
  });

  it('makes unit vectors, and a zero vector stays finite', () => {
    expect(unit({ x: 3, y: 4 })).toEqual({ x: 0.6, y: 0.8 });
    expect(unit({ x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
  });
});

describe('landingBox', () => {
  it('bounds the points, padded', () => {
    const box = landingBox(
      [
        { x: 100.5, y: 50 },
        { x: 140, y: 80.2 },
      ],
      10,
      { width: 400, height: 600 },
    );
    expect(box).toEqual({ left: 90, top: 40, width: 60, height: 51 });
  });

  it('clips to the photo and is never empty', () => {
    const box = landingBox(
      [
        { x: -50, y: -20 },
        { x: 450, y: 700 },
      ],
      5,
      { width: 400, height: 600 },
    );
    expect(box).toEqual({ left: 0, top: 0, width: 400, height: 600 });
    const off = landingBox([{ x: 500, y: 700 }], 2, { width: 400, height: 600 });
    expect(off.width).toBeGreaterThanOrEqual(1);
    expect(off.height).toBeGreaterThanOrEqual(1);
  });
});
