import type { GarmentLandmarks } from '../garment/garment-landmarks.ts';
import type { Raster } from '../image/raster.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';
import type { GarmentFit } from './fit-garment.ts';
import { apply, type Matrix, multiply, translation } from './matrix.ts';

/** The garment as it will lie on the photo: an RGBA layer and where its top-left corner goes. */
export interface GarmentLayer {
  image: Raster;
  left: number;
  top: number;
}

/** Sleeves reach this far under the torso, so no gap opens at the armhole when they turn. */
const OVERLAP = 6;

/** Where the garment lands on the photo: the bounding box of its warped parts, clipped to the photo. */
export interface LayerBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * What stays in front of the garment, as masks over the layer box (0 = garment shows, 255 = photo shows).
 * The arms are the picture's left and right arm; each sleeve is in front of its own arm and behind the
 * other one (an arm across the body), the torso behind both arms; hair is in front of everything.
 */
export interface Occluders {
  armLeft: Uint8Array | null;
  armRight: Uint8Array | null;
  hair: Uint8Array | null;
}

/**
 * Warps each part of the cut-out (sleeves, then the torso over them) onto a layer covering the box, each
 * part cut where something in the photo is in front of it. Transparent pixels carry the garment's mean
 * colour so bilinear edges do not darken.
 */
export function warpGarment(
  cv: OpenCv,
  cutout: Raster,
  g: GarmentLandmarks,
  fit: GarmentFit,
  box: LayerBox,
  occluders: Occluders,
): GarmentLayer {
  const fill = meanColour(cutout);
  const left = g.sleeveLeft;
  const right = g.sleeveRight;
  const { armLeft, armRight, hair } = occluders;
  const parts: { matrix: Matrix; keep: (x: number, y: number) => boolean; behind: (Uint8Array | null)[] }[] =
    [];
  if (left && fit.sleeveLeft) {
    parts.push({
      matrix: fit.sleeveLeft,
      keep: (x, y) => y <= left.bottom + 2 && x < g.torsoLeft + OVERLAP,
      behind: [armRight, hair],
    });
  }
  if (right && fit.sleeveRight) {
    parts.push({
      matrix: fit.sleeveRight,
      keep: (x, y) => y <= right.bottom + 2 && x > g.torsoRight - OVERLAP,
      behind: [armLeft, hair],
    });
  }
  // The torso keeps its own columns, plus any sleeve that has no transform of its own, down to the hem.
  const torsoKeep = (x: number, y: number): boolean =>
    y <= fit.hemRow &&
    (x >= g.torsoLeft - 2 || !fit.sleeveLeft) &&
    (x <= g.torsoRight + 2 || !fit.sleeveRight);
  parts.push({ matrix: fit.torso, keep: torsoKeep, behind: [armLeft, armRight, hair] });

  const layer = new Uint8Array(box.width * box.height * 4);
  const mats: Mat[] = [];
  try {
    for (const part of parts) {
      const src = new cv.Mat(cutout.height, cutout.width, cv.CV_8UC4);
      mats.push(src);
      src.data.set(partPixels(cutout, part.keep, fill));
      const m = multiply(translation(-box.left, -box.top), part.matrix);
      const matrix = cv.matFromArray(3, 3, cv.CV_64FC1, m);
      const dst = new cv.Mat();
      mats.push(matrix, dst);
      cv.warpPerspective(
        src,
        dst,
        matrix,
        new cv.Size(box.width, box.height),
        cv.INTER_LINEAR,
        cv.BORDER_CONSTANT,
        new cv.Scalar(fill[0], fill[1], fill[2], 0),
      );
      cutAlpha(dst.data, part.behind);
      over(layer, dst.data);
    }
  } finally {
    for (const m of mats) m.delete();
  }
  return {
    image: { data: layer, width: box.width, height: box.height, channels: 4 },
    left: box.left,
    top: box.top,
  };
}

