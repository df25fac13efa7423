import type { Point } from '../geometry/point.ts';
import type { GarmentLandmarks } from './garment.ts';
import { extreme, type GarmentShape } from './garment-shape.ts';
import type { LegGap } from './leg-gap.ts';

/** Waistband corners, crotch and leg hems of trousers or shorts; waistband and hem corners of a skirt. */
export function lowerLandmarks(shape: GarmentShape, gap: LegGap | null): GarmentLandmarks {
  const { height: h, centre: cx } = shape;
  const edges = (
    side: -1 | 1,
    from: number,
    to: number,
    keep: (x: number, y: number) => boolean,
  ): Point[] => {
    const out: Point[] = [];
    for (let y = Math.max(0, from); y < Math.min(h, to); y++) {
      const row = (shape.runs[y] ?? []).filter((r) => keep((r.from + r.to) / 2, y));
      const run = side < 0 ? row[0] : row[row.length - 1];
      if (run) out.push({ x: side < 0 ? run.from : run.to, y });
    }
    return out;
  };
  const all = () => true;
  const waistCorner = (side: -1 | 1): Point =>
    extreme(edges(side, 0, h * 0.2, all), { x: side * 0.5, y: -1 }) ?? { x: cx, y: 0 };
  const waist = { right: waistCorner(-1), left: waistCorner(1) };
  if (!gap) {
    const hemCorner = (side: -1 | 1): Point =>
      extreme(edges(side, h * 0.5, h, all), { x: side * 0.5, y: 1 }) ?? { x: cx, y: h - 1 };
    return { waist, hem: { right: hemCorner(-1), left: hemCorner(1) } };
  }
  const middleAt = (y: number): number => gap.middles[Math.round(y - gap.crotch.y)] ?? gap.crotch.x;
  const legPixels = (side: -1 | 1): Point[] => {
    const out: Point[] = [];
    for (let y = gap.crotch.y; y < h; y++) {
      const m = middleAt(y);
      for (const r of shape.runs[y] ?? []) {
        if (((r.from + r.to) / 2 - m) * side <= 0) continue;
        out.push({ x: r.from, y }, { x: r.to, y });
      }
    }
    return out;
  };
  const leg = (side: -1 | 1) => {
    const pixels = legPixels(side);
    return {
      outerEnd: extreme(pixels, { x: side * 0.5, y: 1 }) ?? { x: cx, y: h - 1 },
      innerEnd: extreme(pixels, { x: -side * 0.5, y: 1 }) ?? { x: cx, y: h - 1 },
    };
  };
  const right = leg(-1);
  const left = leg(1);
  return {
    waist,
    hem: { right: right.outerEnd, left: left.outerEnd },
    crotch: gap.crotch,
    legs: { right, left },
  };
}
