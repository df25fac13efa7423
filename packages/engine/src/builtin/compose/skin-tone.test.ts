import { describe, expect, it } from 'vitest';
import { frontPose, mapPose, SKIN, solidRgb } from '../../../test/fixtures/synthetic-person.ts';
import type { Raster } from '../image/raster.ts';
import { looksLikeBodySkin, looksLikeSkin, skinHueLikeness, skinLikeness, skinTone } from './skin-tone.ts';

const CLOTH = [40, 60, 160] as const;

/** A blue photo with the face (a disc round the nose) in skin, with a little noise, and dark hair above the eyes. */
function portrait(skin: readonly [number, number, number] = SKIN): Raster {
  const photo = solidRgb(400, 600, CLOTH);
  for (let y = 40; y < 130; y++) {
    for (let x = 155; x < 245; x++) {
      if ((x - 200) ** 2 + (y - 86) ** 2 > 42 ** 2) continue;
      const i = (y * 400 + x) * 3;
      const n = ((x * 7 + y * 13) % 11) - 5;
      photo.data.set(y < 62 ? [50, 35, 25] : [skin[0] + n, skin[1] + n, skin[2] + n], i);
    }
  }
  return photo;
}

describe('skinTone', () => {
  const photo = portrait();

  it("reads the cheeks' colour", () => {
    const tone = skinTone(photo, frontPose());
    expect(tone).not.toBeNull();
    expect(tone?.r).toBeCloseTo(SKIN[0], -1);
    expect(tone?.g).toBeCloseTo(SKIN[1], -1);
    expect(tone?.b).toBeCloseTo(SKIN[2], -1);
    expect(tone?.spread).toBeGreaterThanOrEqual(4);
  });

  it('ignores a few dark or bright stray pixels on the cheeks (the middle half by brightness)', () => {
    const spotted = portrait();
    // A mole or stray hair: 4 dark and 4 bright pixels on each cheek.
    for (const cx of [210, 190]) {
      for (let k = 0; k < 4; k++) {
        spotted.data.set([20, 10, 10], (84 * 400 + cx - 2 + k) * 3);
        spotted.data.set([255, 255, 255], (88 * 400 + cx - 2 + k) * 3);
      }
    }
    const tone = skinTone(spotted, frontPose());
    expect(Math.abs((tone?.r ?? 0) - SKIN[0])).toBeLessThan(4);
    expect(Math.abs((tone?.b ?? 0) - SKIN[2])).toBeLessThan(4);
  });

  it('reads the skin, not a bright hat over the forehead, on a face darker than the hat', () => {
    const dark = [112, 80, 64] as const;
    const hatted = portrait();
    for (let y = 40; y < 130; y++) {
      for (let x = 155; x < 245; x++) {
        if ((x - 200) ** 2 + (y - 86) ** 2 > 42 ** 2) continue;
        // Skin darker (in shade), and a yellow hat from the brows up, over the forehead's patch.
        hatted.data.set(y < 64 ? [250, 205, 40] : dark, (y * 400 + x) * 3);
      }
    }
    const tone = skinTone(hatted, frontPose());
    expect(Math.abs((tone?.r ?? 0) - dark[0])).toBeLessThan(6);
    expect(Math.abs((tone?.b ?? 0) - dark[2])).toBeLessThan(6);
  });

  it('gives nothing when the face is too small to sample', () => {
    const far = mapPose(frontPose(), (q) => ({ x: 200 + (q.x - 200) * 0.2, y: q.y * 0.2 }));
    expect(skinTone(photo, far)).toBeNull();
  });
});

