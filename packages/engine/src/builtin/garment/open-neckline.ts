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
 * parabola through the same three points (the roundest a neckline runs), above the one curve between them
 * that best parts the greys more common in the sure inside from those more common in the front (the body
 * below the neckline). Left alone when inside and front look alike
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
  // The greys of the sure inside and of the front (the garment's body below the neckline, every other row
  // and column: not just the band under the neckline, which on an open jacket is more of the lining).
  const insideGreys = new Float32Array(256);
  for (let x = x0; x <= x1; x++) {
    const { t, corner } = sideOf(x);
    const v = f.y + (corner - f.y) * t;
    const top = shape.top[x] ?? h;
    for (let y = top; y < Math.min(h, Math.floor(v)); y++) {
      if (parts[y * w + x] !== GarmentPart.body) continue;
      const g = grey[y * w + x] ?? 0;
      insideGreys[g] = (insideGreys[g] ?? 0) + 1;
    }
  }
  const frontGreys = new Float32Array(256);
  for (let y = Math.ceil(f.y) + 1; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      if (parts[y * w + x] !== GarmentPart.body) continue;
      const g = grey[y * w + x] ?? 0;
      frontGreys[g] = (frontGreys[g] ?? 0) + 1;
    }
  }
  const insideN = insideGreys.reduce((sum, n) => sum + n, 0);
  const frontN = frontGreys.reduce((sum, n) => sum + n, 0);
  if (insideN < MIN_INSIDE || frontN === 0) return;
  if (Math.abs(meanGrey(insideGreys, insideN) - meanGrey(frontGreys, frontN)) < MIN_CONTRAST) return;
  // How common each grey is in either, a little blurred (noise, JPEG): a striped front's mean is neither of
  // its stripes, so a light stripe is nearer the lining's grey than that mean; it is not the lining's.
  const inside = histogramShares(insideGreys, insideN);
  const front = histogramShares(frontGreys, frontN);
  // The neckline runs between the V and the parabola as one smooth curve, t^p of the way from the front point
  // to the corner (p from 1, a V, to 2, the parabola): the p whose curve best parts the pixels that look like
  // the inside (above it) from those that look like the front (below it). Told pixel by pixel, a striped
  // front's stripes and specks of noise were taken out as steps and holes.
  let bestP = 2;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let p = 1; p <= 2.001; p += 0.1) {
    let score = 0;
    for (let x = x0; x <= x1; x++) {
      const { t, corner } = sideOf(x);
      const v = f.y + (corner - f.y) * t;
      const u = f.y + (corner - f.y) * t * t;
      const edge = f.y + (corner - f.y) * t ** p;
      for (let y = Math.max(0, Math.ceil(v)); y <= Math.min(h - 1, Math.floor(u)); y++) {
        const i = y * w + x;
        if (parts[i] !== GarmentPart.body) continue;
        const g = grey[i] ?? 0;
        const lean = (inside[g] ?? 0) - (front[g] ?? 0);
        score += y < edge ? lean : -lean;
      }
    }
    if (score > bestScore + 1e-9) {
      bestScore = score;
      bestP = p;
    }
  }
  for (let x = x0; x <= x1; x++) {
    const { t, corner } = sideOf(x);
    const edge = f.y + (corner - f.y) * t ** bestP;
    const top = shape.top[x] ?? h;
    for (let y = top; y < Math.min(h, edge); y++) {
      const i = y * w + x;
      if (parts[i] === GarmentPart.body) parts[i] = GarmentPart.none;
    }
  }
}

/** The mean grey of `n` samples counted by grey. */
function meanGrey(counts: Float32Array, n: number): number {
  return counts.reduce((sum, count, g) => sum + count * g, 0) / n;
}

/** How many levels either side a grey's share is spread over. */
const GREY_SPREAD = 4;

/** Each grey's share of `n` samples, counting its neighbours within `GREY_SPREAD` levels. */
function histogramShares(counts: Float32Array, n: number): Float32Array {
  const out = new Float32Array(256);
  for (let g = 0; g < 256; g++) {
    let sum = 0;
    for (let d = -GREY_SPREAD; d <= GREY_SPREAD; d++) sum += counts[g + d] ?? 0;
    out[g] = sum / n;
  }
  return out;
}
