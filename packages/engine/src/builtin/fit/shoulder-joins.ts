import { dist, type Point } from '../geometry/point.ts';
import { boxBlur } from '../image/box-blur.ts';
import { type Box, boundingBox, clipBox } from '../person/mask.ts';
import { emptyLayer, type Layer } from './warp-layer.ts';

/** Round each shoulder seam, within this share of the seams' distance, the sleeve and the body must meet. */
const JOIN_REACH = 0.3;
/** Notches narrower than this share of the seams' distance are closed there. */
const JOIN_GAP = 0.07;
/** The four directions a closed pixel looks along for the garment's colour. */
const STEPS = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
] as const;

/**
 * Each sleeve is warped down its arm by a spline of its own, the body by another: on an arm hanging out
 * from the body, or raised, the sleeve's top turns away from the body's shoulder and a notch opens at the
 * seam, showing the old clothes or the backdrop where a worn garment is sewn shut. Round each seam this
 * closes the coverage of body and sleeves (a dilation then an erosion by a square `JOIN_GAP` wide) and
 * answers a layer of what was closed, coloured from the garment round it (the nearest garment along its row
 * and column), to be drawn under the sleeves. Null when nothing was closed. The neckline is left open; the
 * slit between a hanging arm's sleeve and the torso, further from the seams, is `armGaps`'s.
 */
export function shoulderJoins(layers: readonly (Layer | null)[], seams: readonly Point[]): Layer | null {
  const drawn = layers.filter((l): l is Layer => l !== null);
  if (drawn.length < 2 || seams.length < 2) return null;
  const across = dist(seams[0] ?? { x: 0, y: 0 }, seams[1] ?? { x: 0, y: 0 });
  const reach = Math.max(4, Math.round(across * JOIN_REACH));
  const r = Math.max(1, Math.round((across * JOIN_GAP) / 2));
  let out: Layer | null = null;
  const boxes = seams.map((seam) => ({
    left: Math.round(seam.x - reach - r),
    top: Math.round(seam.y - reach - r),
    width: 2 * (reach + r) + 1,
    height: 2 * (reach + r) + 1,
  }));
  for (const box of boxes) {
    const { alpha, rgb } = union(drawn, box);
    const { covered, closed, any } = closeNotches(alpha, box.width, box.height, r, reach);
    if (!any) continue;
    // One layer over both seams' boxes (not the whole garment's: the canvas draws every pixel of it).
    const layer: Layer = out ?? emptyLayer(clipBox(boundingBox(boxes), boundingBox(drawn)));
    out = layer;
    // Each closed pixel in the colours of the nearest garment along its row and column (the notch is at
    // most 2r wide), the nearer weighing more.
    colourClosed(layer, box, { covered, closed, rgb }, r);
  }
  return out;
}

/**
 * Closes the coverage `alpha` (a box `w` x `h` round a seam at its centre) by a square `r` from its centre:
 * dilated where any covered pixel lies within r, then eroded where any pixel within r was not dilated (box
 * means: one pixel in the square is 1 / (2r + 1)^2 of it). `closed` is what the closing added within `reach`
 * of the seam; `covered` what was covered already. Loops of their own, out of `shoulderJoins`' body, which
 * V8 compiled again for each of them on every try-on.
 */
function closeNotches(
  alpha: Uint8Array,
  w: number,
  h: number,
  r: number,
  reach: number,
): { covered: Float32Array; closed: Uint8Array; any: boolean } {
  const n = w * h;
  const one = 0.5 / (2 * r + 1) ** 2;
  const covered = new Float32Array(n);
  for (let i = 0; i < n; i++) covered[i] = (alpha[i] ?? 0) >= 128 ? 1 : 0;
  const near = boxBlur(covered, w, h, r);
  const notDilated = new Float32Array(n);
  for (let i = 0; i < n; i++) notDilated[i] = (near[i] ?? 0) > one ? 0 : 1;
  const open = boxBlur(notDilated, w, h, r);
  const closed = new Uint8Array(n);
  let any = false;
  for (let i = 0; i < n; i++) {
    if (covered[i] || (open[i] ?? 0) > one) continue;
    const x = (i % w) - reach - r;
    const y = Math.floor(i / w) - reach - r;
    if (x * x + y * y > reach * reach) continue;
    closed[i] = 1;
    any = true;
  }
  return { covered, closed, any };
}

/**
 * Colours `layer` where `closed` (over `box`) with the colours (`rgb`) of the nearest `covered` pixel along
 * its row and column both ways, within 2r + 1, the nearer weighing more.
 */
function colourClosed(
  layer: Layer,
  box: Box,
  notch: { covered: Float32Array; closed: Uint8Array; rgb: Float32Array },
  r: number,
): void {
  const { covered, closed, rgb } = notch;
  const w = box.width;
  const h = box.height;
  const sum = [0, 0, 0];
  for (let i = 0; i < w * h; i++) {
    if (!closed[i]) continue;
    const x = box.left + (i % w) - layer.left;
    const y = box.top + Math.floor(i / w) - layer.top;
    if (x < 0 || y < 0 || x >= layer.width || y >= layer.height) continue;
    const bx = i % w;
    const by = Math.floor(i / w);
    let weight = 0;
    sum[0] = 0;
    sum[1] = 0;
    sum[2] = 0;
    for (const [sx, sy] of STEPS) {
      for (let d = 1; d <= 2 * r + 1; d++) {
        const cx = bx + sx * d;
        const cy = by + sy * d;
        if (cx < 0 || cy < 0 || cx >= w || cy >= h) break;
        const j = cy * w + cx;
        if (!covered[j]) continue;
        for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (rgb[j * 3 + k] ?? 0) / d;
        weight += 1 / d;
        break;
      }
    }
    if (weight === 0) continue;
    const o = (y * layer.width + x) * 4;
    for (let k = 0; k < 3; k++) layer.rgba[o + k] = (sum[k] ?? 0) / weight;
    layer.rgba[o + 3] = 255;
  }
}

/** The layers' coverage (0-255, the most of any) and colour (the topmost's) over `box`. */
function union(layers: readonly Layer[], box: Box): { alpha: Uint8Array; rgb: Float32Array } {
  const alpha = new Uint8Array(box.width * box.height);
  const rgb = new Float32Array(box.width * box.height * 3);
  for (const layer of layers) {
    for (let y = 0; y < box.height; y++) {
      const ly = box.top + y - layer.top;
      if (ly < 0 || ly >= layer.height) continue;
      for (let x = 0; x < box.width; x++) {
        const lx = box.left + x - layer.left;
        if (lx < 0 || lx >= layer.width) continue;
        const o = (ly * layer.width + lx) * 4;
        const a = layer.rgba[o + 3] ?? 0;
        if (a === 0) continue;
        const i = y * box.width + x;
        if (a >= (alpha[i] ?? 0)) {
          rgb[i * 3] = layer.rgba[o] ?? 0;
          rgb[i * 3 + 1] = layer.rgba[o + 1] ?? 0;
          rgb[i * 3 + 2] = layer.rgba[o + 2] ?? 0;
        }
        alpha[i] = Math.max(alpha[i] ?? 0, a);
      }
    }
  }
  return { alpha, rgb };
}
