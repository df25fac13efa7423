import type { Point } from '../geometry/point.ts';
import type { Raster } from '../image/raster.ts';
import { type Box, boundingBox } from '../person/mask.ts';
import type { Wrap } from './wrap-round.ts';

/** A warped garment part over a box of the photo: RGBA, alpha 0 where the part does not land. */
export interface Layer extends Box {
  rgba: Uint8ClampedArray;
}

export const emptyLayer = (box: Box): Layer => ({
  ...box,
  rgba: new Uint8ClampedArray(box.width * box.height * 4),
});

/**
 * Fills `layer` with the garment pixels that `map` (photo point -> cut-out point, null off the part) lands on
 * it, sampled bilinearly, keeping only cut-out pixels labelled `part` (the sleeve a sleeve's map may reach
 * past into the body, which the body's own layer draws). The map is evaluated every `step` pixels and
 * interpolated between (a smooth spline needs no more); where a grid cell has an unmapped corner, every
 * pixel of it is evaluated. `wrap` (a part taken round the body) moves where the colour is read, not the
 * coverage: the part's outline stays the map's own, and its soft edge is not squeezed with the print.
 */
export function warpInto(
  layer: Layer,
  garment: Raster,
  parts: Uint8Array,
  part: number,
  map: (x: number, y: number) => Point | null,
  step = 1,
  wrap: Wrap = (q) => q,
): void {
  const cols = Math.ceil(layer.width / step) + 1;
  const rows = Math.ceil(layer.height / step) + 1;
  const gx = new Float32Array(cols * rows);
  const gy = new Float32Array(cols * rows);
  // Where the colour is read: the wrap's shift from the map's point.
  const dx = new Float32Array(cols * rows);
  const dy = new Float32Array(cols * rows);
  const ok = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const q = map(layer.left + c * step, layer.top + r * step);
      if (!q) continue;
      const w = wrap(q);
      gx[r * cols + c] = q.x;
      gy[r * cols + c] = q.y;
      dx[r * cols + c] = w.x - q.x;
      dy[r * cols + c] = w.y - q.y;
      ok[r * cols + c] = 1;
    }
  }
  const sampler = new Sampler(garment, parts, part);
  // A grid's value between its four corners round `i00`, by their weights.
  const at = (grid: Float32Array, i00: number, w00: number, w01: number, w10: number, w11: number): number =>
    (grid[i00] ?? 0) * w00 +
    (grid[i00 + 1] ?? 0) * w01 +
    (grid[i00 + cols] ?? 0) * w10 +
    (grid[i00 + cols + 1] ?? 0) * w11;
  for (let y = 0; y < layer.height; y++) {
    const r = Math.floor(y / step);
    const fy = (y - r * step) / step;
    for (let x = 0; x < layer.width; x++) {
      const c = Math.floor(x / step);
      const i00 = r * cols + c;
      const o = (y * layer.width + x) * 4;
      if (ok[i00] && ok[i00 + 1] && ok[i00 + cols] && ok[i00 + cols + 1]) {
        const fx = (x - c * step) / step;
        const w00 = (1 - fx) * (1 - fy);
        const w01 = fx * (1 - fy);
        const w10 = (1 - fx) * fy;
        const w11 = fx * fy;
        const u = at(gx, i00, w00, w01, w10, w11);
        const v = at(gy, i00, w00, w01, w10, w11);
        const cu = u + at(dx, i00, w00, w01, w10, w11);
        const cv = v + at(dy, i00, w00, w01, w10, w11);
        sampler.sample(layer.rgba, o, u, v, cu, cv);
      } else if (step > 1) {
        const q = map(layer.left + x, layer.top + y);
        if (!q) continue;
        const moved = wrap(q);
        sampler.sample(layer.rgba, o, q.x, q.y, moved.x, moved.y);
      }
    }
  }
}

