import { median } from '../image/statistics.ts';
import type { GarmentShape } from './garment-shape.ts';

/**
 * Share of rows from the neckline to the hem crossed by one sharp vertical line near the middle: a zip or an
 * open front's edge. The line must keep to one column (a print's dots do not).
 */
export function centreLine(shape: GarmentShape, grey: Uint8Array, fromY: number, toY: number): number {
  const { centre: cx, width } = shape;
  const half = Math.max(3, Math.round(width * 0.02));
  const columns: number[] = [];
  let rows = 0;
  for (let y = Math.round(fromY + (toY - fromY) * 0.1); y < toY - (toY - fromY) * 0.05; y++) {
    rows++;
    let most = 0;
    let at = -1;
    for (let x = Math.round(cx) - half; x <= Math.round(cx) + half; x++) {
      const i = y * width + x;
      const step = Math.abs((grey[i + 2] ?? 0) - (grey[i - 2] ?? 0));
      if (step > most) {
        most = step;
        at = x;
      }
    }
    if (most > 12) columns.push(at);
  }
  const column = median(columns);
  if (rows === 0 || column === undefined) return 0;
  return columns.filter((x) => Math.abs(x - column) <= 2).length / rows;
}
