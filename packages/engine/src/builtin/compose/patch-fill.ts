import { bilinearRgb } from '../image/bilinear.ts';
import { boxMean } from '../image/box-mean.ts';
import type { Raster } from '../image/raster.ts';
import type { Box } from '../person/mask.ts';
import { enclosed, type Kind, PIXEL, type Region, regions } from './shift-fill.ts';

/** Regions of the fill smaller than this (pixels) keep the smooth fill: too small for a texture to show. */
const LEAST = 150;
/** A patch is (2 RADIUS + 1) pixels square. */
const RADIUS = 2;
/** The full-size copy takes the matches of the centres this near (level pixels) each way. */
const VOTE = 1;
/**
 * The search works at a scale where the region holds at most this many pixels (the cost grows with them);
 * the copy is then made at full size from where the search found its patches.
 */
const WORK_PIXELS = 1500;
/** The pyramid halves the search's scale while the level stays at least this many pixels across. */
const COARSEST = 40;
/** Backdrop is looked for this far round the region (a share of its larger side), within these bounds. */
const REACH = { share: 0.25, least: 16, most: 64 } as const;
/** Search and vote rounds at the coarsest level and at each finer one. */
const ROUNDS = { coarsest: 3, finer: 1 } as const;
/**
 * Copying from as far away as the region is large costs as much as a patch differing by this much a channel
 * (levels): the backdrop nearest a pixel is likeliest what lies behind it. At 24 a grey street's gravel
 * matched the smooth grey start of a region beside mariya-b's arm, far above the ground, better than the
 * signs round it, and spread up it as a stone wall.
 */
const NEAR = 80;
/** At least this many places whose whole patch is backdrop, or the region keeps the smooth fill. */
const SOURCES_LEAST = 64;

/**
 * Fills regions of the marked pixels of `box` (changed in the photo) with the backdrop round them by
 * patch-based synthesis (PatchMatch: Barnes et al., "PatchMatch: a randomized correspondence algorithm for
 * structural image editing", 2009; filled as in Wexler et al., "Space-time completion of video", 2007): each
 * small patch over the region is matched to the most alike patch of the backdrop nearby, and each pixel
 * takes the mean of what the patches over it copy, coarse to fine. A crowd, leaves, a sign or a window
 * behind the old sleeve run on into the region in their own colours; the smooth fill there is the mean of
 * the backdrop round it (a grey smear beside clem's hoodie, where a maroon shirt and a light street met).
 * The search is made at a scale where the region is at most WORK_PIXELS, and the copy at full size from
 * the places it found. Only the backdrop (`kind` PIXEL.backdrop) is ever copied, never the person or what
 * is marked; regions the person encloses (under the chin, in a neckline) are left, their colour is the
 * person's (the caller's fill). The photo's marked pixels must already hold the smooth fill: the search
 * starts from it. `holes` are the regions of `filled` (`regions`), when the caller has them. Returns the
 * pixels filled (box-sized, 1 filled).
 */
export function patchFill(
  photo: Raster,
  box: Box,
  filled: Uint8Array,
  kind: Kind,
  holes: readonly Region[] = regions(filled, box.width, box.height),
): Uint8Array {
  const done = new Uint8Array(filled.length);
  for (const region of holes) {
    if (region.pixels.length < LEAST || enclosed(region, box, kind, photo)) continue;
    const rw = region.x1 - region.x0 + 1;
    const rh = region.y1 - region.y0 + 1;
    const reach = Math.round(Math.min(REACH.most, Math.max(REACH.least, Math.max(rw, rh) * REACH.share)));
    const left = Math.max(0, box.left + region.x0 - reach);
    const top = Math.max(0, box.top + region.y0 - reach);
    const work: Box = {
      left,
      top,
      width: Math.min(photo.width, box.left + region.x1 + 1 + reach) - left,
      height: Math.min(photo.height, box.top + region.y1 + 1 + reach) - top,
    };
    // Over the work box: the region's pixels (to fill) and the backdrop (to copy from).
    const hole = new Uint8Array(work.width * work.height);
    for (const j of region.pixels) {
      const x = box.left + (j % box.width) - work.left;
      const y = box.top + Math.floor(j / box.width) - work.top;
      hole[y * work.width + x] = 1;
    }
    const source = backdropOf(photo, work, kind, hole);
    const size = { count: region.pixels.length, size: Math.max(rw, rh) };
    if (synthesise(photo, work, hole, source, size)) {
      for (const j of region.pixels) done[j] = 1;
    }
  }
  return done;
}

