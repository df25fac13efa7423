import { beforeAll, describe, expect, it } from 'vitest';
import { loadModels } from '../worker/load-models.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { matchColour } from './match-colour.ts';

const width = 120;
const height = 120;
const region = { left: 0, top: 0, width, height };
let cv: OpenCv;

beforeAll(async () => {
  ({ cv } = await loadModels());
}, 60_000);

/**
 * Lab images: the shopper's skin pale and evenly lit, with a dark "eye" at the centre; the model's skin
 * darker and warmer, lit from the left (lightness falls 30 across the face).
 */
function faces(): { shopper: Float32Array; model: Float32Array; skin: Uint8Array } {
  const shopper = new Float32Array(width * height * 3);
  const model = new Float32Array(width * height * 3);
  const skin = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const eye = Math.hypot(x - 60, y - 60) < 8;
      const grain = ((x * 7 + y * 13) % 5) - 2;
      shopper.set(eye ? [25, 2, 2] : [78 + grain, 8, 14], i * 3);
      model.set([70 - (30 * x) / width + grain, 16, 26], i * 3);
      skin[i] = eye ? 0 : 1;
    }
  }
  return { shopper, model, skin };
}

const meanOver = (lab: Float32Array, c: number, pick: (x: number, y: number) => boolean): number => {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!pick(x, y)) continue;
      sum += lab[(y * width + x) * 3 + c] ?? 0;
      n++;
    }
  }
  return sum / n;
};

describe('matchColour', () => {
  it("takes on the model's skin tone over skin", () => {
    const { shopper, model, skin } = faces();
    matchColour(
      cv,
      shopper,
      model,
      { skin, shopperSkin: skin, shade: { shopper: skin, model: skin } },
      region,
      100,
    );
    const onSkin = (x: number, y: number): boolean => skin[y * width + x] === 1;
    for (const c of [0, 1, 2])
      expect(meanOver(shopper, c, onSkin)).toBeCloseTo(meanOver(model, c, onSkin), 0);
  });

  it("carries the model's light across the face: darker on the right, as on the model", () => {
    const { shopper, model, skin } = faces();
    matchColour(
      cv,
      shopper,
      model,
      { skin, shopperSkin: skin, shade: { shopper: skin, model: skin } },
      region,
      100,
    );
    const left = meanOver(shopper, 0, (x) => x > 10 && x < 30);
    const right = meanOver(shopper, 0, (x) => x > 90 && x < 110);
    expect(left - right).toBeGreaterThan(12);
  });

  it("keeps the shopper's features and detail", () => {
    const { shopper, model, skin } = faces();
    matchColour(
      cv,
      shopper,
      model,
      { skin, shopperSkin: skin, shade: { shopper: skin, model: skin } },
      region,
      100,
    );
    const eye = shopper[(60 * width + 60) * 3] ?? 0;
    const cheek = shopper[(60 * width + 40) * 3] ?? 0;
    expect(cheek - eye).toBeGreaterThan(25);
    // The skin grain (a 5-step ramp of 4) is still there.
    const a = shopper[(30 * width + 30) * 3] ?? 0;
    const b = shopper[(30 * width + 32) * 3] ?? 0;
    expect(Math.abs(a - b)).toBeGreaterThan(2);
  });

  it("takes the model's tone deep inside the face too, not only at its edge", () => {
    const { shopper, model, skin } = faces();
    const before = meanOver(shopper, 2, () => true);
    matchColour(
      cv,
      shopper,
      model,
      { skin, shopperSkin: skin, shade: { shopper: skin, model: skin } },
      region,
      100,
    );
    const after = meanOver(shopper, 2, (x, y) => skin[y * width + x] === 1);
    const target = meanOver(model, 2, (x, y) => skin[y * width + x] === 1);
    // Yellow-blue (b): 14 on the shopper, 26 on the model.
    expect(before).toBeLessThan(15);
    expect(Math.abs(after - target)).toBeLessThan(1.5);
  });
});
