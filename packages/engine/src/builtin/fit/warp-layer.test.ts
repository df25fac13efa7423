import { describe, expect, it } from 'vitest';
import type { Raster } from '../image/raster.ts';
import { emptyLayer, type Layer, mergeLayers, warpInto } from './warp-layer.ts';

/** A 40 x 40 RGBA garment: part 1 red on the left half, part 2 blue on the right, a transparent 8 px band at the bottom. */
function garment(): { image: Raster; parts: Uint8Array } {
  const w = 40;
  const h = 40;
  const data = new Uint8Array(w * h * 4);
  const parts = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const left = x < 20;
      data.set(left ? [220, 20, 20] : [20, 20, 220], i * 4);
      data[i * 4 + 3] = y < 32 ? 255 : 0;
      parts[i] = left ? 1 : 2;
    }
  }
  return { image: { data, width: w, height: h, channels: 4 }, parts };
}

const alphaAt = (layer: Layer, x: number, y: number): number =>
  layer.rgba[((y - layer.top) * layer.width + (x - layer.left)) * 4 + 3] ?? -1;
const rgbAt = (layer: Layer, x: number, y: number): number[] => {
  const o = ((y - layer.top) * layer.width + (x - layer.left)) * 4;
  return [layer.rgba[o] ?? -1, layer.rgba[o + 1] ?? -1, layer.rgba[o + 2] ?? -1];
};

