import { dist, type Point } from '../geometry/point.ts';
import { emptyLayer, type Layer } from './warp-layer.ts';

/** Round each shoulder seam, within this share of the seams' distance, the sleeve and the body must meet. */
const JOIN_REACH = 0.3;
/** Notches narrower than this share of the seams' distance are closed there. */
const JOIN_GAP = 0.07;

/**
 * Each sleeve is warped down its arm by a spline of its own, the body by another: on an arm hanging out
 * from the body, or raised, the sleeve's top turns away from the body's shoulder and a notch opens at the
 * seam, showing the old clothes or the backdrop where a worn garment is sewn shut. Round each seam this
 * closes the coverage of body and sleeves (a dilation then an erosion by a square `JOIN_GAP` wide) and
 * answers a layer of what was closed, coloured from the garment round it (its mean colour within the gap's
 * width, weighted by coverage), to be drawn under the sleeves. Null when nothing was closed. The neckline
 * and the gap between a hanging arm and the torso, further from the seams, are left open.
 */
export function shoulderJoins(layers: readonly (Layer | null)[], seams: readonly Point[]): Layer | null {
  const drawn = layers.filter((l): l is Layer => l !== null);
  if (drawn.length < 2 || seams.length < 2) return null;
  const across = dist(seams[0] ?? { x: 0, y: 0 }, seams[1] ?? { x: 0, y: 0 });
  const reach = Math.max(4, Math.round(across * JOIN_REACH));
  const r = Math.max(1, Math.round((across * JOIN_GAP) / 2));
  let out: Layer | null = null;
  for (const seam of seams) {
    const box = {
      left: Math.round(seam.x - reach - r),
      top: Math.round(seam.y - reach - r),
      width: 2 * (reach + r) + 1,
      height: 2 * (reach + r) + 1,
    };
    const { alpha, rgb } = union(drawn, box);
    const closed = erode(dilate(alpha, box.width, box.height, r), box.width, box.height, r);
    const w = box.width;
    let any = false;
    for (let i = 0; i < closed.length; i++) {
      if ((closed[i] ?? 0) >= 128 && (alpha[i] ?? 0) < 128) {
        const x = (i % w) - reach - r;
        const y = Math.floor(i / w) - reach - r;
        if (x * x + y * y <= reach * reach) {
          any = true;
          continue;
        }
      }
      closed[i] = 0;
    }
    if (!any) continue;
    // The garment's colour round each closed pixel: a box mean of colour weighted by coverage.
    const layer: Layer = out ?? emptyLayer(joinBox(drawn));
    out = layer;
    const weight = boxSum(
      Float32Array.from(alpha, (a) => a / 255),
      w,
      box.height,
      2 * r,
    );
    const sums = [0, 1, 2].map((k) =>
      boxSum(
        Float32Array.from(alpha, (a, i) => (a / 255) * (rgb[i * 3 + k] ?? 0)),
        w,
        box.height,
        2 * r,
      ),
    );
    for (let i = 0; i < closed.length; i++) {
      if (!closed[i]) continue;
      const wt = weight[i] ?? 0;
      if (wt <= 0) continue;
      const x = box.left + (i % w) - layer.left;
      const y = box.top + Math.floor(i / w) - layer.top;
      if (x < 0 || y < 0 || x >= layer.width || y >= layer.height) continue;
      const o = (y * layer.width + x) * 4;
      for (let k = 0; k < 3; k++) layer.rgba[o + k] = (sums[k]?.[i] ?? 0) / wt;
      layer.rgba[o + 3] = 255;
    }
  }
  return out;
}

/** The layers' coverage (0-255, the most of any) and colour (the topmost's) over `box`. */
function union(
  layers: readonly Layer[],
  box: { left: number; top: number; width: number; height: number },
): { alpha: Uint8Array; rgb: Float32Array } {
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

/** The box all layers cover. */
function joinBox(layers: readonly Layer[]): { left: number; top: number; width: number; height: number } {
  const left = Math.min(...layers.map((l) => l.left));
  const top = Math.min(...layers.map((l) => l.top));
  const right = Math.max(...layers.map((l) => l.left + l.width));
  const bottom = Math.max(...layers.map((l) => l.top + l.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** A square max (dilate) or min (erode) filter of radius r, rows then columns. */
function dilate(values: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return rank(values, w, h, r, Math.max);
}

function erode(values: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return rank(values, w, h, r, Math.min);
}

function rank(
  values: Uint8Array,
  w: number,
  h: number,
  r: number,
  pick: (...v: number[]) => number,
): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = values[y * w + x] ?? 0;
      for (let d = 1; d <= r; d++) {
        v = pick(v, values[y * w + Math.max(0, x - d)] ?? 0, values[y * w + Math.min(w - 1, x + d)] ?? 0);
      }
      rows[y * w + x] = v;
    }
  }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = rows[y * w + x] ?? 0;
      for (let d = 1; d <= r; d++) {
        v = pick(v, rows[Math.max(0, y - d) * w + x] ?? 0, rows[Math.min(h - 1, y + d) * w + x] ?? 0);
      }
      out[y * w + x] = v;
    }
  }
  return out;
}

/** Sums over a square of radius r round each pixel (a summed-area table). */
function boxSum(values: Float32Array, w: number, h: number, r: number): Float32Array {
  const stride = w + 1;
  const table = new Float64Array(stride * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += values[y * w + x] ?? 0;
      table[(y + 1) * stride + x + 1] = (table[y * stride + x + 1] ?? 0) + row;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      out[y * w + x] =
        (table[y1 * stride + x1] ?? 0) -
        (table[y0 * stride + x1] ?? 0) -
        (table[y1 * stride + x0] ?? 0) +
        (table[y0 * stride + x0] ?? 0);
    }
  }
  return out;
}
