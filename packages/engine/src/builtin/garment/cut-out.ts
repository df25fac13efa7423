import type { Raster } from '../image/raster.ts';
import { boxAbove } from '../person/mask.ts';
import { type Mat, type OpenCv, withMats } from '../worker/opencv.ts';
import { RenderRefusal } from '../worker/render-refusal.ts';
import { pullInEdgeColours } from './edge-colours.ts';
import { backdropRow, fitBackdrop, L_SCALE } from './fit-backdrop.ts';

/** A garment cut out of its product photo. */
export interface CutOut {
  /** RGBA trimmed to the garment's bounds; alpha soft at the edge. */
  image: Raster;
  /**
   * The garment's shape in `image`'s pixels, 0 or 255, as cut (its corners sharp): what its kind and
   * landmarks are read from.
   */
  mask: Uint8Array;
  /** The shape with its outline smoothed (`image`'s alpha thresholded at half): what its parts label. */
  outline: Uint8Array;
  /** Where `image` lies in the photo. */
  box: { x: number; y: number; width: number; height: number };
}

/** Border samples that must fit the backdrop model; fewer means clutter or no backdrop at all. */
const MIN_PLAIN_SHARE = 0.6;
/** Border samples allowed on a sharp edge (a garment crossing the border makes a few). */
const MAX_EDGE_SHARE = 0.06;
/** Spread of the border around its model (ΔE) beyond which it is texture, not a plain backdrop's noise. */
const MAX_NOISE = 3;
/** Things crossing the photo's edge: a cut-off garment makes a few (waistband, legs, sleeves), clutter more. */
const MAX_CROSSINGS = 10;
/** How much of the bridged shape a plainly filled one must keep to be trusted with the garment. */
const PLAIN_SHARE = 0.985;
/** Backdrop grain (median step in 8-bit L between neighbours) from which a photo is treated as grainy. */
const GRAINY = 1;
/** The side the shape is looked for at. */
const WORKING_SIDE = 450;
/** The outline's smoothing (`smoothOutline`): a Gaussian's sigma, a share of the working side. */
const OUTLINE_SMOOTH = 0.006;
/** The width (working pixels) of the smoothed outline's ramp from the backdrop to the garment. */
const EDGE_RAMP = 1.2;
/** A garment covers at least this share of the photo. */
const MIN_AREA = 0.02;

/**
 * Cuts a flat-lay garment out of a plain backdrop. A pixel is garment when its colour is far (in Lab) from
 * the backdrop modelled at that spot, or it lies on a sharp edge: white on light grey differs by a few ΔE,
 * and where a fold shades it to the backdrop's very colour only the outline's edge still shows. Holes are
 * filled against a closed copy of the mask so a short gap in the outline cannot let the backdrop leak in.
 */
