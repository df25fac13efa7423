import type { Raster } from '../image/raster.ts';
import { wideGaussian } from '../image/wide-gaussian.ts';
import { type Mat, type OpenCv, withMats } from '../worker/opencv.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

/**
 * The photo's light on the garment, by luminance only. Two bands of the log-luminance under the garment:
 * the broad fall of light across the body (coarser than BROAD shoulder spans, measured against its mean
 * under the garment), and folds and soft shadows between FINE and COARSE. Finer detail (a print, knit,
 * strands of hair) and the colour of what was worn never come through. Nor does a coarser print: light
 * and shade change how bright a cloth is, not its hue, so where the same band of the photo's chromaticity
 * moves as well (a green and white print, a striped top), that band is the old clothes' pattern, and it
 * is carried only as far as the hue held still; a pattern without hue shows as folds far stronger than
 * cloth makes (FOLD_RMS) and is carried only at that strength.
 */
const FINE = 0.035;
const COARSE = 0.12;
const BROAD = 0.3;
const FOLD_STRENGTH = 0.75;
const FOLD_LIMIT = 0.2;
const BROAD_STRENGTH = 0.6;
const BROAD_LIMIT = 0.35;
/** Chromaticity (r or g over r+g+b) moving by this much in a band makes the band a print, not shade. */
const FOLD_HUE = 0.012;
const BROAD_HUE = 0.02;
/**
 * Folds in cloth under even light vary the log-luminance by about this much (root mean square over the
 * garment, in the fold band). Far more is a pattern without hue (black and white, a print in greys, glossy
 * leather's highlights), which reads as marble on the new garment: the band is scaled down to this.
 */
const FOLD_RMS = 0.03;
/**
 * Folds and shadows change lightness gently; a print without hue (a graphic in black and white, a logo,
 * stripes) changes it in steps of a pixel or two, which the fold band turns into ridges along their outlines,
 * drawn on the new garment as marbling. Where the steepest lightness step of each pixel (log, per pixel of the
 * work size), averaged over the fold band's reach, passes this, the fold band fades out: a print is dense
 * with steps, while a garment's outline or a crease adds one line to the average.
 */
const EDGE_STEP = 0.08;
/** Work at a size where the shoulder span is this many pixels (the Gaussians' cost grows with their width). */
const WORK_SPAN = 120;

export function shadeGarment(cv: OpenCv, photo: Raster, canvas: GarmentCanvas, span: number): void {
  const { width: w, height: h } = canvas;
  withMats((keep) => {
    const luma = keep(new cv.Mat(h, w, cv.CV_32FC1));
    const red = keep(new cv.Mat(h, w, cv.CV_32FC1));
    const green = keep(new cv.Mat(h, w, cv.CV_32FC1));
    // Each `.data32F` of an OpenCV.js Mat makes a new view through embind: taken once, not once a pixel.
    const l = luma.data32F;
    const redData = red.data32F;
    const greenData = green.data32F;
    // The mean chromaticity under the garment, read here at full size (not scaled down and up again).
    const sums = new Float64Array(4);
    readUnder(photo, canvas, { luma: l, red: redData, green: greenData }, sums);
    const [sum = 0, count = 0, redSum = 0, greenSum = 0] = sums;
    if (count === 0) return;
    const mean = sum / count;
    const d = Math.max(1, span / WORK_SPAN);
    const size = new cv.Size(Math.max(1, Math.round(w / d)), Math.max(1, Math.round(h / d)));
    const shrink = (m: Mat): Mat => {
      const out = keep(new cv.Mat());
      cv.resize(m, out, size, 0, 0, cv.INTER_AREA);
      return out;
    };
    const blur = (m: Mat, sigma: number): Mat => {
      const out = keep(new cv.Mat());
      wideGaussian(cv, m, out, Math.max(0.5, (sigma * span) / d), cv.BORDER_REPLICATE);
      return out;
    };
    const difference = (a: Mat, b: Mat): Mat => {
      const out = keep(new cv.Mat());
      cv.subtract(a, b, out);
      return out;
    };
    const up = (m: Mat): Float32Array => {
      const out = keep(new cv.Mat());
      cv.resize(m, out, new cv.Size(w, h), 0, 0, cv.INTER_LINEAR);
      return out.data32F;
    };
    const small = shrink(luma);
    const folds = up(difference(blur(small, FINE), blur(small, COARSE)));
    // How dense with steps the photo is round each pixel, over the fold band's reach (see EDGE_STEP).
    const steep = keep(cv.Mat.zeros(small.rows, small.cols, cv.CV_32FC1));
    steepest(small.data32F, small.cols, small.rows, steep.data32F);
    const reach = Math.max(1, Math.round((COARSE * span) / d));
    cv.blur(
      steep,
      steep,
      new cv.Size(2 * reach + 1, 2 * reach + 1),
      new cv.Point(-1, -1),
      cv.BORDER_REPLICATE,
    );
    const steps = up(steep);
    const light = up(blur(small, BROAD));
    // The same bands of each chromaticity channel: how far the hue moves where the lightness does.
    const hue = [
      { channel: red, mean: redSum / count },
      { channel: green, mean: greenSum / count },
    ].map(({ channel, mean }) => {
      const c = shrink(channel);
      return {
        fold: up(difference(blur(c, FINE), blur(c, COARSE))),
        broad: up(blur(c, BROAD)),
        mean,
      };
    });
    // The fold band as carried (hue held still), then how much of it: see FOLD_RMS.
    const carried = new Float32Array(w * h);
    const broadCarried = new Float32Array(w * h);
    const rms = carriedShade(canvas, { folds, steps, light, mean }, hue, { carried, broadCarried });
    applyShade(canvas, carried, broadCarried, rms > FOLD_RMS ? FOLD_RMS / rms : 1);
  });
}

