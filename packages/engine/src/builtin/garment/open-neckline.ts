import type { Point } from '../geometry/point.ts';
import { GarmentPart } from './garment.ts';
import type { GarmentShape } from './garment-shape.ts';

/** Inside and front must differ by at least this much grey for the pixels between them to be told apart. */
const MIN_CONTRAST = 6;
/** At least this many pixels of the sure inside, else the neckline is too shallow to open. */
const MIN_INSIDE = 12;

/**
 * A flat-lay top shows the inside of its back through its front neckline; worn, that is behind the body, and
 * the neckline opens onto the wearer. This takes those pixels out of the garment's body (`parts` set to
 * none, in place): above the straight lines from the neckline's corners to its lowest front point, the
 * inside for sure (a round neckline runs below them, a V-neck along them); between those lines and the
 * parabola through the same three points (the roundest a neckline runs), a pixel is the inside when its
 * grey is nearer the sure inside's than the front's (the body below the neckline). Left alone when inside and front look alike
 * (a dark garment hides the inside of its back, and its front point was only estimated).
 */
export function openNeckline(
  parts: Uint8Array,
  shape: GarmentShape,
  grey: Uint8Array,
  neck: { left: Point; right: Point; front: Point },
): void {
  const { width: w, height: h } = shape;
  const a = neck.left.x < neck.right.x ? neck.left : neck.right;
  const b = a === neck.left ? neck.right : neck.left;
  const f = neck.front;
  if (!(a.x < f.x && f.x < b.x)) return;
  /** Depths of the front neckline's V lines and of its roundest parabola at column x. */
  const sideOf = (x: number): { t: number; corner: number } =>
    x <= f.x ? { t: (f.x - x) / (f.x - a.x), corner: a.y } : { t: (x - f.x) / (b.x - f.x), corner: b.y };
  const x0 = Math.max(0, Math.ceil(a.x));
  const x1 = Math.min(w - 1, Math.floor(b.x));
  let insideSum = 0;
  let insideN = 0;
  for (let x = x0; x <= x1; x++) {
    const { t, corner } = sideOf(x);
    const v = f.y + (corner - f.y) * t;
    const top = shape.top[x] ?? h;
    for (let y = top; y < Math.min(h, Math.floor(v)); y++) {
      if (parts[y * w + x] !== GarmentPart.body) continue;
      insideSum += grey[y * w + x] ?? 0;
      insideN++;
    }
  }
  // The front: the garment's body below the neckline (every other row and column: a mean needs no more).
  // Not just the band under the neckline, which on an open jacket is more of the lining.
  let frontSum = 0;
  let frontN = 0;
  for (let y = Math.ceil(f.y) + 1; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      if (parts[y * w + x] !== GarmentPart.body) continue;
      frontSum += grey[y * w + x] ?? 0;
      frontN++;
    }
  }
  if (insideN < MIN_INSIDE || frontN === 0) return;
  const inside = insideSum / insideN;
  const front = frontSum / frontN;
  if (Math.abs(inside - front) < MIN_CONTRAST) return;
  for (let x = x0; x <= x1; x++) {
    const { t, corner } = sideOf(x);
    const v = f.y + (corner - f.y) * t;
    const u = f.y + (corner - f.y) * t * t;
    const top = shape.top[x] ?? h;
    for (let y = top; y <= Math.min(h - 1, Math.floor(u)); y++) {
      const i = y * w + x;
      if (parts[i] !== GarmentPart.body) continue;
      const g = grey[i] ?? 0;
      if (y < v || Math.abs(g - inside) < Math.abs(g - front)) parts[i] = GarmentPart.none;
    }
  }
}
