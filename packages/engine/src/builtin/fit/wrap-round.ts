import type { GarmentAnalysis, SleeveLandmarks } from '../garment/garment.ts';
import { mid, type Point } from '../geometry/point.ts';

/**
 * How far a flat part is taken round the body or limb it is worn on: 0 lays it flat, 1 round the front half
 * of a cylinder. A torso is wider than deep and cloth stands off it, so half way.
 */
export const ROUND = 0.5;

/** The cut-out points a warp reads, moved: `(q) => q` for a part laid flat. */
export type Wrap = (q: Point) => Point;

/**
 * Where a point seen at share `u` (-1..1) of the way across a round part, from its middle, lies across the
 * flat cloth: on a cylinder, cloth at arc angle t shows at sin(t) of its half-width, so a print is shown
 * wider at the middle and squeezed towards the sides, as worn cloth turns away from the camera. The sides
 * (and the middle) stay where they are: only what lies between them moves. `round` mixes that with the flat
 * (0..1).
 */
export function roundShare(u: number, round = ROUND): number {
  return (1 - round) * u + round * (2 / Math.PI) * Math.asin(Math.max(-1, Math.min(1, u)));
}

/**
 * A garment's body taken round the torso, row by row of the cut-out between the outermost pixels of
 * `labels` on the row (smoothed over a few rows, so a ragged outline does not ripple the print). The neckline
 * and shoulders, seen from above as much as from the front (and where a row of cloth has the neck's hole in
 * it), stay flat: the rounding grows from nothing at `fromY` to whole at `fullY`.
 */
export function bodyWrap(
  garment: GarmentAnalysis,
  labels: readonly number[],
  fromY: number,
  fullY: number,
  round = ROUND,
): Wrap {
  const { width, height } = garment.image;
  const left = new Float32Array(height).fill(Number.NaN);
  const right = new Float32Array(height).fill(Number.NaN);
  const wanted = new Uint8Array(256);
  for (const label of labels) wanted[label] = 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (!wanted[garment.parts[row + x] ?? 0]) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0 && last > first) {
      left[y] = first;
      right[y] = last;
    }
  }
  const reach = Math.max(1, Math.round(height * 0.01));
  const smooth = (ends: Float32Array): Float32Array =>
    ends.map((_, y) => {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, y - reach); k <= Math.min(height - 1, y + reach); k++) {
        const e = ends[k] ?? Number.NaN;
        if (Number.isNaN(e)) continue;
        sum += e;
        n++;
      }
      return n > 0 && !Number.isNaN(ends[y] ?? Number.NaN) ? sum / n : Number.NaN;
    });
  const l = smooth(left);
  const r = smooth(right);
  const ramp = Math.max(1, fullY - fromY);
  return (q) => {
    const y = Math.round(q.y);
    if (y < 0 || y >= height) return q;
    const k = round * Math.min(1, Math.max(0, (q.y - fromY) / ramp));
    const a = l[y] ?? Number.NaN;
    const b = r[y] ?? Number.NaN;
    if (k <= 0 || Number.isNaN(a) || Number.isNaN(b)) return q;
    const centre = (a + b) / 2;
    const half = (b - a) / 2;
    const u = (q.x - centre) / half;
    if (Math.abs(u) >= 1) return q;
    return { x: centre + half * roundShare(u, k), y: q.y };
  };
}

/**
 * A sleeve or trouser leg taken round its limb: across the part, between its two edges (`top` to `endTop`
 * and `bottom` to `endBottom`) at the same share of the way along.
 */
export function limbWrap(edges: SleeveLandmarks, round = ROUND): Wrap {
  const start = mid(edges.top, edges.bottom);
  const end = mid(edges.endTop, edges.endBottom);
  const ax = end.x - start.x;
  const ay = end.y - start.y;
  const length2 = ax * ax + ay * ay;
  if (length2 === 0 || round <= 0) return (q) => q;
  return (q) => {
    const f = ((q.x - start.x) * ax + (q.y - start.y) * ay) / length2;
    const tx = edges.top.x + (edges.endTop.x - edges.top.x) * f;
    const ty = edges.top.y + (edges.endTop.y - edges.top.y) * f;
    const cx = edges.bottom.x + (edges.endBottom.x - edges.bottom.x) * f - tx;
    const cy = edges.bottom.y + (edges.endBottom.y - edges.bottom.y) * f - ty;
    const across2 = cx * cx + cy * cy;
    if (across2 === 0) return q;
    const u = (2 * ((q.x - tx) * cx + (q.y - ty) * cy)) / across2 - 1;
    if (Math.abs(u) >= 1) return q;
    const move = (roundShare(u, round) - u) / 2;
    return { x: q.x + cx * move, y: q.y + cy * move };
  };
}
