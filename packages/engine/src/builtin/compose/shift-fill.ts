import { lumaAt, type Raster } from '../image/raster.ts';
import { seamMembrane } from '../image/seam-membrane.ts';
import { percentile } from '../image/statistics.ts';
import type { Box } from '../person/mask.ts';

/**
 * A region of the fill is copied whole only when it is at least LEAST pixels (a speck's ring is too short
 * to judge a shift by) and its bounds at most MOST of the photo's width and height: a rim round the whole
 * person is many places, no one shift's.
 */
const LEAST = 400;
const MOST = { width: 0.25, height: 0.4 } as const;
/** Shifts tried, as multiples of the region's width (across) or height (up and down). */
const SHIFTS = [1.1, 1.6, 2.2, 3] as const;
/** At least this share of a region's pixels must land on the backdrop when shifted. */
const LANDS = 0.97;
/** The ring round a region read to match a shift, in pixels. */
const RING = 3;
/** At least this many of the ring's pixels must be backdrop, shifted and not, for a shift to be judged. */
const RING_LEAST = 16;
/**
 * A copied pixel of a colour the ring does not show is a stray: colours in bins of 16 levels a channel, a
 * bin shown where the ring has at least SHOWN_LEAST of its pixels (and 3) in it or a bin next to it; a shift
 * bringing in more than STRAYS strays is not taken (old clothes the silhouette missed, a sign, a neighbour).
 */
const SHOWN_LEAST = 0.02;
const STRAYS = 0.05;
/** A backdrop whose ring's luma has half an interquartile range of this many levels or more is textured. */
const TEXTURED = 6;
/** The correction spread over the copy varies over no less than 2^SMOOTH pixels. */
const SMOOTH = 2;

/**
 * Fills regions of the marked pixels of `box` (changed in the photo) with a copy of the backdrop beside
 * them: the region shifted sideways, up or down (by one to three times its own size) onto backdrop, whichever
 * shift's ring round the region matches the ring round the region itself best in texture (the spread of
 * their difference; the mean difference, light, is the correction's), corrected to meet the backdrop round
 * the region without a step (`seamMembrane`). A backdrop's texture (a facade's windows, railings, blinds)
 * runs on through the fill; mirrored in from its edge and faded to a smooth colour deeper in, it read as a
 * blurred patch in the shape of the old sleeve. Only regions beside the new garment (an old sleeve, a rim),
 * on a textured backdrop, that the person does not enclose, and only shifts that bring in no colour the
 * ring does not show; the rest are left to the caller's fill. `kind` tells what each photo pixel is
 * (`PIXEL`): the backdrop, which may be copied; a hole, marked or under the new garment; or the person.
 * `holes` are the regions of `filled` (`regions`), when the caller has them. Returns the pixels filled
 * (box-sized, 1 filled).
 */
export function shiftFill(
  photo: Raster,
  box: Box,
  filled: Uint8Array,
  kind: Kind,
  holes: readonly Region[] = regions(filled, box.width, box.height),
): Uint8Array {
  const done = new Uint8Array(filled.length);
  const free = (i: number): boolean => kind(i) === PIXEL.backdrop;
  for (const region of holes) {
    if (region.pixels.length < LEAST) continue;
    if (region.x1 - region.x0 + 1 > photo.width * MOST.width) continue;
    if (region.y1 - region.y0 + 1 > photo.height * MOST.height) continue;
    region.ring = ringOf(region, filled, box.width, box.height);
    if (!besideGarment(region, box, kind, photo.width) || enclosed(region, box, kind, photo)) continue;
    const shift = bestShift(photo, box, region, free);
    if (!shift) continue;
    copy(photo, box, region, shift, free);
    for (const j of region.pixels) done[j] = 1;
  }
  return done;
}

/** What a photo pixel is to the fill (`shiftFill`'s `kind`). */
export const PIXEL = { backdrop: 0, hole: 1, person: 2 } as const;

/** What photo pixel `i` is to the fill (`PIXEL`). */
export type Kind = (i: number) => number;

/** Whether photo pixel `i` is backdrop, which may be copied. */
type Free = (i: number) => boolean;

/**
 * The shares of the eight directions meeting the person (of those meeting anything) from which a pixel is
 * enclosed by the person (the caller's fill turns to the person's colour from there).
 */
