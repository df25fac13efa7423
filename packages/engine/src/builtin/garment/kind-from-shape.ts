import type { GarmentKind } from './garment.ts';
import type { GarmentShape } from './garment-shape.ts';
import type { LegGap } from './leg-gap.ts';
import type { UpperMeasures } from './upper-landmarks.ts';

/**
 * Whether the shape is worn from the waist: its top edge is one waistband nearly as wide as the garment
 * just below it, with no neckline dipping into it.
 */
export function isLowerShape(shape: GarmentShape): boolean {
  const { height: h } = shape;
  let widest = 0;
  for (let y = Math.round(h * 0.02); y < h * 0.3; y++) {
    const r = shape.runs[y] ?? [];
    const first = r[0];
    const last = r[r.length - 1];
    if (first && last) widest = Math.max(widest, last.to - first.from);
  }
  // The share of its own extent a top row covers: a waistband nearly all of it (a notch where a fold
  // matches the backdrop aside), a neckline or straps leave a gap in the middle.
  let least = 1;
  for (const share of [0.01, 0.02, 0.03]) {
    const row = shape.runs[Math.round(h * share)] ?? [];
    const first = row[0];
    const last = row[row.length - 1];
    if (!first || !last) return false;
    const extent = last.to - first.from + 1;
    if (extent < widest * 0.7) return false;
    let covered = 0;
    for (const r of row) covered += r.to - r.from + 1;
    least = Math.min(least, covered / extent);
  }
  return least > 0.8;
}

/**
 * Whether a top has a hood laid flat above it: the top is one narrow rounded run in the middle that stays
 * narrower than the body for a good way down.
 */
export function hasHood(shape: GarmentShape, bodyWidth: number): boolean {
  const { height: h, centre: cx } = shape;
  // A hood's top is the garment's highest point, in the middle; a neckline dips there.
  let highest = h;
  for (const y of shape.top) highest = Math.min(highest, y);
  if ((shape.top[Math.round(cx)] ?? h) > highest + Math.max(2, h * 0.005)) return false;
  for (const [share, widest] of [
    [0.02, 0.8],
    [0.1, 1.05],
  ] as const) {
    const row = shape.runs[Math.round(h * share)] ?? [];
    const only = row[0];
    if (row.length !== 1 || !only) return false;
    if (only.to - only.from > bodyWidth * widest) return false;
    if (Math.abs((only.from + only.to) / 2 - cx) > bodyWidth * 0.15) return false;
  }
  return true;
}

export function lowerKind(shape: GarmentShape, gap: LegGap | null): GarmentKind {
  if (!gap) return 'skirt';
  return (shape.height - gap.crotch.y) / shape.height > 0.5 ? 'trousers' : 'shorts';
}

export function upperKind(m: UpperMeasures, hood: boolean): GarmentKind {
  if (hood) return 'hoodie';
  if (!m.sleeved) return m.length > 2.6 ? 'dress' : 'tank';
  if (m.sleeveLength < 0.5) return m.length > 2.6 ? 'dress' : 't-shirt';
  if (m.centreLine > 0.5) return 'jacket';
  return m.length > 2.6 ? 'dress' : 'long-sleeve';
}
