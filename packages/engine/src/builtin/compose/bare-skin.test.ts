import { describe, expect, it } from 'vitest';
import { bareSkinLevels, isBareSkin } from './bare-skin.ts';

const W = 80;
const H = 60;

describe('bareSkinLevels', () => {
  // Skin-coloured: a 16 x 16 patch (an arm), a 2 px line (a plaid's thread), two specks, and a patch cut by
  // the box's edge.
  const skinColoured = new Set<number>();
  const fill = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) skinColoured.add(y * W + x);
  };
  fill(10, 10, 26, 26);
  fill(40, 5, 42, 55);
  fill(55, 20, 56, 21);
  fill(60, 40, 62, 42);
  fill(70, 30, 80, 45);
  const box = { left: 0, top: 0, width: W, height: H };
  /** A second 16 x 16 patch of skin by the looser test only. */
  const looser = new Set<number>();
  for (let y = 30; y < 46; y++) for (let x = 10; x < 26; x++) looser.add(y * W + x);
  const level = (i: number): number => (skinColoured.has(i) ? 2 : looser.has(i) ? 1 : 0);
  const [skin, loose] = bareSkinLevels(W, box, level, 2);

  it('keeps a patch of skin colour whole, to its corners', () => {
    for (const [x, y] of [
      [10, 10],
      [25, 25],
      [18, 18],
      [10, 25],
    ] as const)
      expect(isBareSkin(skin, x, y), `(${x}, ${y})`).toBe(true);
    expect(isBareSkin(skin, 9, 18)).toBe(false);
    expect(isBareSkin(skin, 26, 18)).toBe(false);
  });

  it('drops threads and specks of skin colour narrower than the patch', () => {
    expect(isBareSkin(skin, 40, 30)).toBe(false);
    expect(isBareSkin(skin, 41, 30)).toBe(false);
    expect(isBareSkin(skin, 55, 20)).toBe(false);
    expect(isBareSkin(skin, 61, 41)).toBe(false);
  });

  it("keeps a patch the box's edge cuts", () => {
    expect(isBareSkin(skin, 79, 30)).toBe(true);
    expect(isBareSkin(skin, 79, 44)).toBe(true);
  });

  it('reads skin pixel by pixel with no radius, and nothing outside its box', () => {
    const [raw] = bareSkinLevels(W, { left: 30, top: 0, width: 30, height: H }, level, 0);
    expect(isBareSkin(raw, 40, 30)).toBe(true);
    expect(isBareSkin(raw, 18, 18)).toBe(false);
  });

  it("reads the looser level's patches as well as the stricter's, and no thread of either", () => {
    expect(isBareSkin(skin, 18, 38)).toBe(false);
    for (const [x, y] of [
      [18, 38],
      [18, 18],
      [79, 30],
    ] as const)
      expect(isBareSkin(loose, x, y), `(${x}, ${y})`).toBe(true);
    expect(isBareSkin(loose, 40, 30)).toBe(false);
  });
});
