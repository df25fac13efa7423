import type { BodyFrame } from '../fit/body-frame.ts';
import type { ShoulderLine } from '../fit/fitted-garment.ts';
import type { BodyPose, Keypoint } from '../person/body-pose.ts';
import { SEEN } from '../person/check-pose.ts';
import type { Box, Mask } from '../person/mask.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';
import { CanvasPart, type GarmentCanvas } from './garment-canvas.ts';
import { naturalTop } from './shoulder-bulk.ts';

/** A garment stands off the body by up to this share of the shoulder span (ease, a loose sleeve)... */
const EASE = 0.05;
/** ...and is gone this far out: cloth does not float beside a body in the air. */
const GONE = 0.1;
/**
 * Above the shoulder joints cloth lies on the body, it does not stand off it: the shoulders' top edge takes
 * this little ease and is gone this far out (shares of the span), so a flat-lay's straight shoulder line
 * follows the round of the person's shoulders instead of floating over it. The sides take their ease back
 * by `SHOULDER_BLEND` of the span below the joints.
 */
const TOP_EASE = 0.015;
const TOP_GONE = 0.035;
const SHOULDER_BLEND = 0.2;
/**
 * Over the shoulders cloth lies from the neckline's corner to the shoulder seam (`FittedGarment.shoulders`;
 * the seam no higher than a bare body's round there, `naturalTop`) and no more than `CLOTH` (a share of the
 * span) above that line, even where the old clothes' silhouette stands higher (a puffy sleeve, padded
 * shoulders, a coat), which the silhouette's cut keeps: the flat lay's square corners go. Past the seam a
 * sleeve only when its arm hangs: a raised arm's sleeve rises with it.
 */
const CLOTH = 0.03;
/** Silhouette probability (0-255) from which a pixel is the person. */
const PERSON = 110;
/**
 * When the silhouette would take more than this share of the garment, the silhouette is what is wrong (an
 * arm the segmentation missed, a body lost in a busy background): the outline is left as it was fitted.
 */
const MAX_TAKEN = 0.2;

/**
 * A flat-lay garment warped onto a body keeps its flat outline: square shoulder corners, sleeves standing
 * out like wings, a body wider than the person in the gap beside an arm. Worn, cloth hangs on the body:
 * this cuts the garment where it reaches beyond the person's silhouette by more than a little ease (less
 * above the shoulders, where cloth lies on the body), so the outline follows the shoulders' round and the
 * arms with an edge as crisp as cloth's. Below the hips (`freeBelow`, a depth down the
 * torso's axis) cloth hangs as cut (a dress's skirt flares away from the legs, a coat covers the gap between
 * them) and is left alone. With a top's `shoulders` it is also cut above the line over each shoulder (see
 * `CLOTH`), a sleeve past the seam only on an arm that `hanging` says hangs (`hangingArms`). Answers the
 * share of the garment's coverage taken.
 */
export function drapeOutline(
  cv: OpenCv,
  canvas: GarmentCanvas,
  silhouette: Mask,
  frame: BodyFrame,
  freeBelow: number,
  shoulders?: { left: ShoulderLine; right: ShoulderLine },
  hanging: { left: boolean; right: boolean } = { left: false, right: false },
): number {
  const cloth = frame.span * CLOTH;
  const inFrame = (line: ShoulderLine): FramedLine => {
    const seamAcross = Math.abs(frame.offsetOf(line.seam));
    return {
      neckAcross: Math.abs(frame.offsetOf(line.neck)),
      neckDepth: frame.depthOf(line.neck),
      seamAcross,
      // The fit raises a seam to the silhouette's top (the old shoulder must not show above the new one); a
      // puffy old sleeve's top is not the shoulder, which reaches no higher than a bare body's round there.
      seamDepth: Math.max(frame.depthOf(line.seam), -naturalTop(seamAcross / frame.span) * frame.span),
    };
  };
  const lines = shoulders ? { left: inFrame(shoulders.left), right: inFrame(shoulders.right) } : null;
  const { width: w, height: h, left, top } = canvas;
  const ease = frame.span * EASE;
  const gone = frame.span * GONE;
  const topEase = frame.span * TOP_EASE;
  const topGone = frame.span * TOP_GONE;
  const blend = frame.span * SHOULDER_BLEND;
  const mats: Mat[] = [];
  try {
    // Distance of every canvas pixel to the nearest person pixel; the silhouette beyond the canvas counts
    // too, so the box is padded by the distance that matters.
    const pad = Math.ceil(gone) + 1;
    const bw = w + 2 * pad;
    const bh = h + 2 * pad;
    const outside = new cv.Mat(bh, bw, cv.CV_8UC1);
    const distance = new cv.Mat();
    mats.push(outside, distance);
    markOutside(silhouette, { left: left - pad, top: top - pad, width: bw, height: bh }, outside.data);
    cv.distanceTransform(outside, distance, cv.DIST_L2, 3);
    const keep = new Float32Array(w * h).fill(1);
    // What the shoulder lines cut (a top only), kept apart from the silhouette's cut, which may be dropped.
    const rounded = lines ? new Float32Array(w * h).fill(1) : null;
    const sums = new Float64Array(2);
    cuts(canvas, frame, lines, hanging, {
      distance: distance.data32F,
      pad,
      bands: { cloth, ease, gone, topEase, topGone, blend, freeBelow },
      out: { keep, rounded, sums },
    });
    const [total = 0, taken = 0] = sums;
    if (total === 0) return 0;
    // The silhouette's cut is left out when it would take too much (the segmentation lost the body); the
    // shoulders' round does not hang on the segmentation.
    const bySilhouette = taken / total <= MAX_TAKEN;
    return cut(canvas, bySilhouette ? keep : null, rounded) / total;
  } finally {
    for (const m of mats) m.delete();
  }
}