describe('warpInto', () => {
  const g = garment();

  it('starts from an empty, fully transparent layer over its box', () => {
    const layer = emptyLayer({ left: 5, top: 6, width: 7, height: 8 });
    expect(layer.rgba.length).toBe(7 * 8 * 4);
    expect(layer.rgba.every((v) => v === 0)).toBe(true);
  });

  it('samples only the requested part, leaving alpha 0 elsewhere', () => {
    const layer = emptyLayer({ left: 100, top: 200, width: 40, height: 40 });
    warpInto(layer, g.image, g.parts, 1, (x, y) => ({ x: x - 100, y: y - 200 }));
    expect(alphaAt(layer, 110, 210)).toBe(255);
    expect(rgbAt(layer, 110, 210)).toEqual([220, 20, 20]);
    expect(alphaAt(layer, 130, 210)).toBe(0);
    // Transparent garment pixels stay transparent.
    expect(alphaAt(layer, 110, 236)).toBe(0);
    for (let i = 0; i < 40 * 40; i++) {
      // Nothing blue: the other part never bleeds in, not even at the seam.
      if ((layer.rgba[i * 4 + 3] ?? 0) > 0) expect(layer.rgba[i * 4 + 2]).toBe(20);
    }
    const other = emptyLayer({ left: 100, top: 200, width: 40, height: 40 });
    warpInto(other, g.image, g.parts, 2, (x, y) => ({ x: x - 100, y: y - 200 }));
    expect(alphaAt(other, 110, 210)).toBe(0);
    expect(rgbAt(other, 130, 210)).toEqual([20, 20, 220]);
  });

  it('leaves alpha 0 where the map lands off the garment or has no point', () => {
    const layer = emptyLayer({ left: 0, top: 0, width: 40, height: 40 });
    warpInto(layer, g.image, g.parts, 1, (x, y) => (x < 10 ? null : { x: x - 30, y }), 4);
    // x - 30 < -1: off the garment.
    expect(alphaAt(layer, 15, 10)).toBe(0);
    // Unmapped pixels.
    expect(alphaAt(layer, 5, 10)).toBe(0);
    expect(alphaAt(layer, 9, 10)).toBe(0);
    // Mapped onto the red part: x 30..39 -> garment x 0..9.
    expect(alphaAt(layer, 35, 10)).toBe(255);
  });

  it('gives the same picture on a coarse grid as pixel by pixel for a smooth map', () => {
    const map = (x: number, y: number) => ({ x: x * 0.5 + 3, y: y * 0.5 + 2 });
    const fine = emptyLayer({ left: 0, top: 0, width: 50, height: 50 });
    const coarse = emptyLayer({ left: 0, top: 0, width: 50, height: 50 });
    warpInto(fine, g.image, g.parts, 1, map, 1);
    warpInto(coarse, g.image, g.parts, 1, map, 4);
    let worst = 0;
    for (let i = 0; i < fine.rgba.length; i++)
      worst = Math.max(worst, Math.abs((fine.rgba[i] ?? 0) - (coarse.rgba[i] ?? 0)));
    expect(worst).toBeLessThanOrEqual(1);
    // The scaled-up red part: garment x < 20 is layer x < 34.
    expect(alphaAt(coarse, 30, 20)).toBe(255);
    expect(alphaAt(coarse, 40, 20)).toBe(0);
  });

  it('samples between pixels bilinearly: a soft edge at the garment’s border', () => {
    const layer = emptyLayer({ left: 0, top: 0, width: 1, height: 1 });
    // Half a pixel past the red part's top-left corner: a quarter of the bilinear footprint is on the garment.
    warpInto(layer, g.image, g.parts, 1, () => ({ x: -0.5, y: -0.5 }));
    expect(layer.rgba[3]).toBeGreaterThan(50);
    expect(layer.rgba[3]).toBeLessThan(80);
    expect(layer.rgba[0]).toBe(220);
  });

  it('reads the colour where the wrap says and the coverage where the map says', () => {
    // The red part with a green column at garment x 10: a wrap reading 4 px to the right moves it left.
    const striped = garment();
    for (let y = 0; y < 40; y++) striped.image.data.set([20, 200, 20], (y * 40 + 10) * 4);
    const plain = emptyLayer({ left: 0, top: 0, width: 40, height: 40 });
    const wrapped = emptyLayer({ left: 0, top: 0, width: 40, height: 40 });
    const map = (x: number, y: number) => ({ x, y });
    warpInto(plain, striped.image, striped.parts, 1, map, 4);
    warpInto(wrapped, striped.image, striped.parts, 1, map, 4, (q) => ({ x: q.x + 4, y: q.y }));
    expect(rgbAt(plain, 10, 5)).toEqual([20, 200, 20]);
    expect(rgbAt(wrapped, 6, 5)).toEqual([20, 200, 20]);
    expect(rgbAt(wrapped, 10, 5)).toEqual([220, 20, 20]);
    // The coverage is the map's: the part's edge at x 20 and the transparent band stay where they were.
    for (let i = 0; i < 40 * 40; i++) expect(wrapped.rgba[i * 4 + 3]).toBe(plain.rgba[i * 4 + 3]);
    // Where the wrap reads off the part (past its edge at x 19), the colour is read where the map says.
    expect(rgbAt(wrapped, 18, 5)).toEqual([220, 20, 20]);
  });
});

describe('mergeLayers', () => {
  it('holds both layers over the box round them, the second over the first, and nothing else', () => {
    const a: Layer = { ...emptyLayer({ left: 0, top: 0, width: 4, height: 2 }) };
    const b: Layer = { ...emptyLayer({ left: 10, top: 5, width: 2, height: 2 }) };
    a.rgba.set([200, 0, 0, 255], (1 * 4 + 3) * 4);
    b.rgba.set([0, 0, 200, 255], 0);
    const merged = mergeLayers(a, b);
    expect(merged).toMatchObject({ left: 0, top: 0, width: 12, height: 7 });
    expect(rgbAt(merged as Layer, 3, 1)).toEqual([200, 0, 0]);
    expect(rgbAt(merged as Layer, 10, 5)).toEqual([0, 0, 200]);
    expect(alphaAt(merged as Layer, 5, 3)).toBe(0);
    // Either alone when the other is missing.
    expect(mergeLayers(a, null)).toBe(a);
    expect(mergeLayers(null, b)).toBe(b);
    expect(mergeLayers(null, null)).toBeNull();
  });
});