export function cutOut(cv: OpenCv, rgb: Raster): CutOut {
  const { width: w, height: h } = rgb;
  return withMats((keep) => {
    const full = keep(new cv.Mat(h, w, cv.CV_8UC3));
    full.data.set(rgb.data.subarray(0, w * h * 3));
    // The shape is found at about 450 px (a quarter of the work at 900 px; averaging also tames JPEG
    // noise) and scaled back up, which gives the soft edge.
    const scale = Math.min(1, WORKING_SIDE / Math.max(w, h));
    const sw = Math.max(1, Math.round(w * scale));
    const sh = Math.max(1, Math.round(h * scale));
    const small = keep(new cv.Mat());
    if (scale < 1) cv.resize(full, small, new cv.Size(sw, sh), 0, 0, cv.INTER_AREA);
    else cv.GaussianBlur(full, small, new cv.Size(3, 3), 0.8);
    const labMat = keep(new cv.Mat());
    cv.cvtColor(small, labMat, cv.COLOR_RGB2Lab);
    const lab = labMat.data;
    const backdrop = fitBackdrop(lab, sw, sh);
    if (
      backdrop.plainShare < MIN_PLAIN_SHARE ||
      backdrop.edgeShare > MAX_EDGE_SHARE ||
      backdrop.noise > MAX_NOISE ||
      backdrop.crossings > MAX_CROSSINGS
    )
      throw new RenderRefusal(
        'GARMENT_BACKGROUND_BUSY',
        'The garment photo has no plain backdrop around the garment; a flat lay on a plain surface is needed.',
      );

    // Lighter or differently coloured than the backdrop by a few ΔE is garment (white on light grey differs
    // by 3 to 8); darker without a change of hue may be the garment's own soft shadow, so that needs more.
    const near = Math.max(2.5, backdrop.noise * 4);
    const shadowy = Math.max(6, backdrop.noise * 8);
    const fg = keep(new cv.Mat(sh, sw, cv.CV_8UC1));
    const fgData = fg.data;
    for (let y = 0; y < sh; y++) {
      const [l0 = 0, l1 = 0, l2 = 0, a0 = 0, a1 = 0, a2 = 0, b0 = 0, b1 = 0, b2 = 0] = backdropRow(
        backdrop,
        y / sh - 0.5,
      );
      for (let x = 0; x < sw; x++) {
        const u = x / sw - 0.5;
        const i = y * sw + x;
        const dl = ((lab[i * 3] ?? 0) - (l0 + u * (l1 + u * l2))) * L_SCALE;
        const da = (lab[i * 3 + 1] ?? 0) - (a0 + u * (a1 + u * a2));
        const db = (lab[i * 3 + 2] ?? 0) - (b0 + u * (b1 + u * b2));
        // Chroma counts half: JPEG keeps colour at half resolution, so a saturated garment bleeds a little
        // of its hue into the backdrop beside it.
        const chroma = (da * da + db * db) * 0.25;
        const limit = dl < 0 && chroma < near * near ? shadowy : near;
        fgData[i] = dl * dl + chroma > limit * limit ? 255 : 0;
      }
    }
    // Grain makes specks of garment on the backdrop (and of backdrop on the garment) that can bridge the gap
    // between legs; a median keeps shapes and drops specks.
    const grainy = backdrop.grain >= GRAINY;
    if (grainy) cv.medianBlur(fg, fg, 3);
    const channels = new cv.MatVector();
    cv.split(labMat, channels);
    const lightness = keep(channels.get(0));
    channels.delete();
    // In a grainy photo smoothed a little first, so grain does not draw edges.
    if (grainy) cv.GaussianBlur(lightness, lightness, new cv.Size(3, 3), 0.8);
    const edges = keep(new cv.Mat());
    const low = Math.max(grainy ? 6 : 8, backdrop.noise * 10);
    cv.Canny(lightness, edges, low, low * 2, 3, true);
    cv.bitwise_or(fg, edges, fg);

    const closed = keep(new cv.Mat());
    const reach = 2 * Math.round(Math.min(sw, sh) * 0.006) + 1;
    const kernel = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(reach, reach)));
    cv.morphologyEx(fg, closed, cv.MORPH_CLOSE, kernel);
    const holes = fillHoles(cv, closed, keep);
    // The backdrop is what the border reaches around the closed shape, grown back a little way into what
    // the closing filled (an armpit's corner, the slit beside a hanging sleeve) through pixels that are not
    // garment. Only a little way: behind a bridged gap in the outline may lie a fold shaded to the
    // backdrop's very colour, which an unlimited fill would take from the garment.
    const backdropMask = keep(new cv.Mat());
    cv.bitwise_or(closed, holes, backdropMask);
    cv.bitwise_not(backdropMask, backdropMask);
    // Nor into what the closed shape encloses: a fold shaded to the backdrop's colour that reaches the
    // outline is sealed off by it, and growing in there through a diagonal step of the outline's edge would
    // bite the hem or an armhole.
    const open = keep(new cv.Mat());
    cv.bitwise_or(fg, holes, open);
    cv.bitwise_not(open, open);
    const grow = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3)));
    for (let k = 0; k < reach; k++) {
      cv.dilate(backdropMask, backdropMask, grow);
      cv.bitwise_and(backdropMask, open, backdropMask);
    }
    // A garment whose outline is whole needs none of that: filling the holes of the plain mask keeps every
    // slit and crotch open to its apex. Only when that loses garment (the backdrop got in) is the bridged
    // version taken.
    const plain = keep(new cv.Mat());
    cv.bitwise_or(fg, fillHoles(cv, fg, keep), plain);
    const bridged = keep(new cv.Mat());
    cv.bitwise_not(backdropMask, bridged);
    const whole = cv.countNonZero(plain) >= cv.countNonZero(bridged) * PLAIN_SHARE;
    (whole ? plain : bridged).copyTo(fg);
    // Edges put the outline a pixel outside the garment; one erosion brings it back and, with the dilation
    // after it, drops specks.
    const cross = keep(cv.getStructuringElement(cv.MORPH_CROSS, new cv.Size(3, 3)));
    cv.erode(fg, fg, cross);
    const opened = keep(new cv.Mat());
    cv.dilate(fg, opened, cross);
    cv.bitwise_and(fg, opened, fg);

    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(fg, labels, stats, centroids, 8, cv.CV_32S);
    let best = 0;
    let bestArea = 0;
    for (let c = 1; c < count; c++) {
      const area = stats.intAt(c, cv.CC_STAT_AREA);
      if (area > bestArea) {
        bestArea = area;
        best = c;
      }
    }
    if (best === 0 || bestArea < MIN_AREA * sw * sh)
      throw new RenderRefusal('NO_GARMENT', 'No garment was found on the backdrop of the garment photo.');
    const labelData = labels.data32S;
    const solid = keep(new cv.Mat(sh, sw, cv.CV_8UC1));
    const solidData = solid.data;
    for (let i = 0; i < sw * sh; i++) solidData[i] = labelData[i] === best ? 255 : 0;
    // A fold shaded to the backdrop's colour right across a sleeve cuts its end off; pieces of garment
    // size close by belong to it.
    const kept = nearPieces(cv, solid, labelData, stats, count, best, keep);
    for (let i = 0; i < sw * sh; i++) if (kept[labelData[i] ?? 0]) solidData[i] = 255;
    const box = boundsOf(solidData, sw, sh, w / sw, h / sh, w, h);
    const asCut = softAlpha(cv, solid, w, h, keep);
    smoothOutline(cv, solid, Math.max(sw, sh));
    const cut = trim(rgb, { smooth: softAlpha(cv, solid, w, h, keep).data, asCut: asCut.data }, box);
    pullInEdgeColours(cut.image);
    return cut;
  });
}

