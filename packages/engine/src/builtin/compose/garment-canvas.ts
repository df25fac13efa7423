import { type FittedGarment, sleevelessArms } from '../fit/fitted-garment.ts';
import type { Layer } from '../fit/warp-layer.ts';
import { flood } from '../image/flood.ts';
import { type BodyParts, Part, reachesHead } from '../person/body-parts.ts';
import { type Box, boundingBox, type Mask } from '../person/mask.ts';

/** The fitted garment flattened over a box of the photo, with what stays in front of it already cut away. */
export interface GarmentCanvas extends Box {
  /** RGB, 0-255. */
  rgb: Float32Array;
  /** Coverage, 0-1. */
  alpha: Float32Array;
  /** Which part covers each pixel (`CanvasPart`), 0 none. */
  part: Uint8Array;
  /**
   * 1 where the garment's body was drawn (at least half covering) before the sleeves went over it: under a
   * sleeve, where the arm lies in front of the body rather than joining it at the seam.
   */
  bodyUnder: Uint8Array;
}

/**
 * The garment's parts as the canvas labels them: its body, a sleeve or trouser leg, and a hood worn down
 * (bulk that stands off the body where the rest lies on it).
 */
export const CanvasPart = { body: 1, sleeve: 2, hood: 3 } as const;
export type CanvasPart = (typeof CanvasPart)[keyof typeof CanvasPart];

/** Which part of the garment covers photo pixel (x, y) (`CanvasPart`), 0 none or outside its canvas. */
export function partAt(canvas: GarmentCanvas, x: number, y: number): number {
  const i = canvasIndex(canvas, x, y);
  return i < 0 ? 0 : (canvas.part[i] ?? 0);
}

/** The canvas index of photo pixel (x, y), -1 outside the canvas. */
function canvasIndex(canvas: GarmentCanvas, x: number, y: number): number {
  const cx = x - canvas.left;
  const cy = y - canvas.top;
  return cx >= 0 && cy >= 0 && cx < canvas.width && cy < canvas.height ? cy * canvas.width + cx : -1;
}

/** How much the new garment covers photo pixel (x, y): its alpha there, 0 outside its canvas. */
export function coverageAt(canvas: GarmentCanvas, x: number, y: number): number {
  const i = canvasIndex(canvas, x, y);
  return i < 0 ? 0 : (canvas.alpha[i] ?? 0);
}

const FOREARMS = new Set<number>([Part.leftForearm, Part.rightForearm]);
const HANDS = new Set<number>([Part.leftHand, Part.rightHand]);

/**
 * Layers the garment's parts (a hood worn down, the body over it, the shoulder joins and the slits closed
 * beside the arms, then sleeves over that) and cuts out what is in front of each: the head always; the
 * hands, the forearms in front of the body (but for a long-sleeved garment's), and the upper arms of a garment
 * without sleeves, where `arms` (armsInFront) says a pixel is the arm itself, not the old clothes beside it;
 * hair in front of everything, softly. A sleeve is over its own arm.
 */
export function garmentCanvas(
  fit: FittedGarment,
  parts: BodyParts,
  hair: Mask,
  arms: Uint8Array,
): GarmentCanvas {
  // Bottom to top, each with the part it draws.
  const drawn = (
    [
      [fit.hood, CanvasPart.hood],
      [fit.body, CanvasPart.body],
      [fit.joins, CanvasPart.body],
      [fit.gaps, CanvasPart.body],
      [fit.limbs.left, CanvasPart.sleeve],
      [fit.limbs.right, CanvasPart.sleeve],
    ] as const
  ).flatMap(([layer, part]) => (layer ? [{ layer, part }] : []));
  const { left, top, width, height } = boundingBox(drawn.map((d) => d.layer));
  const canvas: GarmentCanvas = {
    left,
    top,
    width,
    height,
    rgb: new Float32Array(width * height * 3),
    alpha: new Float32Array(width * height),
    part: new Uint8Array(width * height),
    bodyUnder: new Uint8Array(width * height),
  };
  // An arm the garment has no sleeve for is in front of its body all along (a tank's, a dress's): the body
  // was drawn over the upper arm where the fit's outline took it in with the torso (party-6d's arm hanging
  // beside her, a band of dress across it above her forearm). A forearm in a long sleeve is the sleeve's to
  // cover: where the sleeve, laid along the pose's bone, missed the forearm's pixels, the body cut for them
  // showed the old sleeve or a strip of painted skin in the middle of the top (jordan's, party-6d's).
  const sleeveless = sleevelessArms(fit);
  const behindBody = new Set<number>([
    ...(fit.longSleeves ? [] : FOREARMS),
    ...(sleeveless.left ? [Part.leftUpperArm] : []),
    ...(sleeveless.right ? [Part.rightUpperArm] : []),
  ]);
  const cut = new Uint8Array(width * height);
  const front = { parts, hair, arms, behindBody, cut };
  // The sleeves are drawn last: what is drawn before them is the body they lie over.
  for (const { layer, part } of drawn) if (part !== CanvasPart.sleeve) draw(canvas, layer, part, front);
  for (let i = 0; i < width * height; i++) canvas.bodyUnder[i] = (canvas.alpha[i] ?? 0) >= 0.5 ? 1 : 0;
  for (const { layer, part } of drawn) if (part === CanvasPart.sleeve) draw(canvas, layer, part, front);
  closeGaps(canvas, cut);
  return canvas;
}

