import { describe, expect, it } from 'vitest';
import { distanceToSegment, insidePolygon } from './polygon.ts';

describe('polygon geometry', () => {
  it('measures the distance to a segment, to its ends beyond them', () => {
    const a = { x: 0, y: 0 };
    const b = { x: 10, y: 0 };
    expect(distanceToSegment({ x: 5, y: 3 }, a, b)).toBeCloseTo(3);
    expect(distanceToSegment({ x: 13, y: 4 }, a, b)).toBeCloseTo(5);
    expect(distanceToSegment({ x: 3, y: 4 }, a, a)).toBeCloseTo(5);
  });

  it('tells inside from outside a concave polygon', () => {
    const l = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 4 },
      { x: 4, y: 4 },
      { x: 4, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(insidePolygon({ x: 2, y: 8 }, l)).toBe(true);
    expect(insidePolygon({ x: 8, y: 2 }, l)).toBe(true);
    expect(insidePolygon({ x: 8, y: 8 }, l)).toBe(false);
  });
});
