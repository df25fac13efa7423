import { beforeAll, describe, expect, it } from 'vitest';
import { openCvForTests } from '../../../test/fixtures/garments.ts';
import type { Raster } from '../image/raster.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { noiseAt, SkinTexture, skinBands } from './skin-texture.ts';

let cv: OpenCv;
beforeAll(async () => {
  ({ cv } = await openCvForTests());
});

const W = 120;
const H = 100;
/** A grey photo with a square of "skin" (lightness 150) over x 20-79, y 20-79, `speck` added to it. */
function photoWith(
  speck: (x: number, y: number) => number,
  square = 60,
): { photo: Raster; skin: Uint8Array } {
  const data = new Uint8Array(W * H * 3).fill(90);
  const skin = new Uint8Array(W * H);
  for (let y = 20; y < 20 + square; y++) {
    for (let x = 20; x < 20 + square; x++) {
      data.fill(Math.round(150 + speck(x, y)), (y * W + x) * 3, (y * W + x) * 3 + 3);
      skin[y * W + x] = 1;
    }
  }
  return { photo: { data, width: W, height: H, channels: 3 }, skin };
}
const region = { left: 0, top: 0, width: W, height: H };
const spreadOf = (values: Float32Array): number =>
  Math.sqrt(values.reduce((sum, v) => sum + v * v, 0) / values.length);

describe('skinBands', () => {
  it('reads nothing from smooth skin and a texture from textured skin, finest band strongest for grain', () => {
    const smooth = photoWith(() => 0);
    expect(skinBands(cv, smooth.photo, region, smooth.skin)?.every((b) => b < 1e-4)).toBe(true);
    // Pixel noise of spread 3 levels: 2% of the skin's lightness, mostly in the finest band.
    const grainy = photoWith((x, y) => 3 * noiseAt(x, y));
    const bands = skinBands(cv, grainy.photo, region, grainy.skin) ?? [];
    expect(bands[0]).toBeGreaterThan(0.01);
    expect(bands[0]).toBeLessThan(0.025);
    expect(bands[0]).toBeGreaterThan(2 * (bands[2] ?? 1));
  });

  it('reads only the skin: a patch inside it, not its edge against the backdrop', () => {
    // Skin 90 levels above its backdrop: a patch crossing the edge would read a band of tens of percent.
    const { photo, skin } = photoWith(() => 0);
    expect(Math.max(...(skinBands(cv, photo, region, skin) ?? [1]))).toBeLessThan(1e-4);
  });

  it('keeps its square inside the region, where skin runs to the region’s edge', () => {
    // Skin from x 20 to the region's right edge (x 39); beyond it, outside the region, a dark backdrop.
    const { photo } = photoWith(() => 0);
    for (let y = 0; y < H; y++)
      for (let x = 40; x < W; x++) photo.data.fill(90, (y * W + x) * 3, (y * W + x) * 3 + 3);
    const inside = { left: 0, top: 0, width: 40, height: H };
    const skin = new Uint8Array(40 * H);
    for (let y = 20; y < 80; y++) skin.fill(1, y * 40 + 20, y * 40 + 40);
    const bands = skinBands(cv, photo, inside, skin);
    expect(bands).not.toBeNull();
    expect(Math.max(...(bands ?? [1]))).toBeLessThan(1e-4);
  });

  it('caps the coarser bands, where a patch that is not an arm (stubble, a neighbour) is strong', () => {
    // Blotches 6 pixels across of +-12 levels: 8% in the coarser bands, taken as 1.5%.
    const blotchy = photoWith((x, y) => ((Math.floor(x / 6) + Math.floor(y / 6)) % 2 === 0 ? 12 : -12));
    const bands = skinBands(cv, blotchy.photo, region, blotchy.skin) ?? [];
    expect(bands[1]).toBeCloseTo(0.015, 5);
    expect(bands[2]).toBeCloseTo(0.015, 5);
  });

  it('leaves out a band coarser than a quarter of a small patch, and needs a patch 12 pixels across', () => {
    const blotchy = (x: number, y: number): number =>
      (Math.floor(x / 6) + Math.floor(y / 6)) % 2 === 0 ? 12 : -12;
    // An 18-pixel square: its patch (the square in its deepest disc) is 12 across, so sigma 4 is too coarse.
    const small = photoWith(blotchy, 18);
    const bands = skinBands(cv, small.photo, region, small.skin);
    expect(bands).not.toBeNull();
    expect(bands?.[2]).toBe(0);
    expect(skinBands(cv, photoWith(blotchy, 10).photo, region, photoWith(blotchy, 10).skin)).toBeNull();
  });
});

