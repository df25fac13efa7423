import { lumaAt, type Raster } from '../image/raster.ts';
import { median } from '../image/statistics.ts';
import type { Box } from '../person/mask.ts';
import { type KeepMat, type Mat, type OpenCv, withMats } from '../worker/opencv.ts';
import { GRAIN_MAX } from './grain.ts';

/**
 * The scales (Gaussian sigmas, pixels) between which the skin's texture is read, band by band: pores and
 * mottling. Coarser, a patch's light (a forearm's highlight) came out as dark blotches over the paint.
 */
const BAND_SIGMAS = [0, 1, 2, 4] as const;
/** A patch of skin smaller than this (pixels across) holds too little to read the coarser bands from. */
const MIN_PATCH = 12;
/** Nor is a larger one read: its texture is the same, its cost is not. */
const MAX_PATCH = 96;
/**
 * No band but the finest (the photo's grain, at most `GRAIN_MAX` levels as the grain is) is taken stronger
 * than this (a share of lightness): the largest patch of skin is not always the person's arm (a neighbour's
 * stubbled neck in the silhouette beside mariya-a, 3.2% in the band of 2 to 4 pixels, painted his arms like
 * sandpaper), and an arm's bands are about it or under (charles's forearm 1.5 to 1.6%, studio-2's 1 to 1.4%).
 */
const BAND_MOST = 0.015;
/** The texture moves the paint's lightness by at most this share either way. */
const TEXTURE_MOST = 0.2;

/**
 * How strong the person's own bare skin's texture is in each band of scales (`BAND_SIGMAS`, finest first):
 * the spread of its lightness, relative to its mean, between one Gaussian and the next, read in the largest
 * square of bare skin in `region` (`skin`: region-sized, 1 where the photo shows skin that stays). The
 * finest band is the photo's grain; the coarser ones pores, mottling and fine shading, which a painted
 * limb with grain alone lacks (a smooth plastic tube next to a real forearm). Null when no square of skin
 * is `MIN_PATCH` across.
 */
export function skinBands(cv: OpenCv, photo: Raster, region: Box, skin: Uint8Array): number[] | null {
  const { left, top, width: bw, height: bh } = region;
  return withMats((keep) => {
    const mask = keep(cv.matFromArray(bh, bw, cv.CV_8UC1, skin));
    // The region's edge counts as not skin, so the square stays inside it (and the photo).
    const m = mask.data;
    m.fill(0, 0, bw);
    m.fill(0, (bh - 1) * bw);
    for (let y = 0; y < bh; y++) {
      m[y * bw] = 0;
      m[y * bw + bw - 1] = 0;
    }
    const distance = keep(new cv.Mat());
    cv.distanceTransform(mask, distance, cv.DIST_L2, 3);
    const { maxVal, maxLoc } = cv.minMaxLoc(distance, keep(new cv.Mat()));
    // The square inside the disc of skin round the deepest pixel.
    const size = Math.min(MAX_PATCH, Math.floor(maxVal * Math.SQRT2));
    if (size < MIN_PATCH) return null;
    const x0 = left + Math.round(maxLoc.x - size / 2);
    const y0 = top + Math.round(maxLoc.y - size / 2);
    const luma = keep(new cv.Mat(size, size, cv.CV_32FC1));
    const l = luma.data32F;
    let sum = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const v = lumaAt(photo, (y0 + y) * photo.width + x0 + x);
        l[y * size + x] = v;
        sum += v;
      }
    }
    const mean = Math.max(1, sum / (size * size));
    // A band coarser than a quarter of the patch is its light, not its texture: left out.
    return bandImages(cv, luma, keep).map((band, j) =>
      (BAND_SIGMAS[j + 1] ?? 0) <= size / 4
        ? Math.min(j === 0 ? GRAIN_MAX / mean : BAND_MOST, typicalSpread(band) / mean)
        : 0,
    );
  });
}

/** The texture's noise repeats every this many pixels both ways (a power of two): too far apart to be seen. */
const TILE = 256;
/** Wrapped noise round the tile while it is blurred, so its bands repeat without a seam. */
const TILE_MARGIN = 16;

