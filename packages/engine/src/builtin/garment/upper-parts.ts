import type { GarmentLandmarks } from './garment.ts';
import { GarmentPart } from './garment.ts';
import { bodyColumns, type GarmentShape, runAt } from './garment-shape.ts';
import { sleeveSegments } from './sleeve-segments.ts';

/**
 * Labels every pixel of a top's cut-out: body, each sleeve (as worn: the image's left is the right sleeve)
 * and a hood laid above the neckline, so the fitter can warp sleeves about their own joints.
 */
export function upperParts(
  shape: GarmentShape,
  landmarks: GarmentLandmarks,
  waist: { from: number; to: number },
  hood: boolean,
): Uint8Array {
  const { width: w, height: h, centre: cx } = shape;
  const parts = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if ((shape.mask[i] ?? 0) > 0) parts[i] = GarmentPart.body;
  const bodyAt = bodyColumns(shape, waist);
  const { sleeves } = landmarks;
  if (sleeves) {
    for (const [side, sleeve, label] of [
      [-1, sleeves.right, GarmentPart.rightSleeve],
      [1, sleeves.left, GarmentPart.leftSleeve],
    ] as const) {
      for (const g of sleeveSegments(shape, side, sleeve.top, sleeve.bottom, bodyAt))
        parts.fill(label, g.y * w + g.from, g.y * w + g.to + 1);
    }
  }
  if (hood && landmarks.neck) {
    const neckY = Math.min(landmarks.neck.left.y, landmarks.neck.right.y);
    for (let y = 0; y < Math.min(h, neckY); y++) {
      const run = runAt(shape, y, cx);
      if (!run) continue;
      for (let x = run.from; x <= run.to; x++) parts[y * w + x] = GarmentPart.hood;
    }
  }
  return parts;
}
