import type { Point } from '../geometry/point.ts';

/** A smooth map of the plane through given point pairs (a thin-plate spline). */
export type PlaneMap = (x: number, y: number) => Point;

/**
 * The thin-plate spline that takes each `from[i]` to `to[i]` and bends the plane between them as little as
 * possible; `smoothing` > 0 trades exactness for less bending (landmarks are estimates). With fewer than
 * three pairs, or pairs on one line, there is no such map: null.
 */
export function thinPlateSpline(
  from: readonly Point[],
  to: readonly Point[],
  smoothing = 0,
): PlaneMap | null {
  const n = from.length;
  if (n < 3 || to.length !== n) return null;
  // Work in a frame around the points' middle and spread, so the radial terms stay well conditioned.
  const cx = from.reduce((s, p) => s + p.x, 0) / n;
  const cy = from.reduce((s, p) => s + p.y, 0) / n;
  const scale = Math.max(
    1e-6,
    Math.sqrt(from.reduce((s, p) => s + (p.x - cx) ** 2 + (p.y - cy) ** 2, 0) / n),
  );
  const xs = from.map((p) => (p.x - cx) / scale);
  const ys = from.map((p) => (p.y - cy) / scale);
  const size = n + 3;
  const a = new Float64Array(size * size);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      a[i * size + j] =
        i === j ? smoothing : kernel((xs[i] ?? 0) - (xs[j] ?? 0), (ys[i] ?? 0) - (ys[j] ?? 0));
    }
    const row = [1, xs[i] ?? 0, ys[i] ?? 0];
    for (let k = 0; k < 3; k++) {
      a[i * size + n + k] = row[k] ?? 0;
      a[(n + k) * size + i] = row[k] ?? 0;
    }
  }
  const bx = new Float64Array(size);
  const by = new Float64Array(size);
  for (let i = 0; i < n; i++) {
    bx[i] = to[i]?.x ?? 0;
    by[i] = to[i]?.y ?? 0;
  }
  const weights = solve(a, [bx, by], size);
  if (!weights) return null;
  const [wx, wy] = weights;
  if (!wx || !wy) return null;
  return (x, y) => {
    const u = (x - cx) / scale;
    const v = (y - cy) / scale;
    let px = (wx[n] ?? 0) + (wx[n + 1] ?? 0) * u + (wx[n + 2] ?? 0) * v;
    let py = (wy[n] ?? 0) + (wy[n + 1] ?? 0) * u + (wy[n + 2] ?? 0) * v;
    for (let i = 0; i < n; i++) {
      const k = kernel(u - (xs[i] ?? 0), v - (ys[i] ?? 0));
      px += (wx[i] ?? 0) * k;
      py += (wy[i] ?? 0) * k;
    }
    return { x: px, y: py };
  };
}

/** The thin-plate radial basis r^2 log r^2 (0 at r = 0). */
function kernel(dx: number, dy: number): number {
  const r2 = dx * dx + dy * dy;
  return r2 === 0 ? 0 : r2 * Math.log(r2);
}

/** Solves a x = b for each right-hand side by Gaussian elimination with partial pivoting; null if singular. */
function solve(a: Float64Array, rhs: Float64Array[], size: number): Float64Array[] | null {
  const m = Float64Array.from(a);
  const bs = rhs.map((b) => Float64Array.from(b));
  for (let col = 0; col < size; col++) {
    let pivot = col;
    for (let r = col + 1; r < size; r++) {
      if (Math.abs(m[r * size + col] ?? 0) > Math.abs(m[pivot * size + col] ?? 0)) pivot = r;
    }
    const p = m[pivot * size + col] ?? 0;
    if (Math.abs(p) < 1e-12) return null;
    if (pivot !== col) {
      for (let k = 0; k < size; k++) {
        const t = m[col * size + k] ?? 0;
        m[col * size + k] = m[pivot * size + k] ?? 0;
        m[pivot * size + k] = t;
      }
      for (const b of bs) {
        const t = b[col] ?? 0;
        b[col] = b[pivot] ?? 0;
        b[pivot] = t;
      }
    }
    for (let r = col + 1; r < size; r++) {
      const f = (m[r * size + col] ?? 0) / p;
      if (f === 0) continue;
      for (let k = col; k < size; k++)
        m[r * size + k] = (m[r * size + k] ?? 0) - f * (m[col * size + k] ?? 0);
      for (const b of bs) b[r] = (b[r] ?? 0) - f * (b[col] ?? 0);
    }
  }
  for (const b of bs) {
    for (let r = size - 1; r >= 0; r--) {
      let s = b[r] ?? 0;
      for (let k = r + 1; k < size; k++) s -= (m[r * size + k] ?? 0) * (b[k] ?? 0);
      b[r] = s / (m[r * size + r] ?? 1);
    }
  }
  return bs;
}