describe('skinLikeness', () => {
  const tone = skinTone(portrait(), frontPose());
  if (!tone) throw new Error('no skin tone');

  it('separates skin from blue cloth', () => {
    expect(skinLikeness(tone, ...SKIN)).toBeGreaterThan(0.9);
    expect(skinLikeness(tone, ...CLOTH)).toBeLessThan(0.05);
    // A grey shirt and dark brown hair are not skin either.
    expect(skinLikeness(tone, 128, 128, 128)).toBeLessThan(0.2);
  });

  it('ignores brightness: the same chroma lighter or darker is as much skin', () => {
    const lighter = skinLikeness(tone, SKIN[0] + 25, SKIN[1] + 25, SKIN[2] + 25);
    const darker = skinLikeness(tone, SKIN[0] - 60, SKIN[1] - 60, SKIN[2] - 60);
    expect(lighter).toBeCloseTo(skinLikeness(tone, ...SKIN), 5);
    expect(darker).toBeCloseTo(skinLikeness(tone, ...SKIN), 5);
  });

  it('by hue: the same skin in shade (every channel halved) is skin, blue cloth and grey are not', () => {
    const shaded = [SKIN[0] / 2, SKIN[1] / 2, SKIN[2] / 2] as const;
    expect(skinHueLikeness(tone, ...shaded)).toBeGreaterThan(0.9);
    // By chroma alone the shaded skin reads as much less like skin.
    expect(skinLikeness(tone, ...shaded)).toBeLessThan(0.3);
    expect(skinHueLikeness(tone, ...CLOTH)).toBeLessThan(0.05);
    expect(skinHueLikeness(tone, 100, 100, 100)).toBeLessThan(0.05);
  });

  it('trusts no chroma in nearly black pixels', () => {
    // Luma 24 with a chroma near skin's (it would score ~0.6 if trusted).
    expect(skinLikeness(tone, 60, 10, 0)).toBeGreaterThan(0.1);
    expect(skinLikeness(tone, 60, 10, 0)).toBeLessThanOrEqual(0.3);
    // Just lighter, the same hue counts fully.
    expect(skinLikeness(tone, 66, 16, 6)).toBeGreaterThan(0.5);
  });
});

describe('looksLikeSkin', () => {
  it("takes cloth of the skin's colour in far brighter light for cloth: a washed-out pink shirt by a dusky face", () => {
    const dusky = [115, 78, 82] as const;
    const tone = skinTone(portrait(dusky), frontPose());
    if (!tone) throw new Error('no skin tone');
    const photo = solidRgb(3, 1, CLOTH);
    // The face's colour in brighter light, and a sunlit pink of the same colour at 2.4 times its lightness.
    photo.data.set([150, 102, 107, 240, 200, 205], 0);
    expect(skinLikeness(tone, 240, 200, 205)).toBeGreaterThan(0.3);
    expect(looksLikeSkin(tone, photo, 0)).toBe(true);
    expect(looksLikeSkin(tone, photo, 1)).toBe(false);
    expect(looksLikeSkin(tone, photo, 2)).toBe(false);
  });
});

describe('looksLikeBodySkin', () => {
  const tone = skinTone(portrait(), frontPose());

  it("takes an arm redder than the face for skin, where the face's own test does not", () => {
    if (!tone) throw new Error('no skin tone');
    // An arm 15 chroma levels redder than the cheeks (party-6d's against her flash-lit face), the face's
    // colour itself, and the arm in shade (every channel at 60%).
    const photo = solidRgb(3, 1, CLOTH);
    photo.data.set([235, 150, 140, ...SKIN, 141, 90, 84], 0);
    expect(looksLikeSkin(tone, photo, 0)).toBe(false);
    for (const i of [0, 1, 2]) expect(looksLikeBodySkin(tone, photo, i), `pixel ${i}`).toBe(true);
  });

  it('leaves cloth out: a dark red collar (a lit skin chroma at a cloth brightness), blue, grey, a sunlit pink', () => {
    if (!tone) throw new Error('no skin tone');
    const photo = solidRgb(4, 1, CLOTH);
    photo.data.set([93, 11, 5, ...CLOTH, 128, 128, 128], 0);
    expect(skinLikeness(tone, 93, 11, 5)).toBeGreaterThan(0.05);
    for (const i of [0, 1, 2]) expect(looksLikeBodySkin(tone, photo, i), `pixel ${i}`).toBe(false);
    const dusky = skinTone(portrait([115, 78, 82]), frontPose());
    if (!dusky) throw new Error('no skin tone');
    photo.data.set([240, 200, 205], 9);
    expect(looksLikeBodySkin(dusky, photo, 3)).toBe(false);
  });
});
