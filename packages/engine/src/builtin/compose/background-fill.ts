import type { Raster } from '../image/raster.ts';
import { spreadReadings } from '../image/seam-membrane.ts';
import { type Box, boxAbove } from '../person/mask.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';
import { patchFill } from './patch-fill.ts';
import { DIRECTIONS, ENCLOSED, type Kind, PIXEL, regions, shiftFill } from './shift-fill.ts';

/** The fill's broad colour is found at most this many pixels across: it is smooth, and its cost grows with the box. */
const WORK_SIDE = 220;
/** The backdrop's local mean is read over this blur (pixels at the working scale): past its texture. */
const BROAD_SIGMA = 3;
/** Below this share of backdrop within the blur's reach (its mean is then the nearest few pixels'), a pixel's broad colour is spread from the pixels round it. */
const MIN_BACKDROP = 0.5;

/**
 * Fills the marked pixels of the photo (changed in place) from the backdrop round them, over the marked
 * region's bounds only. `hidden` pixels (what the new garment covers) lend the fill nothing; `person` pixels
 * (the silhouette: arms, neck, hair; the part map's labels, 0 off the person) lend it colour only where they
 * all but enclose it, and never texture. Regions the backdrop surrounds take a copy of it (`shiftFill`)
 * where it is textured; the rest the fill below.
 *
 * Two layers. The broad colour is the backdrop's local mean (a blur of the backdrop alone, normalised by its
 * share) and, where too little backdrop is within the blur's reach, those means spread over it (push-pull,
 * `spreadReadings`) alone or, where the person encloses the fill, with the person round it too; at most
 * WORK_SIDE pixels across. Telea's inpainting was used there before: where its fronts from backdrops of
 * different colours met (a brown wall above, a blue sign beside) it left a straight seam across the fill,
 * which read as the edge of a flat patch. A fill seeded by the person everywhere left a dark smudge of braids or an arm beside the new
 * garment. On its own the broad colour is a smooth
 * smear, and over a busy backdrop (a building's windows, leaves, brick) it read as a blurred patch in the
 * shape of the old sleeve. So the backdrop's texture
 * (less its own broad colour) is carried in from the nearest edge of the fill that meets the backdrop, along
 * the pixel's row or its column, mirrored across that edge: at the edge the mirror is the edge itself, so the
 * backdrop runs on without a seam. It fades out over `fade` pixels into the fill: deep in a wide fill,
 * mirrored rows that met the edge at different places read as streaks. A filled pixel whose mirror falls on
 * the person, on what the garment covers or on another filled pixel keeps the broad colour alone.
 */
export function fillFromBackground(
  cv: OpenCv,
  photo: Raster,
  marked: Uint8Array,
  hidden: Uint8Array,
  person: Uint8Array,
  fade: number,
): void {
  const { width: w, height: h } = photo;
  const found = boxAbove(marked, w, 0);
  if (found.width === 0) return;
  // Room round the fill for the backdrop its texture is mirrored from (no further than `fade` out).
  const pad = Math.max(8, Math.ceil(fade) + 2);
  const x0 = Math.max(0, found.left - pad);
  const x1 = Math.min(w, found.left + found.width + pad);
  const y0 = Math.max(0, found.top - pad);
  const y1 = Math.min(h, found.top + found.height + pad);
  const bw = x1 - x0;
  const bh = y1 - y0;
  // Over the box: what is filled; what may seed the fill's colour away from the backdrop, whatever is
  // neither filled nor covered (open); and of that the backdrop, what is not the person either (free).
  const box = { left: x0, top: y0, width: bw, height: bh };
  const filled = new Uint8Array(bw * bh);
  const free = new Uint8Array(bw * bh);
  const open = new Uint8Array(bw * bh);
  readMasks({ marked, hidden, person, stride: w }, box, { filled, free, open });
  // Regions the backdrop surrounds take a copy of the backdrop beside them; the rest the fill below.
  const kind = kindOf(marked, hidden, person);
  const holes = regions(filled, bw, bh);
  const copied = shiftFill(photo, box, filled, kind, holes);
  for (let j = 0; j < filled.length; j++) if (copied[j]) filled[j] = 0;
  const level = broadColour(cv, photo, box, free, open);
  // Each filled pixel's nearest edge onto the backdrop, along its row or its column, and its mirror there.
  const nearest = new Float32Array(bw * bh).fill(Number.POSITIVE_INFINITY);
  const mirror = new Int32Array(bw * bh).fill(-1);
  const mirrors: Mirrors = { filled, free, nearest, mirror };
  for (let y = 0; y < bh; y++) scan(mirrors, y * bw, 1, bw);
  for (let x = 0; x < bw; x++) scan(mirrors, x, bw, bh);
  layFill(photo, box, { filled, nearest, mirror, level }, fade);
  // Over a backdrop with texture or colours the smooth fill averages away, patches of it carry on.
  patchFill(
    photo,
    box,
    filled,
    kind,
    holes.filter((region) => !copied[region.pixels[0] ?? 0]),
  );
}