/** The work box's backdrop (1), which may be copied: not the person, not marked or covered, not the hole. */
function backdropOf(photo: Raster, work: Box, kind: Kind, hole: Uint8Array): Uint8Array {
  const out = new Uint8Array(work.width * work.height);
  for (let y = 0; y < work.height; y++) {
    for (let x = 0; x < work.width; x++) {
      const j = y * work.width + x;
      out[j] = !hole[j] && kind((work.top + y) * photo.width + work.left + x) === PIXEL.backdrop ? 1 : 0;
    }
  }
  return out;
}

/** One level of the pyramid over the work box. */
interface Level {
  width: number;
  height: number;
  /** Colours, three a pixel (the hole's as filled so far). */
  colour: Float32Array;
  /** 1 where the pixel is (or holds any of) the hole. */
  hole: Uint8Array;
  /** 1 where the pixel is wholly backdrop. */
  source: Uint8Array;
  /** 1 where a patch centred there is wholly backdrop: a place to copy from. */
  valid: Uint8Array;
  /** The patches matched: centres (pixels within RADIUS of the hole), -1 elsewhere. */
  nearest: Int32Array;
  /** Each centre's patch distance to its match. */
  cost: Float32Array;
  /** How far the level is from the work box's full size (1 at full size). */
  scale: number;
  /** The cost of copying from one pixel further away, squared (see `NEAR`). */
  near: number;
  /** How far the random search reaches at first (pixels). */
  reach: number;
  /**
   * Below the coarsest level, each pixel's patch mean as the coarser level left it (three a pixel): a copied
   * patch is moved to it, the light and colour laid out coarse kept, its detail taken (`vote`).
   */
  prior: Float32Array | null;
  /** Each place's patch mean (three a pixel; the backdrop's never change). */
  means: Float32Array;
  /** 1 where the pixel is the hole or the backdrop, not the person: what patch means and colours are read over. */
  open: Uint8Array;
}

/**
 * Fills the hole in the photo (within `work`) by PatchMatch over a pyramid; false (the photo unchanged)
 * when too little backdrop lies round it to copy from.
 */
function synthesise(
  photo: Raster,
  work: Box,
  hole: Uint8Array,
  source: Uint8Array,
  region: { count: number; size: number },
): boolean {
  const scale = Math.min(1, Math.sqrt(WORK_PIXELS / Math.max(1, region.count)));
  const levels: Level[] = [];
  let level = levelOf(photo, work, { hole, source }, scale);
  levels.push(level);
  while (Math.max(level.width, level.height) / 2 >= COARSEST) {
    level = shrink(level, level.scale / 2);
    levels.push(level);
  }
  let coarse: Level | null = null;
  let state = 0x9e3779b9;
  for (let n = levels.length - 1; n >= 0; n--) {
    const l = levels[n] as Level;
    if (countValid(l) < SOURCES_LEAST) return false;
    l.near = nearCost(region.size * l.scale);
    l.reach = Math.max(1, Math.ceil(region.size * l.scale * 0.5));
    if (coarse) {
      takePrior(coarse, l);
      upsample(coarse, l);
      state = search(l, state, 1);
    } else {
      state = randomMatches(l, state);
    }
    const rounds = coarse ? ROUNDS.finer : ROUNDS.coarsest;
    for (let round = 0; round < rounds; round++) {
      vote(l);
      state = search(l, state, round % 2 === 0 ? 1 : -1);
    }
    vote(l);
    coarse = l;
  }
  const finest = levels[0] as Level;
  finest.prior = boxMean(finest.colour, finest.open, finest.width, finest.height, RADIUS);
  if (finest.scale === 1) write(photo, work, finest);
  else copyFullSize(photo, work, { hole, source }, finest);
  return true;
}