/** Bilinear RGBA samples of the cut-out, counting only pixels of one part. */
class Sampler {
  private readonly g: Raster;
  private readonly parts: Uint8Array;
  private readonly part: number;

  constructor(g: Raster, parts: Uint8Array, part: number) {
    this.g = g;
    this.parts = parts;
    this.part = part;
  }

  /** The last `read`'s colour sums (premultiplied by coverage) and coverage: no object a pixel. */
  private r = 0;
  private gr = 0;
  private b = 0;
  private a = 0;

  /**
   * Writes the sample at (u, v) over what `out` holds at `o` (a part never overlaps itself): its coverage
   * read there, its colour at (cu, cv), or at (u, v) where the part has none at (cu, cv).
   */
  sample(out: Uint8ClampedArray, o: number, u: number, v: number, cu = u, cv = v): void {
    this.read(u, v);
    const a = this.a;
    if (a <= 0.002) return;
    if (cu !== u || cv !== v) this.read(cu, cv);
    if (this.a <= 0.002) this.read(u, v);
    // The colour read at its own coverage, laid at the coverage read at (u, v).
    const k = a / this.a;
    const prev = (out[o + 3] ?? 0) / 255;
    const na = a + prev * (1 - a);
    out[o] = (this.r * k + (out[o] ?? 0) * prev * (1 - a)) / na;
    out[o + 1] = (this.gr * k + (out[o + 1] ?? 0) * prev * (1 - a)) / na;
    out[o + 2] = (this.b * k + (out[o + 2] ?? 0) * prev * (1 - a)) / na;
    out[o + 3] = na * 255;
  }

  /** Reads the part bilinearly at (u, v) into `r`, `gr`, `b` and `a`. */
  private read(u: number, v: number): void {
    const { g, parts, part } = this;
    this.r = 0;
    this.gr = 0;
    this.b = 0;
    this.a = 0;
    const x0 = Math.floor(u);
    const y0 = Math.floor(v);
    if (x0 < -1 || y0 < -1 || x0 >= g.width || y0 >= g.height) return;
    const fx = u - x0;
    const fy = v - y0;
    for (let k = 0; k < 4; k++) {
      const x = x0 + (k & 1);
      const y = y0 + (k >> 1);
      if (x < 0 || y < 0 || x >= g.width || y >= g.height) continue;
      const i = y * g.width + x;
      if (parts[i] !== part) continue;
      const w = (k & 1 ? fx : 1 - fx) * (k >> 1 ? fy : 1 - fy) * ((g.data[i * 4 + 3] ?? 0) / 255);
      this.r += w * (g.data[i * 4] ?? 0);
      this.gr += w * (g.data[i * 4 + 1] ?? 0);
      this.b += w * (g.data[i * 4 + 2] ?? 0);
      this.a += w;
    }
  }
}

/** A layer's alpha at a photo pixel, 0 outside it (or without a layer). */
export function layerAlpha(l: Layer | null, x: number, y: number): number {
  if (!l || x < l.left || y < l.top || x >= l.left + l.width || y >= l.top + l.height) return 0;
  return l.rgba[((y - l.top) * l.width + x - l.left) * 4 + 3] ?? 0;
}

/** One layer holding both (`b` over `a` where both are opaque); either alone when the other is null. */
export function mergeLayers(a: Layer | null, b: Layer | null): Layer | null {
  if (!a || !b) return a ?? b;
  const out = emptyLayer(boundingBox([a, b]));
  for (const layer of [a, b]) {
    for (let y = 0; y < layer.height; y++) {
      for (let x = 0; x < layer.width; x++) {
        const o = (y * layer.width + x) * 4;
        if ((layer.rgba[o + 3] ?? 0) === 0) continue;
        out.rgba.set(
          layer.rgba.subarray(o, o + 4),
          ((y + layer.top - out.top) * out.width + x + layer.left - out.left) * 4,
        );
      }
    }
  }
  return out;
}
