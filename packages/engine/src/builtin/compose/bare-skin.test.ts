import { beforeAll, describe, expect, it } from 'vitest';
import { openCvForTests } from '../../../test/fixtures/garments.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { type BareSkin, bareSkinLevels, isBareSkin } from './bare-skin.ts';

let cv: OpenCv;
beforeAll(async () => {
  ({ cv } = await openCvForTests());
});

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
  let skin: BareSkin;
  let loose: BareSkin;
  beforeAll(() => {
    [skin, loose] = bareSkinLevels(cv, W, box, level, 2);
  });

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

  it('drops patches smaller than the least area asked, at both levels, and keeps the larger ones', () => {
    // Patches: 16 x 16 = 256 px (strict, and loose), 10 x 15 = 150 px at the box's edge; an 8 x 8 check of
    // a plaid (64 px) beside them.
    const check = (i: number): number => {
      const x = i % W;
      const y = Math.floor(i / W);
      return x >= 50 && x < 58 && y >= 48 && y < 56 ? 2 : level(i);
    };
    const [strict, wide] = bareSkinLevels(cv, W, box, check, 2, 200);
    expect(isBareSkin(strict, 18, 18)).toBe(true);
    expect(isBareSkin(wide, 18, 38)).toBe(true);
    expect(isBareSkin(strict, 75, 38)).toBe(false);
    expect(isBareSkin(strict, 53, 52)).toBe(false);
    // Without a least area the check stays, as a square.
    const [kept] = bareSkinLevels(cv, W, box, check, 2);
    expect(isBareSkin(kept, 53, 52)).toBe(true);
    expect(isBareSkin(kept, 75, 38)).toBe(true);
  });

  it("keeps a patch the box's edge cuts", () => {
    expect(isBareSkin(skin, 79, 30)).toBe(true);
    expect(isBareSkin(skin, 79, 44)).toBe(true);
  });

  it('reads skin pixel by pixel with no radius, and nothing outside its box', () => {
    const [raw] = bareSkinLevels(cv, W, { left: 30, top: 0, width: 30, height: H }, level, 0);
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

  it('opens both levels as a square window would, the box edge cutting the window short', () => {
    // Mostly strict skin with gaps of either level at random, over a box of the photo; the opening worked
    // out pixel by pixel.
    const box2 = { left: 7, top: 5, width: 41, height: 33 };
    let seed = 12345;
    const random = new Uint8Array(W * H).map(() => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const d = (seed >> 8) % 100;
      return d < 94 ? 2 : d < 97 ? 1 : 0;
    });
    const r = 2;
    const [opened] = bareSkinLevels(cv, W, box2, (i) => random[i] ?? 0, r);
    const at = (grid: (x: number, y: number) => number, x: number, y: number, pick: 'min' | 'max') => {
      let v = pick === 'min' ? 2 : 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= box2.width || yy >= box2.height) continue;
          v = pick === 'min' ? Math.min(v, grid(xx, yy)) : Math.max(v, grid(xx, yy));
        }
      return v;
    };
    const raw = (x: number, y: number) => random[(box2.top + y) * W + box2.left + x] ?? 0;
    const eroded = (x: number, y: number) => at(raw, x, y, 'min');
    let differ = 0;
    let kept = 0;
    for (let y = 0; y < box2.height; y++)
      for (let x = 0; x < box2.width; x++) {
        const want = at(eroded, x, y, 'max');
        if ((opened.data[y * box2.width + x] ?? 0) !== want) differ++;
        if (want === 2) kept++;
      }
    expect(kept).toBeGreaterThan(50);
    expect(differ).toBe(0);
  });
});