/** What each pixel of the photo is to the fill (`PIXEL`): a hole (marked or covered), the person or backdrop. */
function kindOf(marked: Uint8Array, hidden: Uint8Array, person: Uint8Array): Kind {
  return (i) => (marked[i] || hidden[i] ? PIXEL.hole : person[i] ? PIXEL.person : PIXEL.backdrop);
}

// fillFromBackground's loops, each a function of its own (and the scans no closures made a try-on): in its
// body V8 compiled the whole of it again for each loop on every try-on.

/**
 * Over `box`: what is filled (`marked`); what may seed the fill's colour away from the backdrop, whatever
 * is neither filled nor covered (`open`); and of that the backdrop, what is not the person either (`free`).
 */
function readMasks(
  photo: { marked: Uint8Array; hidden: Uint8Array; person: Uint8Array; stride: number },
  box: Box,
  out: { filled: Uint8Array; free: Uint8Array; open: Uint8Array },
): void {
  const { marked, hidden, person, stride: w } = photo;
  const { filled, free, open } = out;
  for (let y = 0; y < box.height; y++) {
    for (let x = 0, i = (box.top + y) * w + box.left, j = y * box.width; x < box.width; x++, i++, j++) {
      filled[j] = marked[i] === 1 ? 1 : 0;
      open[j] = marked[i] || hidden[i] ? 0 : 1;
      free[j] = open[j] && !person[i] ? 1 : 0;
    }
  }
}

/** Each filled pixel's nearest edge onto the backdrop (`nearest`, in pixels) and its mirror there. */
interface Mirrors {
  filled: Uint8Array;
  free: Uint8Array;
  nearest: Float32Array;
  mirror: Int32Array;
}

/**
 * The mirror q of pixel p across an edge onto the backdrop, kept when it is backdrop and nearer than one
 * found before (on a line of `length` pixels `step` apart from `start`).
 */
function consider(m: Mirrors, start: number, step: number, length: number, p: number, q: number): void {
  const j = start + p * step;
  const d = Math.abs(q - p);
  if (d >= (m.nearest[j] ?? 0) || q < 0 || q >= length || m.free[start + q * step] !== 1) return;
  m.nearest[j] = d;
  m.mirror[j] = start + q * step;
}

/** The mirrors along a row or a column: a line of `length` pixels `step` apart from `start` in the box. */
function scan(m: Mirrors, start: number, step: number, length: number): void {
  const { filled, free } = m;
  let t = 0;
  while (t < length) {
    if (filled[start + t * step] !== 1) {
      t++;
      continue;
    }
    const a = t;
    while (t < length && filled[start + t * step] === 1) t++;
    const b = t;
    const before = a > 0 && free[start + (a - 1) * step] === 1;
    const after = b < length && free[start + b * step] === 1;
    for (let p = a; p < b; p++) {
      if (before) consider(m, start, step, length, p, 2 * a - 1 - p);
      if (after) consider(m, start, step, length, p, 2 * b - 1 - p);
    }
  }
}