export const ENCLOSED = { from: 0.65, to: 0.9 } as const;

/** Pixels of a region the enclosure is read from, at most. */
const SAMPLES = 16;

/**
 * Whether the person encloses the region (under the chin, in an open neckline): from up to SAMPLES of its
 * pixels, looking out in the eight directions past what is filled or covered, the person is met first in
 * ENCLOSED.from of the directions that meet anything. What is behind it there is the person's, not a copy
 * of the backdrop (a light patch was copied into the dark gap beside party-1c's arm).
 */
export function enclosed(region: Region, box: Box, kind: Kind, photo: Raster): boolean {
  const { width: w, height: h } = photo;
  const step = Math.max(1, Math.floor(region.pixels.length / SAMPLES));
  let person = 0;
  let seen = 0;
  for (let n = 0; n < region.pixels.length; n += step) {
    const j = region.pixels[n] ?? 0;
    const x0 = box.left + (j % box.width);
    const y0 = box.top + Math.floor(j / box.width);
    for (const [dx, dy] of DIRECTIONS) {
      let x = x0 + dx;
      let y = y0 + dy;
      while (x >= 0 && y >= 0 && x < w && y < h && kind(y * w + x) === PIXEL.hole) {
        x += dx;
        y += dy;
      }
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      seen++;
      if (kind(y * w + x) === PIXEL.person) person++;
    }
  }
  return seen > 0 && person >= seen * ENCLOSED.from;
}

/** At least this share of a region's ring must be the new garment for the region to be copied into. */
const BESIDE_GARMENT = 0.02;

/**
 * Whether the region lies beside the new garment (its ring that share covered): what shows of the old
 * clothes past it, an old sleeve or a rim. Elsewhere a region is something else the clean-up took away (a
 * neighbour's collar beside his jaw took a crowd's yellow jacket), left to the caller's smooth fill.
 */
function besideGarment(region: Region, box: Box, kind: Kind, w: number): boolean {
  let covered = 0;
  for (const j of region.ring) {
    if (kind((box.top + Math.floor(j / box.width)) * w + box.left + (j % box.width)) === PIXEL.hole)
      covered++;
  }
  return covered >= region.ring.length * BESIDE_GARMENT;
}

/** The eight directions out of a pixel, as steps across and down. */
export const DIRECTIONS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

export interface Region {
  /** Box indices of the region's pixels. */
  pixels: number[];
  /** Box indices of the pixels within RING of it that are not filled (`ringOf`). */
  ring: number[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The 8-connected regions of `filled` (box-sized), each with its bounds (its ring left for `ringOf`). */
export function regions(filled: Uint8Array, bw: number, bh: number): Region[] {
  const seen = new Uint8Array(filled.length);
  const out: Region[] = [];
  for (let start = 0; start < filled.length; start++) {
    if (filled[start] !== 1 || seen[start]) continue;
    const pixels = [start];
    seen[start] = 1;
    let x0 = bw;
    let y0 = bh;
    let x1 = -1;
    let y1 = -1;
    for (let k = 0; k < pixels.length; k++) {
      const j = pixels[k] ?? 0;
      const x = j % bw;
      const y = (j - x) / bw;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= bw || ny >= bh) continue;
          const n = ny * bw + nx;
          if (filled[n] !== 1 || seen[n]) continue;
          seen[n] = 1;
          pixels.push(n);
        }
      }
    }
    out.push({ pixels, ring: [], x0, y0, x1, y1 });
  }
  return out;
}

/** The region's bounds with RING round them, within a `bw` x `bh` box (box coordinates). */
function ringBounds(region: Region, bw: number, bh: number): Box {
  const left = Math.max(0, region.x0 - RING);
  const top = Math.max(0, region.y0 - RING);
  return {
    left,
    top,
    width: Math.min(bw, region.x1 + RING + 1) - left,
    height: Math.min(bh, region.y1 + RING + 1) - top,
  };
}