/** The cost a pixel further squared, for a region `size` pixels across at a level (`NEAR`). */
function nearCost(size: number): number {
  const patch = (2 * RADIUS + 1) ** 2;
  return (patch * 3 * NEAR * NEAR) / Math.max(1, size * size);
}

/**
 * The work box at `scale` of its full size, read from the photo by area (`byArea`), with its hole and
 * backdrop masks.
 */
function levelOf(
  photo: Raster,
  work: Box,
  masks: { hole: Uint8Array; source: Uint8Array },
  scale: number,
): Level {
  const from = {
    colour: photo.data,
    stride: photo.width,
    origin: work.top * photo.width + work.left,
    width: work.width,
    height: work.height,
    ...masks,
  };
  return byArea(from, Math.round(work.width * scale), Math.round(work.height * scale), 1);
}

/** The level at `scale` of the work box's full size from a finer level (`byArea`). */
function shrink(from: Level, scale: number): Level {
  const k = scale / from.scale;
  const grid = { ...from, stride: from.width, origin: 0 };
  return byArea(grid, Math.round(from.width * k), Math.round(from.height * k), from.scale);
}

/**
 * A `width` x `height` level from a finer grid (`width` x `height` of its own, its pixel (x, y) at
 * `origin + y * stride + x` of `colour`, three values a pixel) by area: a pixel's colour the mean of those
 * it covers, hole where any of them is, backdrop where all of them are. `scale` is the finer grid's own.
 */
function byArea(
  from: {
    colour: ArrayLike<number>;
    stride: number;
    origin: number;
    width: number;
    height: number;
    hole: Uint8Array;
    source: Uint8Array;
  },
  levelWidth: number,
  levelHeight: number,
  scale: number,
): Level {
  const width = Math.max(1, levelWidth);
  const height = Math.max(1, levelHeight);
  const colour = new Float32Array(width * height * 3);
  const count = new Float32Array(width * height);
  const hole = new Uint8Array(width * height);
  const source = new Uint8Array(width * height).fill(1);
  const column = new Int32Array(from.width);
  for (let x = 0; x < from.width; x++) column[x] = Math.min(width - 1, Math.floor((x * width) / from.width));
  for (let y = 0; y < from.height; y++) {
    const row = Math.min(height - 1, Math.floor((y * height) / from.height)) * width;
    let i = (from.origin + y * from.stride) * 3;
    for (let x = 0; x < from.width; x++, i += 3) {
      const j = y * from.width + x;
      const t = row + (column[x] ?? 0);
      count[t] = (count[t] ?? 0) + 1;
      colour[t * 3] = (colour[t * 3] ?? 0) + (from.colour[i] ?? 0);
      colour[t * 3 + 1] = (colour[t * 3 + 1] ?? 0) + (from.colour[i + 1] ?? 0);
      colour[t * 3 + 2] = (colour[t * 3 + 2] ?? 0) + (from.colour[i + 2] ?? 0);
      if (from.hole[j]) hole[t] = 1;
      if (!from.source[j]) source[t] = 0;
    }
  }
  return averaged(
    {
      width,
      height,
      colour,
      hole,
      source,
      scale: scale * (width / from.width),
      near: 0,
      reach: 1,
      prior: null,
    },
    count,
  );
}

/** The level with its colour sums divided by their counts (no pixel counted: not backdrop). */
function averaged(
  l: Omit<Level, 'valid' | 'nearest' | 'cost' | 'means' | 'open'>,
  count: Float32Array,
): Level {
  for (let t = 0; t < l.width * l.height; t++) {
    const n = count[t] || 1;
    for (let c = 0; c < 3; c++) l.colour[t * 3 + c] = (l.colour[t * 3 + c] ?? 0) / n;
    if (!count[t]) l.source[t] = 0;
  }
  return finish(l);
}

