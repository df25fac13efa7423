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

/**
 * Warps each part of the cut-out (sleeves, then the torso over them) onto a layer covering just the area
 * they land on. Transparent pixels carry the garment's mean colour so bilinear edges do not darken.
 */
export function warpGarment(
  cv: OpenCv,
  cutout: Raster,
  g: GarmentLandmarks,
  fit: GarmentFit,
  width: number,
  height: number,
): GarmentLayer | null {
  const fill = meanColour(cutout);
  const left = g.sleeveLeft;
  const right = g.sleeveRight;
  const parts: { matrix: Matrix; keep: (x: number, y: number) => boolean }[] = [];
  if (left && fit.sleeveLeft) {
    parts.push({ matrix: fit.sleeveLeft, keep: (x, y) => y <= left.bottom + 2 && x < g.torsoLeft + OVERLAP });
  }
  if (right && fit.sleeveRight) {
    parts.push({
      matrix: fit.sleeveRight,
      keep: (x, y) => y <= right.bottom + 2 && x > g.torsoRight - OVERLAP,
    });
  }
  // The torso keeps its own columns, plus any sleeve that has no transform of its own.
  const torsoKeep = (x: number): boolean =>
    (x >= g.torsoLeft - 2 || !fit.sleeveLeft) && (x <= g.torsoRight + 2 || !fit.sleeveRight);
  parts.push({ matrix: fit.torso, keep: torsoKeep });

  const box = landingBox(
    parts.map((p) => p.matrix),
    cutout,
    width,
    height,
  );
  if (!box) return null;
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

function landingBox(matrices: Matrix[], cutout: Raster, width: number, height: number) {
  const corners = [
    { x: 0, y: 0 },
    { x: cutout.width, y: 0 },
    { x: cutout.width, y: cutout.height },
    { x: 0, y: cutout.height },
  ];
  const points = matrices.flatMap((m) => corners.map((c) => apply(m, c)));
  const left = Math.max(0, Math.floor(Math.min(...points.map((p) => p.x))));
  const top = Math.max(0, Math.floor(Math.min(...points.map((p) => p.y))));
  const right = Math.min(width, Math.ceil(Math.max(...points.map((p) => p.x))));
  const bottom = Math.min(height, Math.ceil(Math.max(...points.map((p) => p.y))));
  if (right - left < 2 || bottom - top < 2) return null;
  return { left, top, width: right - left, height: bottom - top };
}