// shadeGarment's loops, each a function of its own: in its body V8 compiled the whole of it again for each
// loop on every try-on.

/**
 * Reads the photo under the canvas into `out`: the log of its lightness and its red and green
 * chromaticity; writes into `sums` their sums over the pixels the garment covers (lightness, how many,
 * red, green). Nothing is made after the loop: an object literal there, with no feedback when V8 compiled
 * the loop, threw its compiled code away on every try-on.
 */
function readUnder(
  photo: Raster,
  canvas: GarmentCanvas,
  out: { luma: Float32Array; red: Float32Array; green: Float32Array },
  sums: Float64Array,
): void {
  const { width: w, height: h } = canvas;
  const { luma: l, red: redData, green: greenData } = out;
  let sum = 0;
  let count = 0;
  let redSum = 0;
  let greenSum = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = ((y + canvas.top) * photo.width + (x + canvas.left)) * 3;
      const r = photo.data[s] ?? 0;
      const g = photo.data[s + 1] ?? 0;
      const b = photo.data[s + 2] ?? 0;
      const v = Math.log(0.299 * r + 0.587 * g + 0.114 * b + 16);
      l[y * w + x] = v;
      // Offset so near-black noise has no hue to speak of.
      const total = r + g + b + 48;
      redData[y * w + x] = (r + 16) / total;
      greenData[y * w + x] = (g + 16) / total;
      if ((canvas.alpha[y * w + x] ?? 0) > 0.5) {
        sum += v;
        redSum += redData[y * w + x] ?? 0;
        greenSum += greenData[y * w + x] ?? 0;
        count++;
      }
    }
  }
  sums[0] = sum;
  sums[1] = count;
  sums[2] = redSum;
  sums[3] = greenSum;
}

/**
 * Writes the fold band and the broad light each garment pixel carries (hue held still: `stillness`) into
 * `out`; answers the fold band's root mean square over what the garment covers.
 */
function carriedShade(
  canvas: GarmentCanvas,
  bands: { folds: Float32Array; steps: Float32Array; light: Float32Array; mean: number },
  hue: readonly { fold: Float32Array; broad: Float32Array; mean: number }[],
  out: { carried: Float32Array; broadCarried: Float32Array },
): number {
  const { folds, steps, light, mean } = bands;
  const { carried, broadCarried } = out;
  const n0 = canvas.width * canvas.height;
  let squares = 0;
  let n = 0;
  for (let i = 0; i < n0; i++) {
    if ((canvas.alpha[i] ?? 0) === 0) continue;
    let foldHue = 0;
    let broadHue = 0;
    for (const c of hue) {
      foldHue += Math.abs(c.fold[i] ?? 0);
      broadHue += Math.abs((c.broad[i] ?? c.mean) - c.mean);
    }
    const fold =
      clamp(folds[i] ?? 0, FOLD_LIMIT) * stillness(foldHue, FOLD_HUE) * stillness(steps[i] ?? 0, EDGE_STEP);
    carried[i] = fold;
    broadCarried[i] = clamp((light[i] ?? mean) - mean, BROAD_LIMIT) * stillness(broadHue, BROAD_HUE);
    if ((canvas.alpha[i] ?? 0) > 0.5) {
      squares += fold * fold;
      n++;
    }
  }
  return Math.sqrt(squares / Math.max(1, n));
}

/** Darkens and lightens the garment's colours by the carried shade, the folds' by `foldShare`. */
function applyShade(
  canvas: GarmentCanvas,
  carried: Float32Array,
  broadCarried: Float32Array,
  foldShare: number,
): void {
  for (let i = 0; i < canvas.width * canvas.height; i++) {
    if ((canvas.alpha[i] ?? 0) === 0) continue;
    const f = FOLD_STRENGTH * foldShare * (carried[i] ?? 0) + BROAD_STRENGTH * (broadCarried[i] ?? 0);
    const k = Math.exp(f);
    for (let c = 0; c < 3; c++) canvas.rgb[i * 3 + c] = Math.min(255, (canvas.rgb[i * 3 + c] ?? 0) * k);
  }
}

/** The steepest lightness step at each pixel (log, per pixel: half the central difference, across or down). */
function steepest(l: Float32Array, w: number, h: number, out: Float32Array): void {
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const across = Math.abs((l[i + 1] ?? 0) - (l[i - 1] ?? 0));
      const down = Math.abs((l[i + w] ?? 0) - (l[i - w] ?? 0));
      out[i] = Math.max(across, down) / 2;
    }
  }
}

const clamp = (v: number, limit: number): number => Math.max(-limit, Math.min(limit, v));

/** 1 where the hue held still, falling to 0 as it moves past `limit`. */
const stillness = (moved: number, limit: number): number => Math.exp(-((moved / limit) ** 2));