/**
 * An arm hangs when the pose did not see its elbow or saw it this far below the shoulders (a share of the
 * span).
 */
const HANGING_ELBOW = 0.25;

// drapeOutline's loops, each a function of its own: in its body V8 compiled the whole of it again for each
// loop on every try-on.

/** Marks (255) the pixels of `box` (photo coordinates) off the person; beyond the photo's edge is person. */
function markOutside(silhouette: Mask, box: Box, out: Uint8Array): void {
  for (let y = 0; y < box.height; y++) {
    const py = box.top + y;
    for (let x = 0; x < box.width; x++) {
      const px = box.left + x;
      const inPhoto = px >= 0 && py >= 0 && px < silhouette.width && py < silhouette.height;
      // Beyond the photo's edge the body may go on: counted as person, so nothing is cut at the frame.
      const person = !inPhoto || (silhouette.data[py * silhouette.width + px] ?? 0) >= PERSON;
      out[y * box.width + x] = person ? 0 : 255;
    }
  }
}

/** A shoulder line in the body frame's terms (see `drapeOutline`). */
interface FramedLine {
  neckAcross: number;
  neckDepth: number;
  seamAcross: number;
  seamDepth: number;
}

/** drapeOutline's bands in pixels. */
interface Bands {
  cloth: number;
  ease: number;
  gone: number;
  topEase: number;
  topGone: number;
  blend: number;
  freeBelow: number;
}

/**
 * What of each canvas pixel is kept: by the silhouette (`keep`, from `distance`, the distance transform of
 * the canvas padded by `pad` each side) and by the shoulder lines (`rounded`, a top only); into `sums`, the
 * garment's coverage in all and what the silhouette's cut takes of it. Nothing is made after the loop: an
 * object literal there, with no feedback when V8 compiled the loop, threw its code away on every try-on.
 */
function cuts(
  canvas: GarmentCanvas,
  frame: BodyFrame,
  lines: { left: FramedLine; right: FramedLine } | null,
  hanging: { left: boolean; right: boolean },
  seen: {
    distance: Float32Array;
    pad: number;
    bands: Bands;
    out: { keep: Float32Array; rounded: Float32Array | null; sums: Float64Array };
  },
): void {
  const { distance: d, pad } = seen;
  const { keep, rounded, sums } = seen.out;
  const { cloth, ease, gone, topEase, topGone, blend, freeBelow } = seen.bands;
  const { width: w, height: h, left, top } = canvas;
  const bw = w + 2 * pad;
  // The pixel asked of the frame, one object for every pixel.
  const q = { x: 0, y: 0 };
  let total = 0;
  let taken = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const a = canvas.alpha[i] ?? 0;
      if (a === 0) continue;
      total += a;
      // A hood worn down is bulk round the neck: it stands off the shoulders.
      if (canvas.part[i] === CanvasPart.hood) continue;
      q.x = left + x;
      q.y = top + y;
      const depth = frame.depthOf(q);
      if (depth > freeBelow) continue;
      if (lines) {
        // Over the shoulders, whatever the silhouette says (a puffy old sleeve, padded shoulders).
        const offset = frame.offsetOf(q);
        const line = offset > 0 ? lines.left : lines.right;
        const across = Math.abs(offset);
        const free = canvas.part[i] !== CanvasPart.sleeve || (offset > 0 ? hanging.left : hanging.right);
        if (across >= line.neckAcross && (across <= line.seamAcross || free)) {
          const t = Math.min(1, (across - line.neckAcross) / Math.max(1, line.seamAcross - line.neckAcross));
          const highest = line.neckDepth + (line.seamDepth - line.neckDepth) * t - cloth;
          const k = Math.min(1, Math.max(0, 0.5 - (highest - depth)));
          if (k < 1 && rounded) rounded[i] = k;
        }
      }
      const off = d[(y + pad) * bw + x + pad] ?? 0;
      // Depth below the shoulder joints' line, where the sides' ease comes back.
      const side = Math.min(1, Math.max(0, depth / blend));
      const e = topEase + (ease - topEase) * side;
      if (off <= e) continue;
      const g = topGone + (gone - topGone) * side;
      // Cut at the middle of ease and gone, anti-aliased over a pixel: cloth has an edge, and a fade over
      // the band reads as a translucent smudge round the shoulders.
      const k = Math.min(1, Math.max(0, (e + g) / 2 - off + 0.5));
      keep[i] = k;
      taken += a * (1 - k);
    }
  }
  sums[0] = total;
  sums[1] = taken;
}

/** Cuts the canvas by the lesser of `keep` and `rounded` (either may be left out); answers the coverage taken. */
function cut(canvas: GarmentCanvas, keep: Float32Array | null, rounded: Float32Array | null): number {
  let removed = 0;
  for (let i = 0; i < canvas.width * canvas.height; i++) {
    const k = Math.min(keep?.[i] ?? 1, rounded?.[i] ?? 1);
    if (k >= 1) continue;
    removed += (canvas.alpha[i] ?? 0) * (1 - k);
    canvas.alpha[i] = (canvas.alpha[i] ?? 0) * k;
    if (k < 0.5) canvas.part[i] = 0;
  }
  return removed;
}

/**
 * Which arms hang (`drapeOutline`'s `hanging`): the elbow unseen (the sleeve then hangs down the body's side)
 * or seen well below the shoulder joints' line.
 */
export function hangingArms(pose: BodyPose, frame: BodyFrame): { left: boolean; right: boolean } {
  const hangs = (elbow: Keypoint): boolean =>
    elbow.score < SEEN || frame.depthOf(elbow) > HANGING_ELBOW * frame.span;
  return { left: hangs(pose.points.leftElbow), right: hangs(pose.points.rightElbow) };
}
