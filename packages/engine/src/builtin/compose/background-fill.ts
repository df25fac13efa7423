import type { Raster } from '../image/raster.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';

/** The fill's broad colour is found at most this many pixels across (Telea's cost grows with what it fills). */
const WORK_SIDE = 220;
/** The backdrop's local mean is read over this blur (pixels at the working scale): past its texture. */
const BROAD_SIGMA = 3;
/** Below this share of backdrop within the blur's reach (its mean is then the nearest few pixels'), a pixel's broad colour is Telea's. */
const MIN_BACKDROP = 0.5;

/**
 * Fills the marked pixels of the photo (changed in place) from the backdrop round them, over the marked
 * region's bounds only. Neither `hidden` pixels (what the new garment covers) nor `person` pixels (the
 * silhouette: arms, neck, head) are backdrop: they lend the fill neither colour nor texture.
 *
 * Two layers. The broad colour is the backdrop's local mean (a blur of the backdrop alone, normalised by its
 * share), and where too little backdrop is within the blur's reach, Telea's inpainting of that mean; both at
 * most WORK_SIDE pixels across. On its own that is a smooth smear, and over a busy backdrop (a building's
 * windows, leaves, brick) it read as a blurred patch in the shape of the old sleeve. So the backdrop's texture
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
  let x0 = w;
  let y0 = h;
  let x1 = 0;
  let y1 = 0;
  for (let i = 0; i < w * h; i++) {
    if (!marked[i]) continue;
    const x = i % w;
    const y = Math.floor(i / w);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x + 1);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y + 1);
  }
  if (x1 <= x0) return;
  // Room round the fill for the backdrop its texture is mirrored from (no further than `fade` out).
  const pad = Math.max(8, Math.ceil(fade) + 2);
  x0 = Math.max(0, x0 - pad);
  x1 = Math.min(w, x1 + pad);
  y0 = Math.max(0, y0 - pad);
  y1 = Math.min(h, y1 + pad);
  const bw = x1 - x0;
  const bh = y1 - y0;
  // The box's backdrop: neither filled, nor under the garment, nor the person. Without any, whatever is
  // neither filled nor covered seeds the fill, as best it can.
  const free = new Uint8Array(bw * bh);
  let anyFree = false;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = (y0 + y) * w + x0 + x;
      free[y * bw + x] = marked[i] || hidden[i] || person[i] ? 0 : 1;
      anyFree ||= free[y * bw + x] === 1;
    }
  }
  const seeds = anyFree
    ? free
    : Uint8Array.from(free, (_, j) => {
        const i = (y0 + Math.floor(j / bw)) * w + x0 + (j % bw);
        return marked[i] || hidden[i] ? 0 : 1;
      });
  const level = broadColour(cv, photo, { left: x0, top: y0, width: bw, height: bh }, seeds);
  // Each filled pixel's nearest edge onto the backdrop, along its row or its column, and its mirror there.
  const nearest = new Float32Array(bw * bh).fill(Number.POSITIVE_INFINITY);
  const mirror = new Int32Array(bw * bh).fill(-1);
  const isMarked = (x: number, y: number): boolean => marked[(y0 + y) * w + x0 + x] === 1;
  const isFree = (x: number, y: number): boolean =>
    x >= 0 && y >= 0 && x < bw && y < bh && free[y * bw + x] === 1;
  for (const along of [true, false]) {
    const lines = along ? bh : bw;
    const length = along ? bw : bh;
    const at = (line: number, t: number): number => (along ? line * bw + t : t * bw + line);
    const markedAt = (line: number, t: number): boolean => (along ? isMarked(t, line) : isMarked(line, t));
    const freeAt = (line: number, t: number): boolean => (along ? isFree(t, line) : isFree(line, t));
    for (let line = 0; line < lines; line++) {
      let t = 0;
      while (t < length) {
        if (!markedAt(line, t)) {
          t++;
          continue;
        }
        const a = t;
        while (t < length && markedAt(line, t)) t++;
        const b = t;
        const before = freeAt(line, a - 1);
        const after = freeAt(line, b);
        for (let p = a; p < b; p++) {
          for (const [open, q] of [
            [before, 2 * a - 1 - p],
            [after, 2 * b - 1 - p],
          ] as const) {
            const d = Math.abs(q - p);
            const j = at(line, p);
            if (!open || d >= (nearest[j] ?? 0) || !freeAt(line, q)) continue;
            nearest[j] = d;
            mirror[j] = at(line, q);
          }
        }
      }
    }
  }
  const data = photo.data;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      if (!isMarked(x, y)) continue;
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
 * The backdrop's broad colour over the box (RGB floats, box-sized): its local mean where it is within
 * reach, Telea's inpainting of that mean where it is not; worked at most WORK_SIDE pixels across.
 */
function broadColour(
  cv: OpenCv,
  photo: Raster,
  box: { left: number; top: number; width: number; height: number },
  seeds: Uint8Array,
): Float32Array {
  const { width: bw, height: bh } = box;
  const mats: Mat[] = [];
  const mat = (): Mat => {
    const m = new cv.Mat();
    mats.push(m);
    return m;
  };
  try {
    const src = new cv.Mat(bh, bw, cv.CV_32FC3);
    const weight = new cv.Mat(bh, bw, cv.CV_32FC1);
    mats.push(src, weight);
    // `.data32F` of an OpenCV.js Mat is a new view through embind each time: taken once a Mat.
    const s = src.data32F;
    const wt = weight.data32F;
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const j = y * bw + x;
        const i = ((box.top + y) * photo.width + box.left + x) * 3;
        const k = seeds[j] ?? 0;
        wt[j] = k;
        for (let c = 0; c < 3; c++) s[j * 3 + c] = k * (photo.data[i + c] ?? 0);
      }
    }
    const scale = Math.min(1, WORK_SIDE / Math.max(bw, bh));
    const size = new cv.Size(Math.max(1, Math.round(bw * scale)), Math.max(1, Math.round(bh * scale)));
    const sum = mat();
    const share = mat();
    cv.resize(src, sum, size, 0, 0, cv.INTER_AREA);
    cv.resize(weight, share, size, 0, 0, cv.INTER_AREA);
    cv.GaussianBlur(sum, sum, new cv.Size(0, 0), BROAD_SIGMA, BROAD_SIGMA, cv.BORDER_REFLECT);
    cv.GaussianBlur(share, share, new cv.Size(0, 0), BROAD_SIGMA, BROAD_SIGMA, cv.BORDER_REFLECT);
    const small = new cv.Mat(size.height, size.width, cv.CV_8UC3);
    const hole = new cv.Mat(size.height, size.width, cv.CV_8UC1);
    mats.push(small, hole);
    const sm = sum.data32F;
    const sh = share.data32F;
    const smallData = small.data;
    const holeData = hole.data;
    for (let j = 0; j < sh.length; j++) {
      const k = sh[j] ?? 0;
      holeData[j] = k < MIN_BACKDROP ? 255 : 0;
      for (let c = 0; c < 3; c++) smallData[j * 3 + c] = k < MIN_BACKDROP ? 0 : (sm[j * 3 + c] ?? 0) / k;
    }
    const filled = mat();
    cv.inpaint(small, hole, filled, 3, cv.INPAINT_TELEA);
    const up = mat();
    filled.convertTo(filled, cv.CV_32FC3);
    cv.resize(filled, up, new cv.Size(bw, bh), 0, 0, cv.INTER_LINEAR);
    return new Float32Array(up.data32F);
  } finally {
    for (const m of mats) m.delete();
  }
}
