import type { Point } from '../pose/point.ts';

/** A limb or sleeve as a band along a polyline: the line and the band's half width at each of its points. */
export interface Ribbon {
  line: Point[];
  halfWidth: number[];
}

/**
 * Maps a point near the `target` band (a limb of the person) to the matching point of the `source` band (a
 * sleeve or trouser leg of the garment): the same share of the way along, the same share of the half width
 * across. `flip` mirrors across the band (-1) so a sleeve's outer edge lands on the arm's outer side. Points
 * off the band map to null. The band bends at the target's joints, so a sleeve follows an elbow.
 */
export function ribbonMap(
  target: Ribbon,
  source: Ribbon,
  flip: 1 | -1,
): (x: number, y: number) => Point | null {
  const t = measure(target.line);
  const s = measure(source.line);
  if (t.total <= 0 || s.total <= 0) return () => null;
  return (x, y) => {
    const at = nearest(target.line, t, x, y);
    if (!at || at.along < 0 || at.along > t.total) return null;
    const hw = widthAt(target, t, at.along);
    if (hw <= 0 || Math.abs(at.across) > hw) return null;
    const along = (at.along / t.total) * s.total;
    const { point, normal } = pointAt(source.line, s, along);
    const across = (flip * at.across * widthAt(source, s, along)) / hw;
    return { x: point.x + normal.x * across, y: point.y + normal.y * across };
  };
}

/** Signed distance of `q` from the line through `a` in direction `dir` (positive on the normal's side). */
export function sideOf(a: Point, dir: Point, q: Point): number {
  return dir.x * (q.y - a.y) - dir.y * (q.x - a.x);
}

interface Measured {
  /** Arc length at each point. */
  at: number[];
  total: number;
}

function measure(line: Point[]): Measured {
  const at = [0];
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    at.push((at[i - 1] ?? 0) + (a && b ? Math.hypot(b.x - a.x, b.y - a.y) : 0));
  }
  return { at, total: at[at.length - 1] ?? 0 };
}

/**
 * The nearest point of the polyline: how far along it lies and the signed distance across (positive on the
 * side of the segment's normal, (-dy, dx)). Before the first or past the last point, `along` runs on
 * beyond the ends, so the caller can cut there.
 */
function nearest(line: Point[], m: Measured, x: number, y: number): { along: number; across: number } | null {
  let best: { along: number; across: number; d: number } | null = null;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    if (!a || !b) continue;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    if (len === 0) continue;
    const ux = dx / len;
    const uy = dy / len;
    let u = (x - a.x) * ux + (y - a.y) * uy;
    if (i > 1) u = Math.max(0, u);
    if (i < line.length - 1) u = Math.min(len, u);
    const across = ux * (y - a.y) - uy * (x - a.x);
    const px = a.x + ux * u;
    const py = a.y + uy * u;
    const d = Math.hypot(x - px, y - py);
    if (!best || d < best.d) best = { along: (m.at[i - 1] ?? 0) + u, across, d };
  }
  return best && { along: best.along, across: best.across };
}

function widthAt(ribbon: Ribbon, m: Measured, along: number): number {
  const { halfWidth: hw } = ribbon;
  for (let i = 1; i < m.at.length; i++) {
    const a = m.at[i - 1] ?? 0;
    const b = m.at[i] ?? 0;
    if (along <= b || i === m.at.length - 1) {
      const k = b > a ? Math.max(0, Math.min(1, (along - a) / (b - a))) : 0;
      return (hw[i - 1] ?? 0) * (1 - k) + (hw[i] ?? 0) * k;
    }
  }
  return hw[0] ?? 0;
}

/** The point `along` the polyline (extended past its ends) and the unit normal there, (-dy, dx). */
function pointAt(line: Point[], m: Measured, along: number): { point: Point; normal: Point } {
  let i = 1;
  while (i < line.length - 1 && along > (m.at[i] ?? 0)) i++;
  const a = line[i - 1] ?? { x: 0, y: 0 };
  const b = line[i] ?? a;
  const len = Math.max(1e-9, Math.hypot(b.x - a.x, b.y - a.y));
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const u = along - (m.at[i - 1] ?? 0);
  return { point: { x: a.x + ux * u, y: a.y + uy * u }, normal: { x: -uy, y: ux } };
}
