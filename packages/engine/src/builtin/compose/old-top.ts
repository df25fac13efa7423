import type { Raster } from '../image/raster.ts';
import { median } from '../image/statistics.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import type { Box, Mask } from '../person/mask.ts';
import { type BareSkin, isBareSkin } from './bare-skin.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

/** A colour (0-255 a channel). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A pixel within this RGB distance of the old top's median colour is the old top. */
const OLD_TOP_LIKENESS = 60;
/** The old top's colour is read from at least this many pixels (a share of the span squared, sampled 1 in 4). */
const MIN_SAMPLE = 0.01;

/** Whether two colours are as near as a pixel of the old top is to its median. */
export function near(a: Rgb, b: Rgb): boolean {
  return closeBy(a.r - b.r, a.g - b.g, a.b - b.b);
}

const closeBy = (dr: number, dg: number, db: number): boolean =>
  dr * dr + dg * dg + db * db <= OLD_TOP_LIKENESS * OLD_TOP_LIKENESS;

/** The median of each channel of the sampled pixels. */
const medianRgb = (r: number[], g: number[], b: number[]): Rgb => ({
  r: median(r) ?? 0,
  g: median(g) ?? 0,
  b: median(b) ?? 0,
});

/**
 * The median colour of the hair seen (`hair`, over 96) within `box`, every other row and column; null when
 * under 50 such pixels.
 */
export function seenHairColour(photo: Raster, hair: Mask, box: Box): Rgb | null {
  const r: number[] = [];
  const g: number[] = [];
  const b: number[] = [];
  for (let y = Math.max(0, box.top); y < Math.min(hair.height, box.top + box.height); y += 2) {
    for (let x = Math.max(0, box.left); x < Math.min(hair.width, box.left + box.width); x += 2) {
      const i = y * hair.width + x;
      if ((hair.data[i] ?? 0) <= 96) continue;
      r.push(photo.data[i * 3] ?? 0);
      g.push(photo.data[i * 3 + 1] ?? 0);
      b.push(photo.data[i * 3 + 2] ?? 0);
    }
  }
  return r.length < 50 ? null : medianRgb(r, g, b);
}

/** Whether photo pixel `i` has the old top's colour. */
export function looksLikeOldTop(photo: Raster, i: number, old: Rgb): boolean {
  return closeBy(
    (photo.data[i * 3] ?? 0) - old.r,
    (photo.data[i * 3 + 1] ?? 0) - old.g,
    (photo.data[i * 3 + 2] ?? 0) - old.b,
  );
}

/**
 * The old top's colour: the median of the torso's pixels the new garment covers (what it replaces), skin
 * left out, sampled every other row and column. Null when too few show.
 */
export function oldTopColour(
  photo: Raster,
  parts: BodyParts,
  canvas: GarmentCanvas,
  skin: BareSkin,
  span: number,
): Rgb | null {
  const r: number[] = [];
  const g: number[] = [];
  const b: number[] = [];
  for (let cy = 0; cy < canvas.height; cy += 2) {
    for (let cx = 0; cx < canvas.width; cx += 2) {
      if ((canvas.alpha[cy * canvas.width + cx] ?? 0) <= 0.5) continue;
      const x = cx + canvas.left;
      const y = cy + canvas.top;
      if (x < 0 || y < 0 || x >= parts.width || y >= parts.height) continue;
      const i = y * parts.width + x;
      if (parts.labels[i] !== Part.torso || isBareSkin(skin, x, y)) continue;
      r.push(photo.data[i * 3] ?? 0);
      g.push(photo.data[i * 3 + 1] ?? 0);
      b.push(photo.data[i * 3 + 2] ?? 0);
    }
  }
  return r.length < (MIN_SAMPLE * span * span) / 4 ? null : medianRgb(r, g, b);
}
