import type { Point } from '../geometry/point.ts';

/** Least-squares line x(y) through the points, evaluated at `at`. */
export function fitLine(ys: number[], xs: number[], at: number): number {
  const n = ys.length;
  let sy = 0;
  let sx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const y = ys[i] ?? 0;
    const x = xs[i] ?? 0;
    sy += y;
    sx += x;
    syy += y * y;
    sxy += x * y;
  }
  const den = n * syy - sy * sy;
  if (Math.abs(den) < 1e-9) return sx / Math.max(1, n);
  const slope = (n * sxy - sx * sy) / den;
  return (sx - slope * sy) / n + slope * at;
}

/** Where lines fitted to two edges x(y) meet, kept between `minY` and `maxY` (null when they don't). */
export function meetingPoint(a: Point[], b: Point[], minY: number, maxY: number): Point | null {
  const line = (pts: Point[]) => {
    const ys = pts.map((p) => p.y);
    const xs = pts.map((p) => p.x);
    const y0 = ys[0] ?? 0;
    const x0 = fitLine(ys, xs, y0);
    const x1 = fitLine(ys, xs, y0 + 1);
    return { x0, y0, slope: x1 - x0 };
  };
  const la = line(a);
  const lb = line(b);
  const den = la.slope - lb.slope;
  if (Math.abs(den) < 1e-3) return null;
  // x = x0a + sa (y - y0a) = x0b + sb (y - y0b)
  const y = (lb.x0 - la.x0 + la.slope * la.y0 - lb.slope * lb.y0) / den;
  if (!(y >= minY && y <= maxY)) return { x: la.x0 + la.slope * (maxY - la.y0), y: maxY };
  return { x: la.x0 + la.slope * (y - la.y0), y };
}