/**
 * The person's skin texture as paint takes it: at each pixel, a fixed noise (`noiseAt`, the same for the
 * same pixels every render) shaped band by band to `bands` (`skinBands`), as a share of lightness to add.
 * Noise, not a copy of the patch of skin: a patch repeated, mirrored or not, showed its own motif in a grid.
 * The noise's bands are made once a worker, as tiles that repeat without a seam; a render only looks them
 * up where it paints (made over the paint's whole region every render, they cost 20-45 ms a try-on).
 */
export class SkinTexture {
  private readonly tiles: readonly Float32Array[];
  private readonly bands: readonly number[];

  constructor(cv: OpenCv, bands: readonly number[]) {
    this.tiles = bandTiles(cv);
    this.bands = bands;
  }

  /** The share of lightness to add at photo pixel (x, y). */
  at(x: number, y: number): number {
    const k = (y & (TILE - 1)) * TILE + (x & (TILE - 1));
    let v = 0;
    for (let j = 0; j < this.bands.length; j++) v += (this.bands[j] ?? 0) * (this.tiles[j]?.[k] ?? 0);
    return v < -TEXTURE_MOST ? -TEXTURE_MOST : v > TEXTURE_MOST ? TEXTURE_MOST : v;
  }
}

let tiles: Float32Array[] | null = null;

/** The noise's bands over one tile, each scaled to spread 1; made once (each worker thread has its own). */
function bandTiles(cv: OpenCv): readonly Float32Array[] {
  if (tiles) return tiles;
  const side = TILE + 2 * TILE_MARGIN;
  return withMats((keep) => {
    const noise = keep(new cv.Mat(side, side, cv.CV_32FC1));
    const n = noise.data32F;
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        n[y * side + x] = noiseAt((x - TILE_MARGIN) & (TILE - 1), (y - TILE_MARGIN) & (TILE - 1));
      }
    }
    tiles = bandImages(cv, noise, keep).map((band) => {
      const b = band.data32F;
      const tile = new Float32Array(TILE * TILE);
      for (let y = 0; y < TILE; y++) {
        const from = (y + TILE_MARGIN) * side + TILE_MARGIN;
        tile.set(b.subarray(from, from + TILE), y * TILE);
      }
      const spread = Math.sqrt(tile.reduce((sum, v) => sum + v * v, 0) / tile.length) || 1;
      return tile.map((v) => v / spread);
    });
    return tiles;
  });
}

/** The image's bands: each Gaussian of `BAND_SIGMAS` less the next coarser one. */
function bandImages(cv: OpenCv, image: Mat, keep: KeepMat): Mat[] {
  const blurred = BAND_SIGMAS.map((sigma) => {
    if (sigma === 0) return image;
    const out = keep(new cv.Mat());
    cv.GaussianBlur(image, out, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REFLECT);
    return out;
  });
  const bands: Mat[] = [];
  for (let j = 0; j + 1 < blurred.length; j++) {
    const out = keep(new cv.Mat());
    cv.subtract(blurred[j] as Mat, blurred[j + 1] as Mat, out);
    bands.push(out);
  }
  return bands;
}

/**
 * A band's typical spread: the median of its absolute values as a normal spread (over 0.674), so the few
 * edges a patch of skin holds (a knuckle, a hair, a crease) do not count, as in a root mean square they did:
 * a hand's patch painted arms like sandpaper (mariya-a).
 */
function typicalSpread(image: Mat): number {
  return (median(image.data32F.map(Math.abs)) ?? 0) / 0.674;
}

/**
 * A fixed pseudo-random number for pixel (x, y), about normal with spread 1: each coordinate hashed on its
 * own and mixed. The grain's hash of the pixel's index repeats along diagonals for some photo widths, which
 * the bands' blurs drew out into streaks.
 */
export function noiseAt(x: number, y: number): number {
  const h = mix(Math.imul(x, 0x27d4eb2d) ^ mix(y + 0x165667b1));
  const g = mix(h ^ 0x9e3779b9);
  // The sum of two uniforms, centred and scaled to spread 1.
  return (h / 4294967296 + g / 4294967296 - 1) * Math.sqrt(6);
}

/** A 32-bit integer hash (lowbias32). */
function mix(n: number): number {
  let v = Math.imul(n ^ (n >>> 16), 0x7feb352d);
  v = Math.imul(v ^ (v >>> 15), 0x846ca68b);
  return (v ^ (v >>> 16)) >>> 0;
}
