import type { Raster } from '../image/raster.ts';
import { seamMembrane } from '../image/seam-membrane.ts';
import type { Box } from '../person/mask.ts';

/**
 * The grid's cells are this share of the span across: real skin within a cell of the paint is what it
 * meets.
 */
const REACH = 0.02;
/** A painted cell reads the seam when at least this share of the 3 x 3 cells round it is real skin. */
const RING_SHARE = 0.15;
/** The correction moves a channel by at most this many levels: past it the neighbour was not skin. */
const MOST = 40;

/**
 * Skin painted over old clothes (a long sleeve under a T-shirt, a collar) meets the person's own bare skin
 * somewhere: the forearm below an old sleeve's hem, the neck above an old collar. The paint takes one tone a
 * limb, so where it meets the real skin in another light a step shows, a sleeve's hem drawn in skin. This
 * reads the difference between the real skin next to a limb's paint and the paint itself along that seam and
 * spreads it smoothly over that limb's paint (`seamMembrane`, as a look's face meets the model's jaw), so a
 * painted upper arm runs into its forearm's own tone and light. Each limb on its own: a face in full light
 * beside the neck's paint says nothing of an arm in shade.
 *
 * `paint`: the paint's RGB over `region` (three values a pixel) where `painted` is over 0; `painter`: which
 * limb (its index in `limbs`, their boxes in the photo) laid each painted pixel; `real`: the person's own bare
 * skin that stays (1). Answers the correction to add to the paint (three values a pixel over `region`), or
 * null when no paint meets real skin.
 */
export function skinSeam(
  photo: Raster,
  region: Box,
  paint: Float32Array,
  painted: Float32Array,
  painter: Uint8Array,
  limbs: readonly Box[],
  real: Uint8Array,
  span: number,
): Float32Array | null {
  const out = new Float32Array(region.width * region.height * 3);
  let any = false;
  for (const [n, limb] of limbs.entries()) {
    const x0 = Math.max(region.left, Math.floor(limb.left));
    const y0 = Math.max(region.top, Math.floor(limb.top));
    const x1 = Math.min(region.left + region.width, Math.ceil(limb.left + limb.width));
    const y1 = Math.min(region.top + region.height, Math.ceil(limb.top + limb.height));
    if (x1 <= x0 || y1 <= y0) continue;
    const box = { left: x0 - region.left, top: y0 - region.top, width: x1 - x0, height: y1 - y0 };
    if (limbSeam(photo, region, box, { paint, painted, painter, id: n, real }, span, out)) any = true;
  }
  return any ? out : null;
}

/**
 * One limb's correction over `box` (within `region`) into `out`; false when its paint meets no real skin.
 * Worked on a grid of cells `REACH` of the span across (the correction is as smooth as light, and a pixel
 * grid made it cost 80-140 ms a try-on): a cell reads the seam when it is partly painted and the real skin
 * covers a fair share of the cells round it; the membrane spreads those readings over the grid, sampled
 * back bilinearly.
 */
function limbSeam(
  photo: Raster,
  region: Box,
  box: Box,
  layers: { paint: Float32Array; painted: Float32Array; painter: Uint8Array; id: number; real: Uint8Array },
  span: number,
  out: Float32Array,
): boolean {
  const { paint, painted, painter, id, real } = layers;
  const bw = box.width;
  const bh = box.height;
  const g = Math.max(2, Math.round(span * REACH));
  const cw = Math.ceil(bw / g);
  const ch = Math.ceil(bh / g);
  const cells = cw * ch;
  const paintN = new Float32Array(cells);
  const paintSum = new Float32Array(cells * 3);
  const realN = new Float32Array(cells);
  const realSum = new Float32Array(cells * 3);
  for (let y = 0; y < bh; y++) {
    const row = Math.floor(y / g) * cw;
    const photoRow = (region.top + box.top + y) * photo.width + region.left + box.left;
    const regionRow = (box.top + y) * region.width + box.left;
    for (let x = 0; x < bw; x++) {
      const k = regionRow + x;
      const cell = row + Math.floor(x / g);
      if ((painted[k] ?? 0) > 0 && painter[k] === id) {
        paintN[cell] = (paintN[cell] ?? 0) + 1;
        for (let c = 0; c < 3; c++)
          paintSum[cell * 3 + c] = (paintSum[cell * 3 + c] ?? 0) + (paint[k * 3 + c] ?? 0);
      } else if (real[k]) {
        const i = (photoRow + x) * 3;
        realN[cell] = (realN[cell] ?? 0) + 1;
        for (let c = 0; c < 3; c++)
          realSum[cell * 3 + c] = (realSum[cell * 3 + c] ?? 0) + (photo.data[i + c] ?? 0);
      }
    }
  }
  // Readings: the mean real skin of the 3 x 3 cells round a partly painted cell, less the cell's paint.
  const ring = new Uint8Array(cells);
  const inside = new Float32Array(cells * 3);
  const outside = new Float32Array(cells * 3);
  let rings = 0;
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      const cell = cy * cw + cx;
      const n = paintN[cell] ?? 0;
      if (n < (g * g) / 4) continue;
      let realCount = 0;
      let area = 0;
      const sum = [0, 0, 0];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const x = cx + dx;
          const y = cy + dy;
          if (x < 0 || y < 0 || x >= cw || y >= ch) continue;
          const o = y * cw + x;
          area += g * g;
          realCount += realN[o] ?? 0;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (realSum[o * 3 + c] ?? 0);
        }
      }
      if (realCount < RING_SHARE * area) continue;
      ring[cell] = 1;
      rings++;
      for (let c = 0; c < 3; c++) {
        inside[cell * 3 + c] = (paintSum[cell * 3 + c] ?? 0) / n;
        outside[cell * 3 + c] = (sum[c] ?? 0) / realCount;
      }
    }
  }
  if (rings === 0) return false;
  const grid = seamMembrane(inside, outside, ring, { width: cw, height: ch }, 0);
  for (let y = 0; y < bh; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / g - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(ch - 1, y0 + 1);
    const ty = fy - y0;
    const regionRow = (box.top + y) * region.width + box.left;
    for (let x = 0; x < bw; x++) {
      const k = regionRow + x;
      if (!((painted[k] ?? 0) > 0 && painter[k] === id)) continue;
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / g - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(cw - 1, x0 + 1);
      const tx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const v =
          ((grid[(y0 * cw + x0) * 3 + c] ?? 0) * (1 - tx) + (grid[(y0 * cw + x1) * 3 + c] ?? 0) * tx) *
            (1 - ty) +
          ((grid[(y1 * cw + x0) * 3 + c] ?? 0) * (1 - tx) + (grid[(y1 * cw + x1) * 3 + c] ?? 0) * tx) * ty;
        out[k * 3 + c] = Math.max(-MOST, Math.min(MOST, v));
      }
    }
  }
  return true;
}
