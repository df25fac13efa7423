import { luma, type Raster } from '../image/raster.ts';
import { median } from '../image/statistics.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import type { Box, Mask } from '../person/mask.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { type BareSkin, bareSkinLevels, isBareSkin } from './bare-skin.ts';
import { isHairAt } from './hair-mask.ts';
import { looksLikeOldTop, type Rgb } from './old-top.ts';
import { type SkinTone, skinHueLikeness, skinLikeness, toneOf } from './skin-tone.ts';

/** Fewer of the neck's and chest's skin pixels than this (every other one read) give no tone of their own. */
const MIN_SAMPLES = 60;
/** The chest's skin spreads this much round its tone (chroma levels): the face's, not the body's wider. */
const SPREAD = 5;
/** A pixel this much like the chest's own tone, by chroma and by hue at its brightness, is skin... */
const LIKENESS = 0.3;
/** ...if it is within this range of the chest's brightness (a brown collar has the skin's hue, darker). */
const LIGHTNESS = { least: 0.6, most: 1.5 } as const;

/**
 * The bare skin of the neck and the chest by their own tone. The skin tests are the face's (its cheeks' tone,
 * or the body's wider spread round it), and a chest is often yellower or redder than a face (make-up, the
 * light): where the new garment's neckline is lower than the old one's, a bare chest that failed them was
 * painted over as if it were a collar, a flat block in the face's tone on the real chest (party-6a). The
 * chest's tone is the median of what the body's test takes over `box` (the neck's and chest's pixels the part
 * map gives the neck or the torso); a pixel with that tone's hue at a brightness near it is skin, unless it is
 * hair or the old top's colour. Read as patches, like the other skin (`bareSkinLevels`). Null when too little
 * of the chest is skin by the body's test to read a tone.
 */
export function chestSkin(
  cv: OpenCv,
  photo: Raster,
  seen: { parts: BodyParts; hair: Mask; bodySkin: BareSkin; old: Rgb | null },
  box: Box,
  radius: number,
): BareSkin | null {
  const { parts, hair, bodySkin, old } = seen;
  const w = parts.width;
  const onChest = (i: number): boolean => {
    const label = parts.labels[i];
    return (label === Part.torso || label === Part.neck) && !isHairAt(hair, i);
  };
  const reds: number[] = [];
  const greens: number[] = [];
  const blues: number[] = [];
  for (let y = box.top; y < box.top + box.height; y += 2) {
    for (let x = box.left; x < box.left + box.width; x += 2) {
      const i = y * w + x;
      if (!onChest(i) || !isBareSkin(bodySkin, x, y)) continue;
      reds.push(photo.data[i * 3] ?? 0);
      greens.push(photo.data[i * 3 + 1] ?? 0);
      blues.push(photo.data[i * 3 + 2] ?? 0);
    }
  }
  if (reds.length < MIN_SAMPLES) return null;
  const tone: SkinTone = toneOf(median(reds) ?? 0, median(greens) ?? 0, median(blues) ?? 0, SPREAD);
  const bright = luma(tone.r, tone.g, tone.b);
  return bareSkinLevels(
    cv,
    w,
    box,
    (i) => {
      if (!onChest(i)) return 0;
      const r = photo.data[i * 3] ?? 0;
      const g = photo.data[i * 3 + 1] ?? 0;
      const b = photo.data[i * 3 + 2] ?? 0;
      const y = luma(r, g, b);
      if (y < bright * LIGHTNESS.least || y > bright * LIGHTNESS.most) return 0;
      if (old && looksLikeOldTop(photo, i, old)) return 0;
      return skinLikeness(tone, r, g, b) > LIKENESS && skinHueLikeness(tone, r, g, b) > LIKENESS ? 2 : 0;
    },
    radius,
  )[0];
}
