import { boxBlur } from '../image/box-blur.ts';
import type { Raster } from '../image/raster.ts';

/** The band whose colours are replaced: pixels within this many of one the garment does not fully cover. */
const BAND = 2;
/** Interior colours are read this far round a band pixel (a square of 2 * REACH + 1 pixels a side). */
const REACH = 3;

/**
 * A garment's outline in its photo is a blend of the garment and the backdrop: a red T-shirt's edge pixels
 * on a light backdrop are pink, and laid on a dark photo they drew a light rim round the garment (and along
 * a cuff's hem against a dark arm). The colours of the pixels within `BAND` of any pixel the garment does
 * not fully cover (alpha below 255, or off the image) are replaced, in place, by the mean of the fully
 * covered pixels beyond the band within `REACH`, working inwards from the interior so that a band pixel far
 * from the interior takes its already mended neighbours'. Alpha is left as it is: the outline stays soft.
 */
export function pullInEdgeColours(image: Raster): void {
  const { width: w, height: h, data } = image;
  // 0 outside, 1 in the band, 2 interior (fully covered and clear of the band).
  const kind = new Uint8Array(w * h);
  const open = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) open[i] = (data[i * 4 + 3] ?? 0) < 255 ? 1 : 0;
  // Within BAND of an open pixel: its box mean is over 0 (a sum of whole counts; 0.01 clears rounding).
  const near = boxBlur(open, w, h, BAND);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if ((data[i * 4 + 3] ?? 0) === 0) continue;
      const offEdge = x < BAND || y < BAND || x >= w - BAND || y >= h - BAND;
      kind[i] = offEdge || (near[i] ?? 0) > 0.01 ? 1 : 2;
    }
  }
  // Band pixels take the interior's mean round them; those with none within reach wait for a later pass,
  // when their mended neighbours count as interior.
  for (let pass = 0; pass < BAND + 2; pass++) {
    const mended: number[] = [];
    const colours: number[] = [];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (kind[i] !== 1) continue;
        let r = 0;
        let g = 0;
        let b = 0;
        let n = 0;
        for (let yy = Math.max(0, y - REACH); yy <= Math.min(h - 1, y + REACH); yy++) {
          for (let xx = Math.max(0, x - REACH); xx <= Math.min(w - 1, x + REACH); xx++) {
            const j = yy * w + xx;
            if (kind[j] !== 2) continue;
            r += data[j * 4] ?? 0;
            g += data[j * 4 + 1] ?? 0;
            b += data[j * 4 + 2] ?? 0;
            n++;
          }
        }
        if (n === 0) continue;
        mended.push(i);
        colours.push(r / n, g / n, b / n);
      }
    }
    if (mended.length === 0) break;
    mended.forEach((i, k) => {
      data[i * 4] = Math.round(colours[k * 3] ?? 0);
      data[i * 4 + 1] = Math.round(colours[k * 3 + 1] ?? 0);
      data[i * 4 + 2] = Math.round(colours[k * 3 + 2] ?? 0);
      kind[i] = 2;
    });
  }
}
