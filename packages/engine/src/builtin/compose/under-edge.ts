import type { Raster } from '../image/raster.ts';
import type { Mask } from '../person/mask.ts';
import type { GarmentCanvas } from './garment-canvas.ts';
import { isHairAt } from './hair-mask.ts';

/** The soft edge is carried into this many pixels deep (a pass a pixel). */
const EDGE_PASSES = 3;

/**
 * Gives each photo pixel under the garment's soft edge (coverage strictly between 0.02 and 0.98), not hair,
 * that touches a cleaned pixel (`gone`) the mean colour of its cleaned 4-neighbours, a pixel deeper a pass;
 * `gone` then marks those too.
 */
export function carryUnderEdge(photo: Raster, gone: Uint8Array, canvas: GarmentCanvas, hair: Mask): void {
  const w = photo.width;
  const h = photo.height;
  const data = photo.data;
  for (let pass = 0; pass < EDGE_PASSES; pass++) {
    const carried: number[] = [];
    for (let y = 0; y < canvas.height; y++) {
      const py = y + canvas.top;
      if (py < 1 || py >= h - 1) continue;
      for (let x = 0; x < canvas.width; x++) {
        const a = canvas.alpha[y * canvas.width + x] ?? 0;
        if (a <= 0.02 || a >= 0.98) continue;
        const px = x + canvas.left;
        if (px < 1 || px >= w - 1) continue;
        const i = py * w + px;
        if (gone[i] || isHairAt(hair, i)) continue;
        // The 4-neighbours, written out (no array, no closure a pixel).
        let r = 0;
        let g = 0;
        let b = 0;
        let n = 0;
        for (let k = 0; k < 4; k++) {
          const j = k === 0 ? i - 1 : k === 1 ? i + 1 : k === 2 ? i - w : i + w;
          if (!gone[j]) continue;
          r += data[j * 3] ?? 0;
          g += data[j * 3 + 1] ?? 0;
          b += data[j * 3 + 2] ?? 0;
          n++;
        }
        if (n > 0) carried.push(i, r / n, g / n, b / n);
      }
    }
    if (carried.length === 0) return;
    for (let k = 0; k < carried.length; k += 4) {
      const i = carried[k] ?? 0;
      data[i * 3] = Math.round(carried[k + 1] ?? 0);
      data[i * 3 + 1] = Math.round(carried[k + 2] ?? 0);
      data[i * 3 + 2] = Math.round(carried[k + 3] ?? 0);
      gone[i] = 1;
    }
  }
}
