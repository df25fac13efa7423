import { describe, expect, it } from 'vitest';
import { layerOf } from '../../../test/fixtures/layers.ts';
import { shoulderJoins } from './shoulder-joins.ts';
import { type Layer, layerAlpha } from './warp-layer.ts';

/** A layer over x 0-199, y 0-199. */
const layer = (covers: (x: number, y: number) => boolean, colour: [number, number, number]): Layer =>
  layerOf(200, 200, covers, colour);

describe('shoulderJoins', () => {
  // The body up to x 100; a sleeve turned away from it: its inner edge 4 px out at the seam (100, 0),
  // 24 px out 200 px down. The other seam 300 px away: notches up to about 21 px are closed within 90 px.
  const body = layer((x) => x < 100, [200, 0, 0]);
  const sleeve = layer((x, y) => x >= 104 + 0.1 * y && x < 160, [0, 0, 200]);
  const joins = shoulderJoins(
    [body, sleeve],
    [
      { x: 100, y: 0 },
      { x: -200, y: 0 },
    ],
  );

  it('closes the notch between a sleeve and the body at the seam, in the garment’s colours', () => {
    expect(joins).not.toBeNull();
    expect(layerAlpha(joins, 101, 10)).toBe(255);
    expect(layerAlpha(joins, 102, 60)).toBe(255);
    const o = ((10 - (joins?.top ?? 0)) * (joins?.width ?? 0) + 101 - (joins?.left ?? 0)) * 4;
    const [r, g, b] = [joins?.rgba[o] ?? 0, joins?.rgba[o + 1] ?? 0, joins?.rgba[o + 2] ?? 0];
    expect(g).toBe(0);
    expect(r + b).toBeGreaterThan(150);
  });

  it('leaves the gap further down (between a hanging arm and the torso) and the garment itself alone', () => {
    expect(layerAlpha(joins, 108, 150)).toBe(0);
    expect(layerAlpha(joins, 50, 50)).toBe(0);
    expect(layerAlpha(joins, 130, 20)).toBe(0);
    // A sleeve that meets the body leaves nothing to close; a sleeveless garment has no sleeve to join.
    const sewn = layer((x) => x >= 100 && x < 160, [0, 0, 200]);
    expect(
      shoulderJoins(
        [body, sewn],
        [
          { x: 100, y: 0 },
          { x: -200, y: 0 },
        ],
      ),
    ).toBeNull();
    expect(
      shoulderJoins(
        [body, null, null],
        [
          { x: 100, y: 0 },
          { x: -200, y: 0 },
        ],
      ),
    ).toBeNull();
  });
});
