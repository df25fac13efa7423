import { beforeAll, describe, expect, it } from 'vitest';
import { openCvForTests } from '../../../test/fixtures/garments.ts';
import { solidRgb } from '../../../test/fixtures/synthetic-person.ts';
import { Part } from '../person/body-parts.ts';
import { emptyMask } from '../person/mask.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { type BareSkin, isBareSkin } from './bare-skin.ts';
import { chestSkin } from './chest-skin.ts';

let cv: OpenCv;
beforeAll(async () => {
  ({ cv } = await openCvForTests());
});

const W = 100;
const H = 100;
/** The neck's skin, as the body's skin test reads it. */
const NECK: [number, number, number] = [215, 168, 120];
/** The chest below it: a little yellower and darker, which the face's test (and the body's) may fail. */
const CHEST: [number, number, number] = [185, 140, 85];
const GREY_TOP: [number, number, number] = [120, 124, 130];
/** Of the skin's hue but half as light: a brown collar. */
const BROWN: [number, number, number] = [100, 75, 50];
const ORANGE: [number, number, number] = [220, 120, 40];

/**
 * Neck x 40-60, y 10-30; torso below, x 20-80: the chest (y 30-60), an orange patch and a brown one on it
 * (x 22-32 and 68-78, y 40-50), the old grey top from y 60 with a 1 px thread of the chest's colour.
 */
function scene() {
  const photo = solidRgb(W, H, [30, 90, 200]);
  const labels = new Uint8Array(W * H);
  const set = (x0: number, y0: number, x1: number, y1: number, label: number | null, rgb: number[]) => {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        if (label !== null) labels[y * W + x] = label;
        photo.data.set(rgb, (y * W + x) * 3);
      }
    }
  };
  set(40, 10, 60, 30, Part.neck, NECK);
  set(20, 30, 80, 60, Part.torso, CHEST);
  set(22, 40, 32, 50, null, ORANGE);
  set(68, 40, 78, 50, null, BROWN);
  set(20, 60, 80, H, Part.torso, GREY_TOP);
  set(20, 75, 80, 76, null, CHEST);
  // The body's test took the neck only.
  const data = new Uint8Array(W * H);
  for (let y = 10; y < 30; y++) data.fill(1, y * W + 40, y * W + 60);
  const bodySkin: BareSkin = { left: 0, top: 0, width: W, height: H, data, level: 1 };
  return { photo, parts: { labels, width: W, height: H }, bodySkin };
}

const box = { left: 0, top: 0, width: W, height: H };

describe('chestSkin', () => {
  it("takes the bare chest by the neck's own tone, where the body's test did not", () => {
    const { photo, parts, bodySkin } = scene();
    const skin = chestSkin(cv, photo, { parts, hair: emptyMask(W, H), bodySkin, old: null }, box, 2);
    if (!skin) throw new Error('no chest tone');
    expect(isBareSkin(skin, 50, 20)).toBe(true);
    expect(isBareSkin(skin, 50, 45)).toBe(true);
    expect(isBareSkin(skin, 40, 35)).toBe(true);
  });

  it('leaves what is not skin: another hue, the skin hue at half its light, a thread, the old top, hair', () => {
    const { photo, parts, bodySkin } = scene();
    const hair = emptyMask(W, H);
    for (let y = 30; y < 60; y++) hair.data.fill(255, y * W + 50, y * W + 60);
    const skin = chestSkin(cv, photo, { parts, hair, bodySkin, old: null }, box, 2);
    if (!skin) throw new Error('no chest tone');
    expect(isBareSkin(skin, 27, 45)).toBe(false);
    expect(isBareSkin(skin, 73, 45)).toBe(false);
    expect(isBareSkin(skin, 50, 75)).toBe(false);
    expect(isBareSkin(skin, 50, 80)).toBe(false);
    expect(isBareSkin(skin, 55, 45)).toBe(false);
    // Nor the backdrop, which no part of the body holds.
    expect(isBareSkin(skin, 5, 5)).toBe(false);
  });

  it("is not skin where it is the old top's colour, and unknown without enough skin to read a tone", () => {
    const { photo, parts, bodySkin } = scene();
    const hair = emptyMask(W, H);
    // An old top of a tan near the chest's colour, not the neck's.
    const old = { r: 170, g: 125, b: 70 };
    const skin = chestSkin(cv, photo, { parts, hair, bodySkin, old }, box, 2);
    expect(skin && isBareSkin(skin, 50, 45)).toBe(false);
    expect(skin && isBareSkin(skin, 50, 20)).toBe(true);
    const few = { ...bodySkin, data: new Uint8Array(W * H) };
    for (let y = 10; y < 14; y++) few.data.fill(1, y * W + 40, y * W + 60);
    expect(chestSkin(cv, photo, { parts, hair, bodySkin: few, old: null }, box, 2)).toBeNull();
  });
});