/**
 * Lays the fill on the photo's `box`: the broad colour `level`, and the backdrop's texture (less its own
 * broad colour) from each filled pixel's mirror, full at the edge, fading out over `fade` pixels into it.
 */
function layFill(
  photo: Raster,
  box: Box,
  fill: { filled: Uint8Array; nearest: Float32Array; mirror: Int32Array; level: Float32Array },
  fade: number,
): void {
  const { filled, nearest, mirror, level } = fill;
  const { left: x0, top: y0, width: bw, height: bh } = box;
  const w = photo.width;
  const data = photo.data;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      if (filled[y * bw + x] !== 1) continue;
      const j = y * bw + x;
      const q = mirror[j] ?? -1;
      // The backdrop's texture, full at the edge, fades out over `fade` pixels into the fill.
      const k = q < 0 ? 0 : Math.max(0, 1 - ((nearest[j] ?? 0) - 1) / (2 * fade));
      const i = ((y0 + y) * w + x0 + x) * 3;
      const src = ((y0 + Math.floor(q / bw)) * w + x0 + (q % bw)) * 3;
      for (let c = 0; c < 3; c++) {
        const base = level[j * 3 + c] ?? 0;
        const v = k > 0 ? base + k * ((data[src + c] ?? 0) - (level[q * 3 + c] ?? 0)) : base;
        data[i + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
}

/**
 * The fill's broad colour over the box (RGB floats, box-sized), worked at most WORK_SIDE pixels across: the
 * backdrop's local mean where the backdrop is within reach; elsewhere those means spread over the rest,
 * and where the person encloses the fill (an open neckline, between the neck and hair) from the open pixels
 * (the person) round it too, so it takes the colour round it rather than a far backdrop's.
 */
function broadColour(
  cv: OpenCv,
  photo: Raster,
  box: { left: number; top: number; width: number; height: number },
  backdrop: Uint8Array,
  open: Uint8Array,
): Float32Array {
  const { width: bw, height: bh } = box;
  const mats: Mat[] = [];
  const mat = (rows?: number, cols?: number, type?: number): Mat => {
    const m = rows === undefined ? new cv.Mat() : new cv.Mat(rows, cols ?? 0, type ?? 0);
    mats.push(m);
    return m;
  };
  try {
    const raw = mat(bh, bw, cv.CV_32FC3);
    const src = mat(bh, bw, cv.CV_32FC3);
    const weight = mat(bh, bw, cv.CV_32FC1);
    const openness = mat(bh, bw, cv.CV_32FC1);
    // `.data32F` of an OpenCV.js Mat is a new view through embind each time: taken once a Mat.
    const r = raw.data32F;
    const s = src.data32F;
    const wt = weight.data32F;
    const op = openness.data32F;
    readBox(photo, box, backdrop, open, { raw: r, backdrop: s, weight: wt, open: op });
    const scale = Math.min(1, WORK_SIDE / Math.max(bw, bh));
    const size = new cv.Size(Math.max(1, Math.round(bw * scale)), Math.max(1, Math.round(bh * scale)));
    const [rawSmall, sum, share, openSmall] = [mat(), mat(), mat(), mat()];
    cv.resize(raw, rawSmall, size, 0, 0, cv.INTER_AREA);
    cv.resize(src, sum, size, 0, 0, cv.INTER_AREA);
    cv.resize(weight, share, size, 0, 0, cv.INTER_AREA);
    cv.resize(openness, openSmall, size, 0, 0, cv.INTER_AREA);
    cv.GaussianBlur(sum, sum, new cv.Size(0, 0), BROAD_SIGMA, BROAD_SIGMA, cv.BORDER_REFLECT);
    cv.GaussianBlur(share, share, new cv.Size(0, 0), BROAD_SIGMA, BROAD_SIGMA, cv.BORDER_REFLECT);
    const n = size.width * size.height;
    const seeds = new Float32Array(n * 3);
    const hole = new Uint8Array(n);
    const notNear = new Uint8Array(n);
    seedFill(
      { raw: rawSmall.data32F, sum: sum.data32F, share: share.data32F, open: openSmall.data32F },
      { colour: seeds, hole, notNear },
    );
    // Seeded by the person too, the gap an old sleeve leaves beside an arm took a smear of the arm's colour,
    // though what lies behind it is the backdrop. So the person's colour is kept only where the person all
    // but encloses the pixel (between the neck and the hair, deep in an open neckline): looking out from it
    // in the eight directions, past what is filled or covered, it meets the person far more often than the
    // backdrop. Elsewhere the fill is spread from the backdrop alone. Each fill is made only when some
    // pixel takes it.
    const enclosed = enclosure(notNear, hole, size.width, size.height);
    const { byPerson, byBackdrop } = fillsTaken(notNear, hole, enclosed);
    const filled = byPerson ? spreadInto(seeds, hole, size) : seeds;
    // From the backdrop alone where the person does not wholly enclose: a reading only where it is near.
    if (byBackdrop) mixFills(filled, spreadInto(seeds, notNear, size), notNear, enclosed);
    const filledMat = mat(size.height, size.width, cv.CV_32FC3);
    filledMat.data32F.set(filled);
    const up = mat();
    cv.resize(filledMat, up, new cv.Size(bw, bh), 0, 0, cv.INTER_LINEAR);
    return new Float32Array(up.data32F);
  } finally {
    for (const m of mats) m.delete();
  }
}

/**
 * The seed colours (three channels a pixel, at the working scale) where `unknown` is 0, spread over the
 * pixels where it is 255 (`spreadReadings`).
 */
function spreadInto(
  seeds: Float32Array,
  unknown: Uint8Array,
  size: { width: number; height: number },
): Float32Array {
  const known = new Uint8Array(unknown.length);
  for (let j = 0; j < unknown.length; j++) known[j] = unknown[j] === 0 ? 1 : 0;
  return spreadReadings(seeds, known, size, 0);
}

// broadColour's loops, each a function of its own: in its body V8 compiled the whole of it again for each
// loop on every try-on.

/**
 * Reads the box of the photo into `out`: its colours (`raw`), its colours weighed by `backdrop` (`backdrop`),
 * `backdrop` itself (`weight`) and `open` (`open`); three channels a pixel for colours.
 */
function readBox(
  photo: Raster,
  box: Box,
  backdrop: Uint8Array,
  open: Uint8Array,
  out: { raw: Float32Array; backdrop: Float32Array; weight: Float32Array; open: Float32Array },
): void {
  const { raw: r, backdrop: s, weight: wt, open: op } = out;
  const { width: bw, height: bh } = box;
  const data = photo.data;
  for (let y = 0; y < bh; y++) {
    let i = ((box.top + y) * photo.width + box.left) * 3;
    for (let j = y * bw; j < (y + 1) * bw; j++, i += 3) {
      const k = backdrop[j] ?? 0;
      wt[j] = k;
      op[j] = open[j] ?? 0;
      const red = data[i] ?? 0;
      const green = data[i + 1] ?? 0;
      const blue = data[i + 2] ?? 0;
      r[j * 3] = red;
      r[j * 3 + 1] = green;
      r[j * 3 + 2] = blue;
      s[j * 3] = k * red;
      s[j * 3 + 1] = k * green;
      s[j * 3 + 2] = k * blue;
    }
  }
}

/**
 * At the working scale, the fill's seed colour (`colour`, three channels): the backdrop's local mean where
 * enough backdrop is near (`share` at least MIN_BACKDROP), an open pixel's own colour where it is wholly
 * open; `hole` (255) where neither, what the spread fills; `notNear` (255) where the backdrop is not near.
 */
function seedFill(
  small: { raw: Float32Array; sum: Float32Array; share: Float32Array; open: Float32Array },
  out: { colour: Float32Array; hole: Uint8Array; notNear: Uint8Array },
): void {
  const { raw: rs, sum: sm, share: sh, open: os } = small;
  const { colour, hole, notNear } = out;
  for (let j = 0; j < sh.length; j++) {
    const k = sh[j] ?? 0;
    const near = k >= MIN_BACKDROP;
    // An open pixel wholly so (not averaged with the old clothes beside it) seeds with its own colour.
    const seed = !near && (os[j] ?? 0) > 0.99;
    hole[j] = near || seed ? 0 : 255;
    notNear[j] = near ? 0 : 255;
    for (let c = 0; c < 3; c++) {
      colour[j * 3 + c] = near ? (sm[j * 3 + c] ?? 0) / k : seed ? (rs[j * 3 + c] ?? 0) : 0;
    }
  }
}

/** Which of the two fills some pixel takes: the person's (enclosed at all) and the backdrop's (not wholly). */
function fillsTaken(
  notNear: Uint8Array,
  hole: Uint8Array,
  enclosed: Float32Array,
): { byPerson: boolean; byBackdrop: boolean } {
  let byPerson = false;
  let byBackdrop = false;
  for (let j = 0; j < notNear.length; j++) {
    if (notNear[j] === 0) continue;
    const t = enclosed[j] ?? 1;
    if (hole[j] === 255 && t > 0) byPerson = true;
    if (t < 1) byBackdrop = true;
  }
  return { byPerson, byBackdrop };
}

/** Mixes the backdrop's fill into the person's (`filled`, changed) by how little the person encloses each pixel. */
function mixFills(
  filled: Float32Array,
  backdrop: Float32Array,
  notNear: Uint8Array,
  enclosed: Float32Array,
): void {
  for (let j = 0; j < notNear.length; j++) {
    if (notNear[j] === 0) continue;
    const t = enclosed[j] ?? 1;
    for (let c = 0; c < 3; c++)
      filled[j * 3 + c] = (backdrop[j * 3 + c] ?? 0) * (1 - t) + (filled[j * 3 + c] ?? 0) * t;
  }
}

const NONE = 0;
const PERSON = 1;
const BACKDROP = 2;

/**
 * For each pixel that is not backdrop (`notNear` 255), how far the person encloses it, 0 to 1: looking out
 * from it in the eight directions, past the pixels of `hole` (filled or covered), which is met first, the
 * backdrop (`notNear` 0) or the person (neither); the share of directions meeting the person taken from
 * ENCLOSED.from (0) to .to (1). Leaving the box meets nothing. One sweep a direction: what a pixel meets
 * looking that way is its neighbour there, or what that neighbour meets when it is a hole.
 */
function enclosure(notNear: Uint8Array, hole: Uint8Array, w: number, h: number): Float32Array {
  const person = new Uint8Array(w * h);
  const seen = new Uint8Array(w * h);
  const met = new Uint8Array(w * h);
  for (const [dx, dy] of DIRECTIONS) {
    // Each pixel after the neighbour it looks to: rows against dy, columns against dx.
    for (let n = 0; n < h; n++) {
      const y = dy > 0 ? h - 1 - n : n;
      for (let m = 0; m < w; m++) {
        const x = dx > 0 ? w - 1 - m : m;
        const u = x + dx;
        const v = y + dy;
        let what = NONE;
        if (u >= 0 && v >= 0 && u < w && v < h) {
          const k = v * w + u;
          what = notNear[k] === 0 ? BACKDROP : hole[k] === 0 ? PERSON : (met[k] ?? NONE);
        }
        const j = y * w + x;
        met[j] = what;
        if (what === PERSON) person[j] = (person[j] ?? 0) + 1;
        if (what !== NONE) seen[j] = (seen[j] ?? 0) + 1;
      }
    }
  }
  const out = new Float32Array(w * h);
  for (let j = 0; j < w * h; j++) {
    if (notNear[j] === 0) continue;
    const share = seen[j] ? (person[j] ?? 0) / (seen[j] ?? 1) : 0;
    out[j] = Math.min(1, Math.max(0, (share - ENCLOSED.from) / (ENCLOSED.to - ENCLOSED.from)));
  }
  return out;
}