/** Takes out of an RGBA part whatever lies in front of it (the union of the masks, soft edges kept). */
function cutAlpha(rgba: Uint8Array, masks: (Uint8Array | null)[]): void {
  const present = masks.filter((m): m is Uint8Array => m !== null);
  if (present.length === 0) return;
  for (let i = 0, j = 3; j < rgba.length; i++, j += 4) {
    const a = rgba[j] ?? 0;
    if (a === 0) continue;
    let front = 0;
    for (const m of present) front = Math.max(front, m[i] ?? 0);
    if (front > 0) rgba[j] = Math.round((a * (255 - front)) / 255);
  }
}

function partPixels(
  cutout: Raster,
  keep: (x: number, y: number) => boolean,
  fill: [number, number, number],
): Uint8Array {
  const out = new Uint8Array(cutout.data.length);
  for (let y = 0; y < cutout.height; y++) {
    for (let x = 0; x < cutout.width; x++) {
      const i = (y * cutout.width + x) * 4;
      const a = keep(x, y) ? (cutout.data[i + 3] ?? 0) : 0;
      out[i] = a ? (cutout.data[i] ?? 0) : fill[0];
      out[i + 1] = a ? (cutout.data[i + 1] ?? 0) : fill[1];
      out[i + 2] = a ? (cutout.data[i + 2] ?? 0) : fill[2];
      out[i + 3] = a;
    }
  }
  return out;
}

/** Porter-Duff "over" of `top` onto `base`, both straight RGBA of the same size. */
function over(base: Uint8Array, top: Uint8Array): void {
  for (let i = 0; i < base.length; i += 4) {
    const at = (top[i + 3] ?? 0) / 255;
    if (at === 0) continue;
    const ab = ((base[i + 3] ?? 0) / 255) * (1 - at);
    const a = at + ab;
    for (let c = 0; c < 3; c++) base[i + c] = ((top[i + c] ?? 0) * at + (base[i + c] ?? 0) * ab) / a;
    base[i + 3] = a * 255;
  }
}

function meanColour(cutout: Raster): [number, number, number] {
  let [r, g, b, n] = [0, 0, 0, 0];
  for (let i = 0; i < cutout.data.length; i += 4) {
    if ((cutout.data[i + 3] ?? 0) < 128) continue;
    n++;
    r += cutout.data[i] ?? 0;
    g += cutout.data[i + 1] ?? 0;
    b += cutout.data[i + 2] ?? 0;
  }
  const k = 1 / Math.max(1, n);
  return [Math.round(r * k), Math.round(g * k), Math.round(b * k)];
}

/** The box the warped parts land on, clipped to the photo; null when they miss it. */
export function landingBox(
  fit: GarmentFit,
  g: GarmentLandmarks,
  cutout: Raster,
  width: number,
  height: number,
): LayerBox | null {
  const rect = (l: number, t: number, r: number, b: number) => [
    { x: l, y: t },
    { x: r, y: t },
    { x: r, y: b },
    { x: l, y: b },
  ];
  const points = rect(0, 0, cutout.width, fit.hemRow + 1).map((c) => apply(fit.torso, c));
  if (g.sleeveLeft && fit.sleeveLeft) {
    const m = fit.sleeveLeft;
    points.push(...rect(0, 0, g.torsoLeft + OVERLAP, g.sleeveLeft.bottom + 3).map((c) => apply(m, c)));
  }
  if (g.sleeveRight && fit.sleeveRight) {
    const m = fit.sleeveRight;
    points.push(
      ...rect(g.torsoRight - OVERLAP, 0, cutout.width, g.sleeveRight.bottom + 3).map((c) => apply(m, c)),
    );
  }
  const left = Math.max(0, Math.floor(Math.min(...points.map((p) => p.x))));
  const top = Math.max(0, Math.floor(Math.min(...points.map((p) => p.y))));
  const right = Math.min(width, Math.ceil(Math.max(...points.map((p) => p.x))));
  const bottom = Math.min(height, Math.ceil(Math.max(...points.map((p) => p.y))));
  if (right - left < 2 || bottom - top < 2) return null;
  return { left, top, width: right - left, height: bottom - top };
}
