import { GarmentPart } from './garment.ts';
import type { GarmentShape } from './garment-shape.ts';
import type { LegGap } from './leg-gap.ts';

/**
 * Labels a lower-body garment's pixels: the part above the crotch (`body`, the waist part) and each leg
 * below it, split along the middle of the gap between them (the image's left is the right leg).
 */
export function lowerParts(shape: GarmentShape, gap: LegGap | null): Uint8Array {
  const { width: w, height: h } = shape;
  const parts = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const middle = gap && y >= gap.crotch.y ? (gap.middles[y - gap.crotch.y] ?? gap.crotch.x) : null;
    for (const run of shape.runs[y] ?? []) {
      for (let x = run.from; x <= run.to; x++) {
        parts[y * w + x] =
          middle === null ? GarmentPart.body : x < middle ? GarmentPart.rightLeg : GarmentPart.leftLeg;
      }
    }
  }
  return parts;
}