/** A level's patch places, and no matches yet. */
function finish(l: Omit<Level, 'valid' | 'nearest' | 'cost' | 'means' | 'open'>): Level {
  const n = l.width * l.height;
  const level: Level = {
    ...l,
    valid: wholePatches(l.source, l.width, l.height),
    nearest: new Int32Array(n).fill(-1),
    cost: new Float32Array(n),
    means: boxMean(l.colour, null, l.width, l.height, RADIUS),
    open: holeOrBackdrop(l.hole, l.source),
  };
  markCentres(level);
  return level;
}

/** 1 where a pixel is the hole or the backdrop. */
function holeOrBackdrop(hole: Uint8Array, source: Uint8Array): Uint8Array {
  const out = new Uint8Array(hole.length);
  for (let j = 0; j < hole.length; j++) out[j] = hole[j] || source[j] ? 1 : 0;
  return out;
}

/** 1 where the patch centred at a pixel lies wholly inside the level and on the backdrop. */
function wholePatches(source: Uint8Array, w: number, h: number): Uint8Array {
  const sums = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += source[y * w + x] ?? 0;
      sums[(y + 1) * (w + 1) + x + 1] = (sums[y * (w + 1) + x + 1] ?? 0) + row;
    }
  }
  const out = new Uint8Array(w * h);
  const side = 2 * RADIUS + 1;
  for (let y = RADIUS; y < h - RADIUS; y++) {
    for (let x = RADIUS; x < w - RADIUS; x++) {
      const x0 = x - RADIUS;
      const y0 = y - RADIUS;
      const x1 = x + RADIUS + 1;
      const y1 = y + RADIUS + 1;
      const inside =
        (sums[y1 * (w + 1) + x1] ?? 0) -
        (sums[y0 * (w + 1) + x1] ?? 0) -
        (sums[y1 * (w + 1) + x0] ?? 0) +
        (sums[y0 * (w + 1) + x0] ?? 0);
      out[y * w + x] = inside === side * side ? 1 : 0;
    }
  }
  return out;
}

/** Marks the centres to match (`nearest` 0 for now): every pixel within RADIUS of the hole. */
function markCentres(l: Level): void {
  const { width: w, height: h, hole, nearest } = l;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!hole[y * w + x]) continue;
      for (let dy = -RADIUS; dy <= RADIUS; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -RADIUS; dx <= RADIUS; dx++) {
          const nx = x + dx;
          if (nx >= 0 && nx < w) nearest[ny * w + nx] = 0;
        }
      }
    }
  }
}

function countValid(l: Level): number {
  let n = 0;
  for (let j = 0; j < l.valid.length; j++) n += l.valid[j] ?? 0;
  return n;
}

/**
 * Lays the coarser level's result on the finer one: its colours read bilinearly (from the hole and the
 * backdrop only) start the finer level's hole, and the patch means over the hole so started and the backdrop
 * are the finer level's `prior`. The person beside the hole is neither's: read in, a red person's colour
 * came into the copies beside it.
 */
function takePrior(coarse: Level, fine: Level): void {
  const k = coarse.scale / fine.scale;
  const { width: w, height: h, colour, hole } = fine;
  const out = new Float32Array(3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (!hole[p]) continue;
      levelColour(coarse, (x + 0.5) * k - 0.5, (y + 0.5) * k - 0.5, out, coarse.open);
      for (let c = 0; c < 3; c++) colour[p * 3 + c] = out[c] ?? 0;
    }
  }
  fine.prior = boxMean(colour, fine.open, w, h, RADIUS);
}

/** The next state of a 32-bit xorshift generator (never 0 from a state that is not 0). */
function next(state: number): number {
  let s = state ^ (state << 13);
  s ^= s >>> 17;
  s ^= s << 5;
  return s >>> 0;
}

/** A random place to copy from for each centre (the coarsest level's start); answers the generator's state. */
function randomMatches(l: Level, state: number): number {
  const places: number[] = [];
  for (let j = 0; j < l.valid.length; j++) if (l.valid[j]) places.push(j);
  let s = state;
  for (let j = 0; j < l.nearest.length; j++) {
    if ((l.nearest[j] ?? -1) < 0) continue;
    s = next(s);
    const q = places[s % places.length] ?? 0;
    l.nearest[j] = q;
    l.cost[j] = distance(l, j, q, Number.POSITIVE_INFINITY);
  }
  return s;
}

