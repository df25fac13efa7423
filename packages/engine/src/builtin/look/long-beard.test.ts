import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import { longBeard } from './long-beard.ts';

const SKIN = [200, 150, 120] as const;
/** Brown hair in one-pixel strands of five shades: coarse, as a beard is. */
const hair = (x: number, y = 0): readonly number[] => {
  const k = 0.7 + 0.15 * ((x * 2 + y) % 5);
  return [90 * k, 56 * k, 36 * k];
};
/** A neck in shade: as dark as the beard, but smooth. */
const SHADE = [85, 55, 40] as const;

/**
 * A 300 x 400 photo, a face 120 px wide: eyes' midpoint at y 100, lower lip at 170, chin at 200, skin sampled
 * on the cheeks and nose. `paint` gives a pixel's colour, or null for skin.
 */
function photo(paint: (x: number, y: number) => readonly number[] | null): { image: Raster; mesh: Point[] } {
  const mesh: Point[] = Array.from({ length: 468 }, () => ({ x: 150, y: 150 }));
  mesh[234] = { x: 90, y: 120 };
  mesh[454] = { x: 210, y: 120 };
  mesh[168] = { x: 150, y: 100 };
  mesh[205] = { x: 120, y: 140 };
  mesh[425] = { x: 180, y: 140 };
  mesh[195] = { x: 150, y: 130 };
  mesh[17] = { x: 150, y: 170 };
  mesh[152] = { x: 150, y: 200 };
  const width = 300;
  const height = 400;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint(x, y) ?? SKIN, (y * width + x) * 3);
  }
  return { image: { data, width, height, channels: 3 }, mesh };
}

/** The beard: under the mouth, as wide as the jaw, down to `bottom`. */
const beard = (bottom: number) => (x: number, y: number) =>
  y > 160 && y < bottom && Math.abs(x - 150) < 55 ? hair(x, y) : null;

describe('longBeard', () => {
  it('sees a beard that hangs down the chest', () => {
    const { image, mesh } = photo(beard(400));
    expect(longBeard(image, mesh)).toBe(true);
  });

  it('lets a beard that ends at the chin pass, with the neck below in shade or a shirt', () => {
    const shaded = photo((x, y) => beard(210)(x, y) ?? (y >= 210 ? SHADE : null));
    expect(longBeard(shaded.image, shaded.mesh)).toBe(false);
    // A coarse knit as dark as the beard, but blue.
    const knit = photo(
      (x, y) => beard(215)(x, y) ?? (y >= 215 ? (x % 2 ? [50, 60, 110] : [30, 36, 70]) : null),
    );
    expect(longBeard(knit.image, knit.mesh)).toBe(false);
    // Dark and coarse on to the collar, half the eyes-to-chin length down (a beard and its neck in deep
    // shade): no further.
    const collar = photo((x, y) => beard(250)(x, y) ?? (y >= 250 ? [235, 235, 230] : null));
    expect(longBeard(collar.image, collar.mesh)).toBe(false);
  });

  it('lets a clean-shaven face pass, whatever is below the chin', () => {
    // A coarse knit of the skin's colour from just below the chin: only the chin's own colour tells.
    const { image, mesh } = photo((x, y) =>
      y > 205 ? SKIN.map((v) => v * (0.7 + 0.15 * ((x * 2 + y) % 5))) : null,
    );
    expect(longBeard(image, mesh)).toBe(false);
  });
});
