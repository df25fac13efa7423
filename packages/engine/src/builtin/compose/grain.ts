import { lumaAt, type Raster } from '../image/raster.ts';
import { median } from '../image/statistics.ts';
import type { BodyParts } from '../person/body-parts.ts';
import type { Box } from '../person/mask.ts';

/** Grain is read from at least this many skin pixels (a share of the span squared, before sampling)... */
const MIN_SAMPLE = 0.01;
/** ...sampled every this many rows and columns. */
const STRIDE = 4;
/** Grain never exceeds this (in 8-bit levels): a noisy dark photo must not speckle what is laid on it. */
export const GRAIN_MAX = 6;

/**
 * The grain of the person's bare skin in the photo (sensor noise, pores, JPEG): how far its lightness strays
 * from the 3x3 mean around it, over the person's pixels within `region` that `isSkin` takes for skin. Read
 * as a median (scaled to a standard deviation), so the few pixels at the edges of the skin, where the mean
 * takes in hair or cloth, do not count. 0 when too little skin shows.
 */
export function skinGrain(
  photo: Raster,
  parts: BodyParts,
  isSkin: (i: number) => boolean,
  region: Box,
  span: number,
): number {
  const w = parts.width;
  const strays: number[] = [];
  // Every fourth row and column: a median of the strays needs no more, and this runs before every try-on
  // over a box round the whole garment (every other one cost about 30 ms a try-on).
  for (
    let y = Math.max(1, region.top);
    y < Math.min(parts.height - 1, region.top + region.height);
    y += STRIDE
  ) {
    for (let x = Math.max(1, region.left); x < Math.min(w - 1, region.left + region.width); x += STRIDE) {
      const i = y * w + x;
      if (!(parts.labels[i] ?? 0) || !isSkin(i)) continue;
      let around = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) around += lumaAt(photo, i + dy * w + dx);
      strays.push(Math.abs(lumaAt(photo, i) - around / 9));
    }
  }
  if (strays.length < (MIN_SAMPLE * span * span) / (STRIDE * STRIDE)) return 0;
  // The median absolute stray of normal noise is 0.674 of its spread; a 3x3 mean holds a ninth of the
  // pixel itself, which takes 1/9 of the stray away.
  return Math.min(GRAIN_MAX, ((median(strays) ?? 0) / 0.674) * (9 / 8));
}

/** A fixed pseudo-random number a pixel, about normal with spread 1, so a render is the same every time. */
export function grainNoise(i: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  let g = Math.imul(i + 0x68e31da4, 0x27d4eb2f);
  g ^= g >>> 15;
  // The sum of two uniforms, centred and scaled to spread 1 (a triangle, close enough to a bell for grain).
  return ((h >>> 0) / 4294967296 + (g >>> 0) / 4294967296 - 1) * Math.sqrt(6);
}
