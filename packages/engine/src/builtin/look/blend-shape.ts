import type { Point } from '../geometry/point.ts';
import { dist } from '../geometry/point.ts';
import { FACE_OVAL } from './face-oval.ts';
import { LANDMARK } from './face-parts.ts';
import { eyeLine } from './head-pose.ts';
import { MESH_MIRROR } from './mesh-mirror.ts';

/** Inside this share of the face width from the outline, the shopper's shape fades in. */
const FADE = 0.09;
/**
 * The points the shopper's face is laid on the model's by: eye corners and lids, brows and the nose's
 * bridge and tip. They keep their places whatever the face's expression; an open, laughing mouth or a
 * dropped jaw would otherwise shrink the shopper's whole face to fit the model's longer one.
 */
const RIGID = [
  33, 133, 159, 145, 263, 362, 386, 374, 70, 105, 107, 300, 334, 336, 168, 6, 197, 195, 5, 4, 1,
] as const;

/**
 * Target points for the warp that carry the shopper's proportions (eye spacing, nose length, where the
 * mouth and lips sit) into the model's face: the shopper's mesh is laid on the model's by a similarity
 * transform fitted on the rigid points (least squares), and interior points move `amount` of the way toward
 * it (or `across` the eye line and `along` the nose each their own share). Points on the face outline do
 * not move and the move fades in over a narrow band inside it, so the seam stays on the model's jaw and
 * cheeks. `stretch` (0..1) lets the fit also scale across the eye line apart
 * from along the nose: a shopper turned away from the camera shows a face narrowed by the turn, which a
 * frontal model should not inherit; it also makes the shopper's face symmetric by as much (`symmetric`), as
 * a turn skews it to one side.
 */
export function blendShape(
  source: readonly Point[],
  target: readonly Point[],
  amount: number | { across: number; along: number },
  stretch = 0,
): Point[] {
  const u = eyeLine(target);
  const between = target[LANDMARK.betweenEyes] ?? { x: 0, y: 0 };
  const fitted = symmetric(rigidFit(source, target, stretch), between, u, stretch);
  const outline = FACE_OVAL.map((i) => target[i] ?? { x: 0, y: 0 });
  const xs = outline.map((p) => p.x);
  const width = Math.max(1, Math.max(...xs) - Math.min(...xs));
  const { across, along } = typeof amount === 'number' ? { across: amount, along: amount } : amount;
  return target.map((t, i) => {
    const f = fitted[i] ?? t;
    const edge = Math.min(...outline.map((o) => dist(o, t)));
    const fade = Math.min(1, edge / (width * FADE));
    // The move split along the eye line and down the nose, each carried its own share.
    const dx = f.x - t.x;
    const dy = f.y - t.y;
    const a = (dx * u.x + dy * u.y) * across * fade;
    const d = (-dx * u.y + dy * u.x) * along * fade;
    return { x: t.x + a * u.x - d * u.y, y: t.y + a * u.y + d * u.x };
  });
}

/**
 * `from` moved by the rotation, scale and shift that best lay its rigid points on `to`'s (Umeyama, 2D),
 * the scales across the eye line and along the nose freed from each other by `stretch`.
 */
function rigidFit(from: readonly Point[], to: readonly Point[], stretch: number): Point[] {
  const pick = (mesh: readonly Point[]): Point[] => RIGID.map((i) => mesh[i] ?? { x: 0, y: 0 });
  const a = pick(from);
  const b = pick(to);
  const fc = mean(a);
  const tc = mean(b);
  // Each mesh in its own eye-line frame: x along the eyes, y down the nose.
  const fu = eyeLine(from);
  const tu = eyeLine(to);
  const local = (p: Point, c: Point, u: Point): Point => {
    const x = p.x - c.x;
    const y = p.y - c.y;
    return { x: x * u.x + y * u.y, y: -x * u.y + y * u.x };
  };
  const la = a.map((p) => local(p, fc, fu));
  const lb = b.map((p) => local(p, tc, tu));
  let xy = 0;
  let xx = 0;
  let yy = 0;
  let yx = 0;
  for (let i = 0; i < la.length; i++) {
    const p = la[i] ?? { x: 0, y: 0 };
    const q = lb[i] ?? { x: 0, y: 0 };
    xy += p.x * q.x;
    xx += p.x * p.x;
    yx += p.y * q.y;
    yy += p.y * p.y;
  }
  const sx = xy / (xx || 1);
  const sy = yx / (yy || 1);
  const s = (xy + yx) / (xx + yy || 1);
  const kx = s * Math.max(0.01, sx / s) ** stretch;
  const ky = s * Math.max(0.01, sy / s) ** stretch;
  return from.map((p) => {
    const l = local(p, fc, fu);
    const x = l.x * kx;
    const y = l.y * ky;
    return { x: tc.x + x * tu.x - y * tu.y, y: tc.y + x * tu.y + y * tu.x };
  });
}

function mean(points: Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / (points.length || 1), y: y / (points.length || 1) };
}

/**
 * The fitted shopper's mesh made symmetric about the model's midline (through `o`, the point between its
 * eyes, square to its eye line `u`) by `share` (0..1): each point across the eye line at the mean of its
 * own offset and its mirror twin's (`MESH_MIRROR`), negated, and down the nose at the mean of the two. A turned face's
 * features sit to one side of its eyes' middle (the near cheek wide, the far one narrow); carried onto a
 * model facing another way they landed there too, the mouth beside the model's chin.
 */
function symmetric(fitted: Point[], o: Point, u: Point, share: number): Point[] {
  if (share <= 0) return fitted;
  const local = (p: Point): Point => {
    const x = p.x - o.x;
    const y = p.y - o.y;
    return { x: x * u.x + y * u.y, y: -x * u.y + y * u.x };
  };
  const l = fitted.map(local);
  return l.map((a, i) => {
    const b = l[MESH_MIRROR[i] ?? i] ?? a;
    const x = a.x + ((a.x - b.x) / 2 - a.x) * share;
    const y = a.y + ((a.y + b.y) / 2 - a.y) * share;
    return { x: o.x + x * u.x - y * u.y, y: o.y + x * u.y + y * u.x };
  });
}
