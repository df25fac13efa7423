import { describe, expect, it } from 'vitest';
import { ribbonMap } from './limb-ribbon.ts';

describe('ribbonMap', () => {
  // A sleeve laid flat: a straight band from (0,0) to (100,0), 20 px wide at the armhole, 10 at the cuff.
  const sleeve = {
    line: [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ],
    halfWidth: [20, 10],
  };
  // An arm bent at the elbow: down 60 px, then right 60 px, 10 px half width throughout.
  const arm = {
    line: [
      { x: 0, y: 0 },
      { x: 0, y: 60 },
      { x: 60, y: 60 },
    ],
    halfWidth: [10, 10, 10],
  };

  it('maps the same share of the way along and across', () => {
    const map = ribbonMap(arm, sleeve, 1);
    // Halfway along the arm is the elbow; halfway along the sleeve is x = 50, where its half width is 15.
    const q = map(0, 60);
    expect(q?.x).toBeCloseTo(50, 5);
    expect(q?.y).toBeCloseTo(0, 5);
    // Along the forearm, three quarters of the way, at the band's edge on the normal's side.
    const edge = map(30, 60 - 10);
    expect(edge?.x).toBeCloseTo(75, 5);
    expect(Math.abs(edge?.y ?? 0)).toBeCloseTo(12.5, 5);
  });

  it('mirrors across the band with flip -1', () => {
    const a = ribbonMap(arm, sleeve, 1)(5, 30);
    const b = ribbonMap(arm, sleeve, -1)(5, 30);
    expect(a?.y).toBeCloseTo(-(b?.y ?? 0), 5);
  });

  it('leaves points off the band unmapped', () => {
    const map = ribbonMap(arm, sleeve, 1);
    expect(map(40, 20)).toBeNull();
    expect(map(0, -5)).toBeNull();
    expect(map(75, 60)).toBeNull();
  });
});