/**
 * The squared colour distance between the patches centred at `p` (the target: its hole pixels as filled so
 * far) and `q` (the backdrop), over the target's pixels inside the level; stops once past `best`.
 */
function distance(l: Level, p: number, q: number, best: number): number {
  const { width: w, height: h, colour } = l;
  const px = p % w;
  const py = (p - px) / w;
  const qx = q % w;
  const qy = (q - qx) / w;
  let sum = l.near * ((px - qx) * (px - qx) + (py - qy) * (py - qy));
  for (let dy = -RADIUS; dy <= RADIUS; dy++) {
    const ty = py + dy;
    if (ty < 0 || ty >= h) continue;
    for (let dx = -RADIUS; dx <= RADIUS; dx++) {
      const tx = px + dx;
      if (tx < 0 || tx >= w) continue;
      const a = (ty * w + tx) * 3;
      const b = ((qy + dy) * w + qx + dx) * 3;
      const dr = (colour[a] ?? 0) - (colour[b] ?? 0);
      const dg = (colour[a + 1] ?? 0) - (colour[b + 1] ?? 0);
      const db = (colour[a + 2] ?? 0) - (colour[b + 2] ?? 0);
      sum += dr * dr + dg * dg + db * db;
    }
    if (sum >= best) return sum;
  }
  return sum;
}

/**
 * One PatchMatch pass over the centres, in scan order (`direction` 1) or reversed (-1): each centre tries
 * its neighbours' matches shifted by one (propagation) and random places round its own, at halving reach
 * (random search), and keeps the nearest. Answers the generator's state.
 */
function search(l: Level, state: number, direction: 1 | -1): number {
  const { width: w, height: h, nearest, cost, valid } = l;
  let s = state;
  const n = w * h;
  for (let k = 0; k < n; k++) {
    const p = direction === 1 ? k : n - 1 - k;
    let best = nearest[p] ?? -1;
    if (best < 0) continue;
    let bestCost = cost[p] ?? Number.POSITIVE_INFINITY;
    const px = p % w;
    // Propagation: the neighbour before this one (left, then above) matched q; this one tries q shifted.
    const sideways = px - direction >= 0 && px - direction < w ? (nearest[p - direction] ?? -1) : -1;
    if (sideways >= 0) {
      const q = sideways + direction;
      const qx = (sideways % w) + direction;
      if (qx >= 0 && qx < w && valid[q]) {
        const d = distance(l, p, q, bestCost);
        if (d < bestCost) {
          best = q;
          bestCost = d;
        }
      }
    }
    const row = p - direction * w;
    const vertical = row >= 0 && row < n ? (nearest[row] ?? -1) : -1;
    if (vertical >= 0) {
      const q = vertical + direction * w;
      if (q >= 0 && q < n && valid[q]) {
        const d = distance(l, p, q, bestCost);
        if (d < bestCost) {
          best = q;
          bestCost = d;
        }
      }
    }
    // Random search round the best so far, the reach halving from half the region's size (further away,
    // a copy costs more than any patch can gain: `NEAR`).
    for (let reach = l.reach; reach >= 1; reach = Math.floor(reach / 2)) {
      s = next(s);
      const bx = best % w;
      const by = (best - bx) / w;
      const x = bx + ((s & 0xffff) % (2 * reach + 1)) - reach;
      const y = by + ((s >>> 16) % (2 * reach + 1)) - reach;
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const q = y * w + x;
      if (!valid[q]) continue;
      const d = distance(l, p, q, bestCost);
      if (d < bestCost) {
        best = q;
        bestCost = d;
      }
    }
    nearest[p] = best;
    cost[p] = bestCost;
  }
  return s;
}

