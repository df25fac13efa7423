import type { Point } from '../pose/point.ts';

/** A 3x3 projective transform, row-major. */
export type Matrix = [number, number, number, number, number, number, number, number, number];

export const translation = (dx: number, dy: number): Matrix => [1, 0, dx, 0, 1, dy, 0, 0, 1];

export const rotationAbout = (p: Point, theta: number): Matrix => {
  const c = Math.cos(theta);
  const s = Math.sin(theta);
  return [c, -s, p.x - c * p.x + s * p.y, s, c, p.y - s * p.x - c * p.y, 0, 0, 1];
};

export function multiply(a: Matrix, b: Matrix): Matrix {
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let v = 0;
      for (let k = 0; k < 3; k++) v += (a[r * 3 + k] ?? 0) * (b[k * 3 + c] ?? 0);
      out[r * 3 + c] = v;
    }
  }
  return out as Matrix;
}

export function apply(m: Matrix, p: Point): Point {
  const w = m[6] * p.x + m[7] * p.y + m[8];
  return { x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w };
}

/** The projective transform taking the four points of `from` to those of `to` (a direct 8x8 solve). */
export function homography(from: readonly Point[], to: readonly Point[]): Matrix {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i] ?? { x: 0, y: 0 };
    const { x: u, y: v } = to[i] ?? { x: 0, y: 0 };
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  return [h[0] ?? 1, h[1] ?? 0, h[2] ?? 0, h[3] ?? 0, h[4] ?? 1, h[5] ?? 0, h[6] ?? 0, h[7] ?? 0, 1];
}

/** Gaussian elimination with partial pivoting; the systems here are 8x8 and well conditioned. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(m[r]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = r;
    }
    const tmp = m[col] as number[];
    m[col] = m[pivot] as number[];
    m[pivot] = tmp;
    const p = m[col] as number[];
    const d = p[col] ?? 1;
    if (Math.abs(d) < 1e-12) throw new Error('Degenerate garment points');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = m[r] as number[];
      const f = (row[col] ?? 0) / d;
      for (let c = col; c <= n; c++) row[c] = (row[c] ?? 0) - f * (p[c] ?? 0);
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] ?? 1));
}
