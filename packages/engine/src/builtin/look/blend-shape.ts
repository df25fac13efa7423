import type { Point } from '../geometry/point.ts';
import { FACE_OVAL } from './face-oval.ts';

/** Inside this share of the face width from the outline, the shopper's shape fades in. */
const FADE = 0.18;

/**
 * Target points for the warp that carry the shopper's proportions (eye spacing, nose length, mouth width)
 * into the model's face: the shopper's mesh is fitted onto the model's by a similarity transform (least
 * squares), and interior points move `amount` of the way toward it. Points on the face outline do not move
 * and the move fades in from it, so the seam stays on the model's jaw and cheeks.
 */
export function blendShape(source: readonly Point[], target: readonly Point[], amount: number): Point[] {
  const fitted = similarityFit(source, target);
  const outline = FACE_OVAL.map((i) => target[i] ?? { x: 0, y: 0 });
  const xs = outline.map((p) => p.x);
  const width = Math.max(1, Math.max(...xs) - Math.min(...xs));
  return target.map((t, i) => {
    const f = fitted[i] ?? t;
    const edge = Math.min(...outline.map((o) => Math.hypot(o.x - t.x, o.y - t.y)));
    const k = amount * Math.min(1, edge / (width * FADE));
    return { x: t.x + (f.x - t.x) * k, y: t.y + (f.y - t.y) * k };
  });
}

/** `from` moved by the rotation, uniform scale and shift that best lay it on `to` (Umeyama, 2D). */
function similarityFit(from: readonly Point[], to: readonly Point[]): Point[] {
  const n = Math.min(from.length, to.length);
  let fx = 0;
  let fy = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < n; i++) {
    fx += from[i]?.x ?? 0;
    fy += from[i]?.y ?? 0;
    tx += to[i]?.x ?? 0;
    ty += to[i]?.y ?? 0;
  }
  fx /= n;
  fy /= n;
  tx /= n;
  ty /= n;
  let a = 0;
  let b = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const px = (from[i]?.x ?? 0) - fx;
    const py = (from[i]?.y ?? 0) - fy;
    const qx = (to[i]?.x ?? 0) - tx;
    const qy = (to[i]?.y ?? 0) - ty;
    a += px * qx + py * qy;
    b += px * qy - py * qx;
    norm += px * px + py * py;
  }
  const c = a / (norm || 1);
  const s = b / (norm || 1);
  return from.map((p) => {
    const px = p.x - fx;
    const py = p.y - fy;
    return { x: tx + c * px - s * py, y: ty + s * px + c * py };
  });
}
