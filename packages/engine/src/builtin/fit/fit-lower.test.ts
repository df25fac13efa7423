import { describe, expect, it } from 'vitest';
import {
  frontPose,
  PHOTO,
  silhouetteOf,
  TROUSER_LEFT_LEG,
  TROUSER_RIGHT_LEG,
  TROUSER_SEAT,
  trousers,
} from '../../../test/fixtures/synthetic-person.ts';
import type { GarmentAnalysis } from '../garment/garment.ts';
import { bodyParts } from '../person/body-parts.ts';
import { bodyFrame } from './body-frame.ts';
import { fitLower } from './fit-lower.ts';
import { type Layer, layerAlpha } from './warp-layer.ts';

/** Photo-space bounds and colours of a layer's opaque (alpha > 128) pixels. */
function opaque(layer: Layer | null): {
  top: number;
  bottom: number;
  left: number;
  right: number;
  colours: Set<string>;
} {
  const out = {
    top: Infinity,
    bottom: -Infinity,
    left: Infinity,
    right: -Infinity,
    colours: new Set<string>(),
  };
  if (!layer) return out;
  for (let y = 0; y < layer.height; y++) {
    for (let x = 0; x < layer.width; x++) {
      const o = (y * layer.width + x) * 4;
      if ((layer.rgba[o + 3] ?? 0) <= 128) continue;
      out.top = Math.min(out.top, layer.top + y);
      out.bottom = Math.max(out.bottom, layer.top + y);
      out.left = Math.min(out.left, layer.left + x);
      out.right = Math.max(out.right, layer.left + x);
      out.colours.add(`${layer.rgba[o]},${layer.rgba[o + 1]},${layer.rgba[o + 2]}`);
    }
  }
  return out;
}

function fit(garment: GarmentAnalysis) {
  const pose = frontPose();
  const parts = bodyParts(pose, silhouetteOf(pose));
  const frame = bodyFrame(pose, parts);
  return { frame, fitted: fitLower(garment, pose, frame, PHOTO) };
}

/** Whether any of the fitted layers covers the pixel. */
const covered = (layers: (Layer | null)[], x: number, y: number): boolean =>
  layers.some((l) => layerAlpha(l, x, y) > 128);

describe('fitLower', () => {
  const { frame, fitted } = fit(trousers());
  const layers = [fitted?.body ?? null, fitted?.limbs.left ?? null, fitted?.limbs.right ?? null];

  it('covers the hips and both thighs', () => {
    expect(fitted).not.toBeNull();
    for (const [x, y] of [
      [200, 320],
      [180, 335],
      [220, 335],
      [238, 400],
      [162, 400],
      [232, 380],
      [168, 380],
      [238, 440],
      [162, 440],
    ] as const) {
      expect(covered(layers, x, y), `(${x}, ${y})`).toBe(true);
    }
  });

  it('never covers the chest: the waistband sits just above the hip joints', () => {
    const top = Math.min(...layers.map((l) => opaque(l).top));
    const waist = frame.neck.y + frame.torsoLength * 0.8;
    expect(top).toBeGreaterThanOrEqual(Math.floor(waist) - 3);
    expect(covered(layers, 200, 200)).toBe(false);
    expect(covered(layers, 200, 250)).toBe(false);
  });

  it('puts each leg on its own side, below the seat, in its own part’s colour', () => {
    const seat = opaque(fitted?.body ?? null);
    const left = opaque(fitted?.limbs.left ?? null);
    const right = opaque(fitted?.limbs.right ?? null);
    expect([...seat.colours]).toEqual([TROUSER_SEAT.join(',')]);
    expect([...left.colours]).toEqual([TROUSER_LEFT_LEG.join(',')]);
    expect([...right.colours]).toEqual([TROUSER_RIGHT_LEG.join(',')]);
    // The person's left leg is on the picture's right.
    expect(left.left).toBeGreaterThanOrEqual(195);
    expect(right.right).toBeLessThanOrEqual(205);
    expect(layerAlpha(fitted?.limbs.left ?? null, 238, 420)).toBe(255);
    expect(layerAlpha(fitted?.limbs.right ?? null, 162, 420)).toBe(255);
    // The legs run down from the seat towards the ankles.
    expect(left.top).toBeGreaterThan(seat.top);
    expect(left.bottom).toBeGreaterThan(450);
    expect(right.bottom).toBeGreaterThan(450);
  });

  it('leaves the gap between the legs bare below the crotch', () => {
    expect(covered(layers, 200, 470)).toBe(false);
  });

  it('is not fitted without a waist', () => {
    const t = trousers();
    const { waist: _waist, ...noWaist } = t.landmarks;
    expect(fit({ ...t, landmarks: noWaist }).fitted).toBeNull();
  });

  it('fits a skirt (no crotch, no legs) as one piece down to its hem', () => {
    const t = trousers();
    const parts = new Uint8Array(t.parts.length).fill(0);
    for (let i = 0; i < parts.length; i++) parts[i] = (t.image.data[i * 4 + 3] ?? 0) > 0 ? 1 : 0;
    const { crotch: _c, legs: _l, ...skirt } = t.landmarks;
    const result = fit({ ...t, kind: 'skirt', parts, landmarks: skirt }).fitted;
    expect(result?.limbs).toEqual({ left: null, right: null });
    expect(layerAlpha(result?.body ?? null, 200, 330)).toBe(255);
    expect(layerAlpha(result?.body ?? null, 238, 400)).toBe(255);
    expect(layerAlpha(result?.body ?? null, 200, 200)).toBe(0);
  });
});