/** The working-size mask at the photo's size, its edge soft. */
function softAlpha(cv: OpenCv, solid: Mat, w: number, h: number, keep: <T extends Mat>(m: T) => T): Mat {
  const alpha = keep(new cv.Mat());
  if (solid.cols < w || solid.rows < h) cv.resize(solid, alpha, new cv.Size(w, h), 0, 0, cv.INTER_LINEAR);
  else cv.GaussianBlur(solid, alpha, new cv.Size(3, 3), 0.7);
  return alpha;
}

/**
 * The mask's outline smoothed and anti-aliased (changed in place): blurred by a Gaussian of OUTLINE_SMOOTH
 * of the working side, then its half level made the edge again with a ramp about a pixel wide (not cut
 * back to 0 or 255: a hard mask's steps, scaled up to the photo and warped onto a body at two or three
 * times, read as a staircase down the garment's sides). The edge the backdrop leaves is ragged by a pixel
 * or two (a fabric's fuzz, JPEG's blocks, the threshold's noise), which read as a torn paper edge; a curve
 * keeps its course, a corner rounds by about the blur's width, and a strap much wider than it stays.
 */
function smoothOutline(cv: OpenCv, solid: Mat, side: number): void {
  const sigma = Math.max(1, OUTLINE_SMOOTH * side);
  // Beyond the photo's edge the garment goes on as it meets it (trousers the photo crops at the waist):
  // no fading edge along the frame.
  cv.GaussianBlur(solid, solid, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REPLICATE);
  // A blurred step rises 1 / (sigma * sqrt(2 pi)) of its height a pixel at its middle: steepened to about
  // all of it over EDGE_RAMP pixels, round 128.
  const gain = (sigma * Math.sqrt(2 * Math.PI)) / EDGE_RAMP;
  solid.convertTo(solid, -1, gain, 128 * (1 - gain));
}