/** Each hole pixel's colour: the mean of what the matched patches over it copy there. */
function vote(l: Level): void {
  const { width: w, height: h, hole, nearest, colour, prior, means } = l;
  const sum = new Float32Array(3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (!hole[p]) continue;
      let n = 0;
      sum.fill(0);
      for (let dy = -RADIUS; dy <= RADIUS; dy++) {
        const cy = y + dy;
        if (cy < 0 || cy >= h) continue;
        for (let dx = -RADIUS; dx <= RADIUS; dx++) {
          const cx = x + dx;
          if (cx < 0 || cx >= w) continue;
          const q = nearest[cy * w + cx] ?? -1;
          if (q < 0) continue;
          // The pixel sits at (-dx, -dy) from that centre; so does its copy from the centre's match, moved
          // (below the coarsest level) from its own patch's mean to the centre's as the coarser level left it.
          const src = (q - dy * w - dx) * 3;
          const centre = (cy * w + cx) * 3;
          for (let c = 0; c < 3; c++) {
            const shift = prior ? (prior[centre + c] ?? 0) - (means[q * 3 + c] ?? 0) : 0;
            sum[c] = (sum[c] ?? 0) + (colour[src + c] ?? 0) + shift;
          }
          n++;
        }
      }
      if (n === 0) continue;
      for (let c = 0; c < 3; c++) colour[p * 3 + c] = (sum[c] ?? 0) / n;
    }
  }
}

/**
 * The finer level's matches from the coarser one's: each centre takes its coarse centre's match scaled up
 * and moved by where it lies within that centre, or a random place nearby if that is not backdrop.
 */
function upsample(coarse: Level, fine: Level): void {
  const k = fine.scale / coarse.scale;
  const { width: w, height: h, nearest, cost, valid } = fine;
  for (let p = 0; p < w * h; p++) {
    if ((nearest[p] ?? -1) < 0) continue;
    const x = p % w;
    const y = (p - x) / w;
    const cx = Math.min(coarse.width - 1, Math.floor(x / k));
    const cy = Math.min(coarse.height - 1, Math.floor(y / k));
    const cq = coarse.nearest[cy * coarse.width + cx] ?? -1;
    let q = -1;
    if (cq >= 0) {
      const qx0 = cq % coarse.width;
      const qy0 = (cq - qx0) / coarse.width;
      const qx = Math.round((qx0 - cx) * k) + x;
      const qy = Math.round((qy0 - cy) * k) + y;
      if (qx >= 0 && qy >= 0 && qx < w && qy < h && valid[qy * w + qx]) q = qy * w + qx;
      // Off the backdrop at this scale (its edge is finer here): the nearest place round that one.
      else q = nearestValid(fine, Math.round(qx0 * k), Math.round(qy0 * k), Math.ceil(2 * k) + RADIUS);
    }
    nearest[p] = q;
    // A centre with no match keeps none: the vote leaves its pixels to the other patches over them.
    cost[p] = q < 0 ? Number.POSITIVE_INFINITY : distance(fine, p, q, Number.POSITIVE_INFINITY);
  }
}

/** The place to copy from nearest (x, y) within `most` pixels, looked for in growing squares; -1 if none. */
function nearestValid(l: Level, x: number, y: number, most: number): number {
  const { width: w, height: h, valid } = l;
  for (let r = 0; r <= most; r++) {
    for (let dy = -r; dy <= r; dy++) {
      const ny = y + dy;
      if (ny < 0 || ny >= h) continue;
      const step = Math.abs(dy) === r ? 1 : 2 * r;
      for (let dx = -r; dx <= r; dx += step) {
        const nx = x + dx;
        if (nx >= 0 && nx < w && valid[ny * w + nx]) return ny * w + nx;
      }
    }
  }
  return -1;
}

/**
 * The hole at full size from the finest level's matches: each of its pixels takes the mean of what the
 * matched patches over its place copy, read from the photo at full size (the same offsets, scaled up), so
 * the copy keeps the backdrop's own detail; where none of them lands on the backdrop, the level's colour.
 */
