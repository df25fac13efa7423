import type { Raster } from '../image/raster.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';

/** The garment alone: an RGBA crop around it whose alpha is its shape (0 or 255). */
export interface GarmentCutout {
  image: Raster;
}

/**
 * How far a background pixel may be from the border pixel its fill started at. A fixed range, not a
 * neighbour-to-neighbour one: JPEG edges form gentle ramps that a floating fill climbs into the garment.
 * Seeds all along the border follow a backdrop whose light falls off slowly.
 */
const FLOOD_RANGE = 20;
/** How far a border pixel may be from the backdrop colour to start a fill. */
const SEED_DISTANCE = 48;

/**
 * Cuts a flat-lay garment out of its plain background: flood fill from the border, keep the largest shape
 * that is left and fill its holes. Returns null when the photo has no plain background to fill (a busy
 * photo, noise) or nothing garment-sized is left.
 */
export function cutOutGarment(cv: OpenCv, rgb: Raster): GarmentCutout | null {
  const { width: w, height: h } = rgb;
  const mats: Mat[] = [];
  const keep = <T extends Mat>(m: T): T => {
    mats.push(m);
    return m;
  };
  try {
    const src = keep(new cv.Mat(h, w, cv.CV_8UC3));
    src.data.set(rgb.data);
    const fill = keep(cv.Mat.zeros(h + 2, w + 2, cv.CV_8UC1));
    const backdrop = borderMedian(rgb);
    const step = new cv.Scalar(FLOOD_RANGE, FLOOD_RANGE, FLOOD_RANGE, 0);
    const flags = 4 | cv.FLOODFILL_MASK_ONLY | cv.FLOODFILL_FIXED_RANGE | (255 << 8);
    for (const [x, y] of borderPoints(w, h, 6)) {
      if (fill.ucharPtr(y + 1, x + 1)[0] !== 0) continue;
      const i = (y * w + x) * 3;
      const d = Math.hypot(
        (rgb.data[i] ?? 0) - backdrop[0],
        (rgb.data[i + 1] ?? 0) - backdrop[1],
        (rgb.data[i + 2] ?? 0) - backdrop[2],
      );
      if (d > SEED_DISTANCE) continue;
      cv.floodFill(src, fill, new cv.Point(x, y), new cv.Scalar(255), new cv.Rect(), step, step, flags);
    }
    const background = keep(fill.roi(new cv.Rect(1, 1, w, h)));
    const borderFilled = borderShare(background, w, h);
    const backgroundShare = cv.countNonZero(background) / (w * h);
    if (borderFilled < 0.6 || backgroundShare < 0.15) return null;

    const shape = keep(new cv.Mat());
    cv.bitwise_not(background, shape);
    const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(5, 5)));
    cv.morphologyEx(shape, shape, cv.MORPH_OPEN, kernel);
    const contours = new cv.MatVector();
    const hierarchy = keep(new cv.Mat());
    cv.findContours(shape, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    let best = -1;
    let bestArea = 0;
    for (let i = 0; i < contours.size(); i++) {
      const area = cv.contourArea(contours.get(i));
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    if (best < 0 || bestArea < 0.04 * w * h) {
      contours.delete();
      return null;
    }
    const solid = keep(cv.Mat.zeros(h, w, cv.CV_8UC1));
    cv.drawContours(solid, contours, best, new cv.Scalar(255), cv.FILLED);
    const box = cv.boundingRect(contours.get(best));
    contours.delete();
    return { image: crop(rgb, solid.data, box) };
  } finally {
    for (const m of mats) m.delete();
  }
}

function crop(
  rgb: Raster,
  alpha: Uint8Array,
  box: { x: number; y: number; width: number; height: number },
): Raster {
  const out = new Uint8Array(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const s = (y + box.y) * rgb.width + (x + box.x);
      const o = (y * box.width + x) * 4;
      out[o] = rgb.data[s * 3] ?? 0;
      out[o + 1] = rgb.data[s * 3 + 1] ?? 0;
      out[o + 2] = rgb.data[s * 3 + 2] ?? 0;
      out[o + 3] = alpha[s] ?? 0;
    }
  }
  return { data: out, width: box.width, height: box.height, channels: 4 };
}

function* borderPoints(w: number, h: number, step: number): Generator<[number, number]> {
  for (let x = 0; x < w; x += step) {
    yield [x, 0];
    yield [x, h - 1];
  }
  for (let y = 0; y < h; y += step) {
    yield [0, y];
    yield [w - 1, y];
  }
}

function borderMedian(rgb: Raster): [number, number, number] {
  const channels: number[][] = [[], [], []];
  for (const [x, y] of borderPoints(rgb.width, rgb.height, 3)) {
    const i = (y * rgb.width + x) * 3;
    for (let c = 0; c < 3; c++) channels[c]?.push(rgb.data[i + c] ?? 0);
  }
  const median = (v: number[]): number => v.sort((a, b) => a - b)[v.length >> 1] ?? 0;
  return [median(channels[0] ?? []), median(channels[1] ?? []), median(channels[2] ?? [])];
}

function borderShare(mask: Mat, w: number, h: number): number {
  let filled = 0;
  let total = 0;
  for (const [x, y] of borderPoints(w, h, 2)) {
    total++;
    if (mask.ucharPtr(y, x)[0] !== 0) filled++;
  }
  return filled / total;
}
