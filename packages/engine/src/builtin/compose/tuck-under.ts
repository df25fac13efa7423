import type { BodyFrame } from '../fit/body-frame.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

/** The top's hem is softened over this share of the shoulder span. */
const FEATHER = 0.012;
/** How dark the top's hem makes the garment just under it, and over what share of the span it fades. */
const HEM_SHADOW = 0.22;
const SHADOW_REACH = 0.06;

/**
 * Puts a skirt or trousers under the top the person wears: nothing of the garment above `hem` (a depth down
 * the body's axis, where the top ends), a soft edge there and the top's contact shadow on the garment just
 * below. Changes `canvas` in place and returns the share of the garment's coverage that is still seen.
 */
export function tuckUnder(canvas: GarmentCanvas, frame: BodyFrame, hem: number): number {
  const feather = Math.max(1, frame.span * FEATHER);
  const reach = Math.max(2, frame.span * SHADOW_REACH);
  let before = 0;
  let after = 0;
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      const i = y * canvas.width + x;
      const alpha = canvas.alpha[i] ?? 0;
      if (alpha <= 0) continue;
      before += alpha;
      const px = canvas.left + x - frame.neck.x;
      const py = canvas.top + y - frame.neck.y;
      const below = px * frame.down.x + py * frame.down.y - hem;
      const seen = Math.min(1, Math.max(0, (below + feather) / (2 * feather)));
      canvas.alpha[i] = alpha * seen;
      after += alpha * seen;
      if (seen > 0 && below < reach) {
        const shade = 1 - HEM_SHADOW * (1 - Math.max(0, below) / reach);
        for (let c = 0; c < 3; c++) canvas.rgb[i * 3 + c] = (canvas.rgb[i * 3 + c] ?? 0) * shade;
      }
    }
  }
  return before > 0 ? after / before : 0;
}