function copyFullSize(
  photo: Raster,
  work: Box,
  masks: { hole: Uint8Array; source: Uint8Array },
  l: Level,
): void {
  const { width: w, height: h, nearest, means } = l;
  const prior = l.prior ?? l.means;
  const k = l.scale;
  const ww = work.width;
  const wh = work.height;
  const data = photo.data;
  // Each centre's match moves its patch by so many level pixels: its pixels at full size move as far, scaled.
  const moveX = new Int32Array(w * h);
  const moveY = new Int32Array(w * h);
  for (let c = 0; c < w * h; c++) {
    const q = nearest[c] ?? -1;
    if (q < 0) continue;
    const qx = q % w;
    const cx = c % w;
    moveX[c] = Math.round((qx - cx) / k);
    moveY[c] = Math.round(((q - qx) / w - (c - cx) / w) / k);
  }
  const sum = new Float32Array(3);
  for (let y = 0; y < wh; y++) {
    // Where the pixel lies among the level's pixels: each centre's copy weighs by a tent round it, so the
    // copies change smoothly from one level pixel to the next (taken whole within each, they showed as a
    // mosaic of blocks where neighbouring centres copied from different places).
    const v = (y + 0.5) * k - 0.5;
    const ly = Math.floor(v);
    for (let x = 0; x < ww; x++) {
      if (!masks.hole[y * ww + x]) continue;
      const u = (x + 0.5) * k - 0.5;
      const lx = Math.floor(u);
      let n = 0;
      sum.fill(0);
      for (let cy = Math.max(0, ly - VOTE); cy <= Math.min(h - 1, ly + 1 + VOTE); cy++) {
        const wy = VOTE + 1 - Math.abs(cy - v);
        if (wy <= 0) continue;
        for (let cx = Math.max(0, lx - VOTE); cx <= Math.min(w - 1, lx + 1 + VOTE); cx++) {
          const wx = VOTE + 1 - Math.abs(cx - u);
          const c = cy * w + cx;
          if (wx <= 0 || (nearest[c] ?? -1) < 0) continue;
          const sx = x + (moveX[c] ?? 0);
          const sy = y + (moveY[c] ?? 0);
          if (sx < 0 || sy < 0 || sx >= ww || sy >= wh || !masks.source[sy * ww + sx]) continue;
          const i = ((work.top + sy) * photo.width + work.left + sx) * 3;
          const weight = wx * wy;
          // Moved from the match's patch mean to the centre's, as the level found it (see `vote`).
          const q = (nearest[c] ?? 0) * 3;
          for (let ch = 0; ch < 3; ch++) {
            const shift = (prior[c * 3 + ch] ?? 0) - (means[q + ch] ?? 0);
            sum[ch] = (sum[ch] ?? 0) + weight * ((data[i + ch] ?? 0) + shift);
          }
          n += weight;
        }
      }
      const o = ((work.top + y) * photo.width + work.left + x) * 3;
      if (n === 0) levelColour(l, u, v, sum);
      else for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) / n;
      for (let c = 0; c < 3; c++) {
        const v = Math.round(sum[c] ?? 0);
        data[o + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
}

/**
 * The level's colour at (x, y) in its pixels, read bilinearly into `out`: read at the nearest pixel, the
 * full-size copy showed the level's pixels as blocks where no match landed on the backdrop.
 */
function levelColour(
  l: Level,
  x: number,
  y: number,
  out: Float32Array,
  keep: Uint8Array | null = null,
): void {
  if (bilinearRgb(l.colour, l.width, l.height, x, y, keep, out)) return;
  const j =
    Math.round(Math.min(l.height - 1, Math.max(0, y))) * l.width +
    Math.round(Math.min(l.width - 1, Math.max(0, x)));
  for (let c = 0; c < 3; c++) out[c] = l.colour[j * 3 + c] ?? 0;
}

/** Writes the level's hole (full size) into the photo. */
function write(photo: Raster, work: Box, l: Level): void {
  for (let y = 0; y < l.height; y++) {
    for (let x = 0; x < l.width; x++) {
      const j = y * l.width + x;
      if (!l.hole[j]) continue;
      const i = ((work.top + y) * photo.width + work.left + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = Math.round(l.colour[j * 3 + c] ?? 0);
        photo.data[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
}
