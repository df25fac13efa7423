import { boxBlur, boxBlurAround } from '../image/box-blur.ts';
import { boxAbove } from '../person/mask.ts';
import { CanvasPart, type GarmentCanvas } from './garment-canvas.ts';

/** How dark the contact shadows get at their darkest (share of the light taken away). */
const SLEEVE_SHADOW = 0.2;
const NECK_SHADOW = 0.18;
const HEM_SHADOW = 0.16;
/** The crease between a sleeve and the body it lies over: how dark on the body, on the sleeve, and how wide (of the span). */
const CREASE_BODY = 0.3;
const CREASE_SLEEVE = 0.15;
const CREASE_REACH = 0.015;

/**
 * The soft shadows a worn garment makes, which a flat cut-out lacks: inside the neckline (the back of the
 * collar shades the front), under each sleeve on the garment's body, the crease where a sleeve lies over
 * the body, and on the person just below the hem.
 * The garment's shadows are applied to the canvas; the person's are returned as a multiplier per canvas
 * pixel (1 = unchanged) for the photo under and around it.
 */
export function softShadows(canvas: GarmentCanvas, neckX: number, span: number): Float32Array {
  const { width: w, height: h } = canvas;
  const photoShade = new Float32Array(w * h).fill(1);
  const reach = Math.max(2, span * 0.05);
  // Under the sleeves: the body is darker just below and beside where a sleeve covers it.
  const sleeve = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++)
    sleeve[i] = canvas.part[i] === CanvasPart.sleeve ? (canvas.alpha[i] ?? 0) : 0;
  const shadow = boxBlur(shift(sleeve, w, h, Math.round(reach * 0.4)), w, h, Math.round(reach));
  for (let i = 0; i < w * h; i++) {
    if (canvas.part[i] !== CanvasPart.body) continue;
    darken(canvas, i, SLEEVE_SHADOW * (shadow[i] ?? 0));
  }
  crease(canvas, span);
  for (let x = 0; x < w; x++) {
    // Inside the neckline: the first garment rows from the top, near the neck.
    const nearNeck = Math.abs(canvas.left + x - neckX) < span * 0.35;
    let y = 0;
    while (y < h && (canvas.alpha[y * w + x] ?? 0) < 0.5) y++;
    if (nearNeck && y < h) {
      for (let k = 0; k < reach * 1.5 && y + k < h; k++) {
        const i = (y + k) * w + x;
        if (canvas.part[i] === CanvasPart.body) darken(canvas, i, NECK_SHADOW * (1 - k / (reach * 1.5)));
      }
    }
    // Below the hem: the last garment pixel of the column, then the person darkened for a little way.
    let last = h - 1;
    while (last >= 0 && (canvas.alpha[last * w + x] ?? 0) < 0.5) last--;
    if (last >= 0 && last < h - 1) {
      for (let k = 1; k < reach && last + k < h; k++) {
        const i = (last + k) * w + x;
        photoShade[i] = Math.min(photoShade[i] ?? 1, 1 - HEM_SHADOW * (1 - k / reach));
      }
    }
  }
  return photoShade;
}

/**
 * The crease where a sleeve lies over the garment's body (an arm hanging in front of the torso's side, a
 * forearm across the belly): the body is darkest right at the sleeve's edge and the sleeve's own cloth turns
 * under there, each over `CREASE_REACH` of the span. Not at the armhole's seam, where sleeve and body meet
 * edge to edge with no body under the sleeve.
 */
function crease(canvas: GarmentCanvas, span: number): void {
  const { width: w, height: h, part, bodyUnder } = canvas;
  const over = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) if (part[i] === CanvasPart.sleeve && bodyUnder[i]) over[i] = 1;
  const overlap = boxAbove(over, w, 0);
  if (overlap.width === 0) return;
  // Worked over the overlap grown by the crease's reach: nothing further changes, or is read.
  const reach = Math.max(1, Math.round(span * CREASE_REACH));
  const x0 = Math.max(0, overlap.left - reach);
  const y0 = Math.max(0, overlap.top - reach);
  const x1 = Math.min(w, overlap.left + overlap.width + reach);
  const y1 = Math.min(h, overlap.top + overlap.height + reach);
  const near = { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
  const body = new Float32Array(w * h);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (part[y * w + x] === CanvasPart.body) body[y * w + x] = 1;
  }
  const nearSleeve = boxBlurAround(over, w, h, reach, overlap);
  const nearBody = boxBlurAround(body, w, h, reach, near);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      if (body[i]) darken(canvas, i, CREASE_BODY * Math.min(1, 2 * (nearSleeve[i] ?? 0)));
      else if (over[i]) darken(canvas, i, CREASE_SLEEVE * Math.min(1, 2 * (nearBody[i] ?? 0)));
    }
  }
}

function darken(canvas: GarmentCanvas, i: number, amount: number): void {
  for (let c = 0; c < 3; c++) canvas.rgb[i * 3 + c] = (canvas.rgb[i * 3 + c] ?? 0) * (1 - amount);
}

function shift(values: Float32Array, w: number, h: number, down: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = down; y < h; y++) out.set(values.subarray((y - down) * w, (y - down + 1) * w), y * w);
  return out;
}