/** A hole in the garment this large or smaller (a share of the canvas's area) that no cut made is closed. */
const MAX_GAP = 0.004;

/**
 * Closes the holes the layers leave between them inside the garment that nothing in front made (a notch
 * between a bent arm's sleeve and the body at the elbow, where the photo's old clothes showed as a dark
 * spot on mariya-a's sleeves): each hole of at most `MAX_GAP` of the canvas, all of whose pixels no cut
 * touched (`cut`: the head, a hand, an arm in front, hair), takes the colour and part round it.
 */
function closeGaps(canvas: GarmentCanvas, cut: Uint8Array): void {
  const { width: w, height: h, alpha } = canvas;
  const open = (i: number): boolean => (alpha[i] ?? 0) < 0.5;
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) border.push(y * w, y * w + w - 1);
  const outside = new Uint8Array(w * h);
  for (const i of flood(border.filter(open), w, h, open)) outside[i] = 1;
  const most = Math.max(1, w * h * MAX_GAP);
  const seen = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    if (seen[i] || outside[i] || !open(i)) continue;
    const hole = flood([i], w, h, (j) => open(j) && !outside[j]);
    for (const j of hole) seen[j] = 1;
    if (hole.length > most || hole.some((j) => cut[j])) continue;
    fillHole(canvas, hole);
  }
}

/** Gives a hole's pixels the mean colour of the garment's pixels round it, opaque, and their commonest part. */
function fillHole(canvas: GarmentCanvas, hole: readonly number[]): void {
  const { width: w, height: h, alpha, rgb, part } = canvas;
  const sum = [0, 0, 0];
  let n = 0;
  const parts = new Map<number, number>();
  for (const i of hole) {
    const x = i % w;
    for (const j of [i - w, i + w, x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1]) {
      // The hole's own pixels are open (alpha under 0.5): only the garment round it is read.
      if (j < 0 || j >= w * h || (alpha[j] ?? 0) < 0.5) continue;
      for (let k = 0; k < 3; k++) sum[k] = (sum[k] ?? 0) + (rgb[j * 3 + k] ?? 0);
      n++;
      parts.set(part[j] ?? 0, (parts.get(part[j] ?? 0) ?? 0) + 1);
    }
  }
  if (n === 0) return;
  const commonest = [...parts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? CanvasPart.body;
  for (const i of hole) {
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = (sum[k] ?? 0) / n;
    alpha[i] = 1;
    part[i] = commonest;
  }
}

/**
 * Draws `layer` over the canvas as `part`, but for what is in front of it (the head; hands, and over the
 * body the arms' labels in `behindBody`, where the arms' mask keeps them; hair softly). A module function: a
 * closure made on every try-on was compiled afresh every time.
 */
function draw(
  canvas: GarmentCanvas,
  layer: Layer,
  part: CanvasPart,
  front: {
    parts: BodyParts;
    hair: Mask;
    arms: Uint8Array;
    behindBody: ReadonlySet<number>;
    /** Marked where something in front cut the layer (the canvas's size). */
    cut: Uint8Array;
  },
): void {
  const { parts, hair, arms, cut } = front;
  const { left, top, width } = canvas;
  for (let y = 0; y < layer.height; y++) {
    for (let x = 0; x < layer.width; x++) {
      const o = (y * layer.width + x) * 4;
      let a = (layer.rgba[o + 3] ?? 0) / 255;
      if (a === 0) continue;
      const px = layer.left + x;
      const py = layer.top + y;
      const photoIndex = py * parts.width + px;
      const c = (py - top) * width + (px - left);
      const label = parts.labels[photoIndex] ?? 0;
      if (
        reachesHead(parts, px, py) ||
        ((HANDS.has(label) || (part === CanvasPart.body && front.behindBody.has(label))) && arms[photoIndex])
      ) {
        cut[c] = 1;
        continue;
      }
      const hairHere = hair.data[photoIndex] ?? 0;
      if (hairHere > 0) cut[c] = 1;
      a *= 1 - hairHere / 255;
      const under = canvas.alpha[c] ?? 0;
      const out = a + under * (1 - a);
      if (out <= 0) continue;
      for (let k = 0; k < 3; k++) {
        canvas.rgb[c * 3 + k] =
          ((layer.rgba[o + k] ?? 0) * a + (canvas.rgb[c * 3 + k] ?? 0) * under * (1 - a)) / out;
      }
      canvas.alpha[c] = out;
      if (a >= 0.5) canvas.part[c] = part;
    }
  }
}