/** The box indices within RING of the region (a square reach) that are not filled, each once. */
function ringOf(region: Region, filled: Uint8Array, bw: number, bh: number): number[] {
  const { left: x0, top: y0, width: rw, height: rh } = ringBounds(region, bw, bh);
  const near = new Uint8Array(rw * rh);
  const ring: number[] = [];
  for (const j of region.pixels) {
    const x = j % bw;
    const y = (j - x) / bw;
    for (let ny = Math.max(y0, y - RING); ny <= Math.min(y0 + rh - 1, y + RING); ny++) {
      for (let nx = Math.max(x0, x - RING); nx <= Math.min(x0 + rw - 1, x + RING); nx++) {
        const k = (ny - y0) * rw + (nx - x0);
        const n = ny * bw + nx;
        if (near[k] || filled[n] === 1) continue;
        near[k] = 1;
        ring.push(n);
      }
    }
  }
  return ring;
}

/**
 * The shift (photo pixels) whose copy fits `region` best, or null: of the shifts that land LANDS of it on
 * the backdrop, the one whose ring matches the region's own ring best in texture.
 */
function bestShift(photo: Raster, box: Box, region: Region, free: Free): { dx: number; dy: number } | null {
  const { width: w, height: h } = photo;
  const bw = box.width;
  const width = region.x1 - region.x0 + 1;
  const height = region.y1 - region.y0 + 1;
  const candidates: { dx: number; dy: number }[] = [];
  for (const k of SHIFTS) {
    const across = Math.max(4, Math.round(width * k));
    const along = Math.max(4, Math.round(height * k));
    candidates.push(
      { dx: across, dy: 0 },
      { dx: -across, dy: 0 },
      { dx: 0, dy: along },
      { dx: 0, dy: -along },
    );
  }
  /** The photo index of box index `j` shifted, or -1 off the photo. */
  const shifted = (j: number, s: { dx: number; dy: number }): number => {
    const x = box.left + (j % bw) + s.dx;
    const y = box.top + Math.floor(j / bw) + s.dy;
    return x < 0 || y < 0 || x >= w || y >= h ? -1 : y * w + x;
  };
  // The ring's photo pixels.
  const ring = region.ring.map((j) => (box.top + Math.floor(j / bw)) * w + box.left + (j % bw));
  // The colours the ring shows: what the copy may bring in.
  const shown = ringColours(photo, ring, free);
  if (!shown) return null;
  // A smooth backdrop (a plain wall) is filled as well by the caller's fill, which brings in nothing: a copy
  // there brought in what the silhouette had missed of the old clothes beside it. Textured is half the
  // ring's interquartile range of luma (windows and facade, stripes: two colours half and half).
  const lumas: number[] = [];
  for (const i of ring) if (free(i)) lumas.push(lumaAt(photo, i));
  if ((percentile(lumas, 0.75) - percentile(lumas, 0.25)) / 2 < TEXTURED) return null;
  let best: { dx: number; dy: number } | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const s of candidates) {
    let lands = 0;
    let strays = 0;
    for (const j of region.pixels) {
      const q = shifted(j, s);
      if (q < 0 || !free(q)) continue;
      lands++;
      if (!shown[colourBin(photo, q)]) strays++;
    }
    // Nor a copy of something the ring does not show (old clothes the silhouette missed, a sign).
    if (lands < region.pixels.length * LANDS || strays > region.pixels.length * STRAYS) continue;
    // The ring's texture against the shifted ring's: the spread of their difference, channel by channel.
    const sum = [0, 0, 0];
    const sq = [0, 0, 0];
    let n = 0;
    for (const [r, j] of region.ring.entries()) {
      const i = ring[r] ?? 0;
      const q = shifted(j, s);
      if (!free(i) || q < 0 || !free(q)) continue;
      n++;
      for (let c = 0; c < 3; c++) {
        const d = (photo.data[i * 3 + c] ?? 0) - (photo.data[q * 3 + c] ?? 0);
        sum[c] = (sum[c] ?? 0) + d;
        sq[c] = (sq[c] ?? 0) + d * d;
      }
    }
    if (n < RING_LEAST) continue;
    let score = 0;
    for (let c = 0; c < 3; c++) score += (sq[c] ?? 0) / n - ((sum[c] ?? 0) / n) ** 2;
    if (score < bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return best;
}

/** A pixel's colour bin: 16 levels a channel. */
function colourBin(photo: Raster, i: number): number {
  return (
    ((photo.data[i * 3] ?? 0) >> 4) * 256 +
    ((photo.data[i * 3 + 1] ?? 0) >> 4) * 16 +
    ((photo.data[i * 3 + 2] ?? 0) >> 4)
  );
}

/**
 * The colour bins the backdrop among the `ring`'s photo pixels shows (1 a bin of 4096), each widened to the
 * bins next to it; null with fewer than RING_LEAST backdrop pixels.
 */
function ringColours(photo: Raster, ring: readonly number[], free: Free): Uint8Array | null {
  const count = new Uint32Array(4096);
  let n = 0;
  for (const i of ring) {
    if (!free(i)) continue;
    const bin = colourBin(photo, i);
    count[bin] = (count[bin] ?? 0) + 1;
    n++;
  }
  if (n < RING_LEAST) return null;
  const least = Math.max(3, n * SHOWN_LEAST);
  const shown = new Uint8Array(4096);
  for (let bin = 0; bin < 4096; bin++) {
    const r = bin >> 8;
    const g = (bin >> 4) & 15;
    const b = bin & 15;
    let near = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dg = -1; dg <= 1; dg++) {
        for (let db = -1; db <= 1; db++) {
          const rr = r + dr;
          const gg = g + dg;
          const bb = b + db;
          if (rr < 0 || gg < 0 || bb < 0 || rr > 15 || gg > 15 || bb > 15) continue;
          near += count[rr * 256 + gg * 16 + bb] ?? 0;
        }
      }
    }
    if (near >= least) shown[bin] = 1;
  }
  return shown;
}