/** Components within a short reach of the garment's and at least a small share of its size. */
function nearPieces(
  cv: OpenCv,
  solid: Mat,
  labels: Int32Array,
  stats: Mat,
  count: number,
  best: number,
  keep: <T extends Mat>(m: T) => T,
): Uint8Array {
  const kept = new Uint8Array(count);
  const bestArea = stats.intAt(best, cv.CC_STAT_AREA);
  const candidates: number[] = [];
  for (let c = 1; c < count; c++)
    if (c !== best && stats.intAt(c, cv.CC_STAT_AREA) >= bestArea * 0.003) candidates.push(c);
  if (candidates.length === 0) return kept;
  const outside = keep(new cv.Mat());
  cv.bitwise_not(solid, outside);
  const distance = keep(new cv.Mat());
  cv.distanceTransform(outside, distance, cv.DIST_L2, 3);
  const d = distance.data32F;
  const reach = Math.min(solid.rows, solid.cols) * 0.04;
  const wanted = new Uint8Array(count);
  for (const c of candidates) wanted[c] = 1;
  for (let i = 0; i < labels.length; i++) {
    const c = labels[i] ?? 0;
    if (wanted[c] && (d[i] ?? Number.POSITIVE_INFINITY) <= reach) kept[c] = 1;
  }
  return kept;
}

/** The mask's bounding box in the photo's pixels, a pixel wider each side for the soft edge. */
function boundsOf(
  mask: Uint8Array,
  sw: number,
  sh: number,
  fx: number,
  fy: number,
  w: number,
  h: number,
): { x: number; y: number; width: number; height: number } {
  const found = boxAbove(mask, sw, 0);
  const none = found.width === 0;
  const left = none ? sw : found.left;
  const top = none ? sh : found.top;
  const right = none ? -1 : found.left + found.width - 1;
  const bottom = none ? -1 : found.top + found.height - 1;
  return clampBox(
    {
      x: Math.floor(left * fx) - 1,
      y: Math.floor(top * fy) - 1,
      right: Math.ceil((right + 1) * fx) + 1,
      bottom: Math.ceil((bottom + 1) * fy) + 1,
    },
    w,
    h,
  );
}

function clampBox(
  b: { x: number; y: number; right: number; bottom: number },
  w: number,
  h: number,
): { x: number; y: number; width: number; height: number } {
  const x = Math.max(0, b.x);
  const y = Math.max(0, b.y);
  return { x, y, width: Math.min(w, b.right) - x, height: Math.min(h, b.bottom) - y };
}

/** The holes of `shape`: what the backdrop, filled in from the border, does not reach. */
function fillHoles(cv: OpenCv, shape: Mat, keep: <T extends Mat>(m: T) => T): Mat {
  const { rows: h, cols: w } = shape;
  const padded = keep(new cv.Mat());
  cv.copyMakeBorder(shape, padded, 1, 1, 1, 1, cv.BORDER_CONSTANT, new cv.Scalar(0));
  const mask = keep(cv.Mat.zeros(h + 4, w + 4, cv.CV_8UC1));
  cv.floodFill(
    padded,
    mask,
    new cv.Point(0, 0),
    new cv.Scalar(128),
    new cv.Rect(),
    new cv.Scalar(0),
    new cv.Scalar(0),
    4,
  );
  const holes = keep(new cv.Mat(h, w, cv.CV_8UC1));
  const p = padded.data;
  const out = holes.data;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) out[y * w + x] = p[(y + 1) * (w + 2) + x + 1] === 0 ? 255 : 0;
  }
  return holes;
}

/**
 * The garment's box of the photo as RGBA, its alpha the smoothed outline's, with the shape as cut and as
 * smoothed (see `CutOut`).
 */
function trim(
  rgb: Raster,
  alpha: { smooth: Uint8Array; asCut: Uint8Array },
  box: { x: number; y: number; width: number; height: number },
): CutOut {
  const data = new Uint8Array(box.width * box.height * 4);
  const mask = new Uint8Array(box.width * box.height);
  const outline = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const s = (y + box.y) * rgb.width + (x + box.x);
      const o = y * box.width + x;
      data[o * 4] = rgb.data[s * 3] ?? 0;
      data[o * 4 + 1] = rgb.data[s * 3 + 1] ?? 0;
      data[o * 4 + 2] = rgb.data[s * 3 + 2] ?? 0;
      const a = alpha.smooth[s] ?? 0;
      data[o * 4 + 3] = a;
      outline[o] = a > 127 ? 255 : 0;
      mask[o] = (alpha.asCut[s] ?? 0) > 127 ? 255 : 0;
    }
  }
  return { image: { data, width: box.width, height: box.height, channels: 4 }, mask, outline, box };
}
