import type { Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import { ARMS, type BodyParts, Part } from '../person/body-parts.ts';
import type { Mask } from '../person/mask.ts';
import { type BareSkin, isBareSkin } from './bare-skin.ts';
import { coverageAt, type GarmentCanvas } from './garment-canvas.ts';
import { isHairAt } from './hair-mask.ts';
import { looksLikeOldTop, type Rgb } from './old-top.ts';

/** The shoulders' line: the joints' middle, the unit vector down the torso, the joints' distance. */
export interface ShoulderLine {
  neck: Point;
  down: Point;
  span: number;
  /** How far above the joints' line (pixels) the mouth is: bulk is looked for below it only. */
  mouthHeight: number;
}

/**
 * What the old top's bulk may be labelled: the torso and neck, and the arms' and hands' reach (a hand
 * raised to the collar takes the hood beside it), but not the legs.
 */
const BULK_PARTS: ReadonlySet<number> = new Set([Part.torso, Part.neck, ...ARMS]);

/**
 * How high a bare body reaches above the shoulder joints' line (shares of the span), by the distance across
 * from the torso's axis: the trapezius beside the neck, the round of the shoulder over the joint, nothing
 * past the deltoid. Between the points it runs straight.
 */
const NATURAL_TOP: readonly (readonly [number, number])[] = [
  [0.17, 0.16],
  [0.5, 0.09],
  [0.7, 0],
];
/** Within this of the axis (a share of the span) is the neck: the clean-up's neck paint's, not bulk. */
const NECK_RADIUS = 0.17;

/**
 * A bulky old top (a hood lying round the neck, a thick collar, a coat's padded shoulders) rises above the
 * body's natural outline; the new garment, fitted to the body, leaves it showing above its shoulders. This
 * marks, in `marked`, the upper body's pixels (`BULK_PARTS`) that the new garment does not cover and that stand higher above the shoulder joints than a bare body
 * does (`NATURAL_TOP`), beside the neck and below the mouth, and look like the old top (`old`, its median
 * colour under the new garment: `oldTopColour`), so the clean-up fills them from the background. Skin, hair
 * and what is unlike the old top (a scarf) are left. True if any.
 */
export function markShoulderBulk(
  photo: Raster,
  parts: BodyParts,
  canvas: GarmentCanvas,
  skin: BareSkin,
  hair: Mask,
  line: ShoulderLine,
  old: Rgb,
  marked: Uint8Array,
): boolean {
  const { width: w, height: h } = parts;
  const { neck, down, span } = line;
  const across = { x: -down.y, y: down.x };
  // Above the joints' line, within reach of the shoulders and the head.
  const reach = span * 1.6;
  const x0 = Math.max(0, Math.floor(neck.x - reach));
  const x1 = Math.min(w, Math.ceil(neck.x + reach));
  const y0 = Math.max(0, Math.floor(neck.y - reach));
  const y1 = Math.min(h, Math.ceil(neck.y + span * 0.2));
  let any = false;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      const label = parts.labels[i] ?? 0;
      // From the mouth up, hair the hair mask missed is as likely as a hood (a grey top in a black and
      // white photo is the hair's grey): left alone.
      const height = -((x - neck.x) * down.x + (y - neck.y) * down.y);
      if (height <= 0 || height >= line.mouthHeight) continue;
      // Not the head's disc, though it reaches below the chin: on a tilted head it holds hair in shade there.
      if (!BULK_PARTS.has(label)) continue;
      const off = Math.abs((x - neck.x) * across.x + (y - neck.y) * across.y) / span;
      if (off < NECK_RADIUS || height <= naturalTop(off) * span) continue;
      if (coverageAt(canvas, x, y) > 0.5 || isHairAt(hair, i) || isBareSkin(skin, x, y)) continue;
      if (!looksLikeOldTop(photo, i, old)) continue;
      marked[i] = 1;
      any = true;
    }
  }
  return any;
}

/** The natural top's height above the joints' line at `off` (both shares of the span). */
export function naturalTop(off: number): number {
  const first = NATURAL_TOP[0];
  if (!first || off <= first[0]) return first?.[1] ?? 0;
  for (let k = 1; k < NATURAL_TOP.length; k++) {
    const a = NATURAL_TOP[k - 1];
    const b = NATURAL_TOP[k];
    if (!a || !b || off > b[0]) continue;
    return a[1] + ((b[1] - a[1]) * (off - a[0])) / (b[0] - a[0]);
  }
  return 0;
}