/**
 * Copies the backdrop `shift` away into `region`, corrected by the membrane of the differences read on its
 * ring (where both are backdrop), so the copy meets what surrounds it. A pixel whose shifted one is not
 * backdrop takes the nearest copied colour on its row instead.
 */
function copy(photo: Raster, box: Box, region: Region, shift: { dx: number; dy: number }, free: Free): void {
  const { width: w } = photo;
  const bw = box.width;
  // Worked over the region's bounds and its ring.
  const { left, top, width: rw, height: rh } = ringBounds(region, bw, box.height);
  const inside = new Float32Array(rw * rh * 3);
  const outside = new Float32Array(rw * rh * 3);
  const ring = new Uint8Array(rw * rh);
  const ok = new Uint8Array(rw * rh);
  const local = (j: number): number => ((j - (j % bw)) / bw - top) * rw + ((j % bw) - left);
  const photoIndex = (x: number, y: number): number => (box.top + y + top) * w + box.left + x + left;
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const k = y * rw + x;
      const i = photoIndex(x, y);
      const sx = box.left + x + left + shift.dx;
      const sy = box.top + y + top + shift.dy;
      const q = sx >= 0 && sy >= 0 && sx < w && sy < photo.height ? sy * w + sx : -1;
      if (q < 0 || !free(q)) continue;
      ok[k] = 1;
      for (let c = 0; c < 3; c++) {
        inside[k * 3 + c] = photo.data[q * 3 + c] ?? 0;
        outside[k * 3 + c] = photo.data[i * 3 + c] ?? 0;
      }
    }
  }
  for (const j of region.ring) {
    const k = local(j);
    if (k >= 0 && k < ring.length && ok[k] && free(photoIndex(k % rw, (k - (k % rw)) / rw))) ring[k] = 1;
  }
  const correction = seamMembrane(inside, outside, ring, { width: rw, height: rh }, SMOOTH);
  for (const j of region.pixels) {
    const k = local(j);
    let from = k;
    // A pixel whose shift is off the backdrop: the nearest one on its row that is not.
    if (!ok[from]) {
      const x = k % rw;
      for (let d = 1; d < rw && !ok[from]; d++) {
        if (x - d >= 0 && ok[k - d]) from = k - d;
        else if (x + d < rw && ok[k + d]) from = k + d;
      }
      if (!ok[from]) continue;
    }
    const i = photoIndex(k % rw, (k - (k % rw)) / rw);
    for (let c = 0; c < 3; c++) {
      const v = (inside[from * 3 + c] ?? 0) + (correction[k * 3 + c] ?? 0);
      photo.data[i * 3 + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
}