describe('SkinTexture', () => {
  /** The texture over a box of the photo, row by row. */
  const over = (texture: SkinTexture, box: { left: number; top: number; width: number; height: number }) => {
    const values = new Float32Array(box.width * box.height);
    for (let y = 0; y < box.height; y++) {
      for (let x = 0; x < box.width; x++) values[y * box.width + x] = texture.at(box.left + x, box.top + y);
    }
    return values;
  };
  const box = { left: 30, top: 40, width: 200, height: 150 };
  const neighbourDifference = (f: Float32Array): number =>
    spreadOf(f.subarray(1).map((v, k) => v - (f[k] ?? 0)));

  it('shapes a fixed noise to the bands asked, band by band, the same every time', () => {
    expect(over(new SkinTexture(cv, [0, 0, 0]), box).every((v) => v === 0)).toBe(true);
    const fine = over(new SkinTexture(cv, [0.02, 0, 0]), box);
    expect(spreadOf(fine)).toBeGreaterThan(0.017);
    expect(spreadOf(fine)).toBeLessThan(0.023);
    expect(over(new SkinTexture(cv, [0.02, 0, 0]), box)).toEqual(fine);
    // A coarser band: the same strength, but neighbours alike (the finest band's are not).
    const coarse = over(new SkinTexture(cv, [0, 0, 0.02]), box);
    expect(spreadOf(coarse)).toBeGreaterThan(0.017);
    expect(spreadOf(coarse)).toBeLessThan(0.023);
    expect(neighbourDifference(coarse)).toBeLessThan(0.5 * neighbourDifference(fine));
  });

  it('repeats its noise only every 256 pixels, and without a seam where the copies meet', () => {
    const texture = new SkinTexture(cv, [0, 0, 0.02]);
    expect(texture.at(10, 20)).toBe(texture.at(266, 532));
    expect(texture.at(10, 20)).not.toBe(texture.at(138, 20));
    // Across the tile's edge (x 255 to 256) neighbours are as alike as anywhere else in the band.
    const across = Array.from({ length: 256 }, (_, y) => texture.at(256, y) - texture.at(255, y));
    const within = Array.from({ length: 256 }, (_, y) => texture.at(128, y) - texture.at(127, y));
    expect(spreadOf(Float32Array.from(across))).toBeLessThan(1.5 * spreadOf(Float32Array.from(within)));
  });
});

describe('noiseAt', () => {
  it('is about normal with spread 1, and its neighbours along every direction unrelated', () => {
    const n = 256;
    const at = (x: number, y: number): number => noiseAt(x + 1000, y + 2000);
    let sum = 0;
    let squares = 0;
    const products = { right: 0, down: 0, diagonal: 0, antidiagonal: 0 };
    for (let y = 1; y < n; y++) {
      for (let x = 1; x < n - 1; x++) {
        const v = at(x, y);
        sum += v;
        squares += v * v;
        products.right += v * at(x + 1, y);
        products.down += v * at(x, y - 1);
        products.diagonal += v * at(x + 1, y - 1);
        products.antidiagonal += v * at(x - 1, y - 1);
      }
    }
    const count = (n - 1) * (n - 2);
    expect(Math.abs(sum / count)).toBeLessThan(0.02);
    expect(squares / count).toBeCloseTo(1, 1);
    for (const product of Object.values(products)) expect(Math.abs(product / count)).toBeLessThan(0.02);
  });
});
