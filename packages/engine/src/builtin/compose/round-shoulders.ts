import type { BodyFrame } from '../fit/body-frame.ts';
import type { FittedGarment } from '../fit/fitted-garment.ts';
import type { Point } from '../geometry/point.ts';
import type { BodyPose } from '../person/body-pose.ts';
import { SEEN } from '../person/check-pose.ts';
import type { Mask } from '../person/mask.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';
import type { GarmentCanvas } from './garment-canvas.ts';

/**
 * A shoulder's outer corner: the seam where the sleeve meets the body, and unit vectors out from the neck
 * across the body and down it.
 */
export interface ShoulderCorner {
  seam: Point;
  outward: Point;
  down: Point;
}

/**
 * The corners to round: the shoulders of a top's sides that have a sleeve on an arm hanging down, by
 * `hanging` (`hangingArms`: the elbow low) and with the wrist no higher than the elbow (a hand raised to the
 * face from a low elbow: its sleeve rises from the shoulder, and there is no corner to round).
 */
export function shoulderCorners(
  fitted: Pick<FittedGarment, 'shoulders' | 'limbs'>,
  pose: BodyPose,
  frame: BodyFrame,
  hanging: { left: boolean; right: boolean },
): ShoulderCorner[] {
  const { shoulders, limbs } = fitted;
  if (!shoulders) return [];
  const p = pose.points;
  const sides = [
    { side: 'left', elbow: p.leftElbow, wrist: p.leftWrist, sign: 1 },
    { side: 'right', elbow: p.rightElbow, wrist: p.rightWrist, sign: -1 },
  ] as const;
  return sides
    .filter(({ side, elbow, wrist }) => {
      if (!limbs[side] || !hanging[side]) return false;
      return wrist.score < SEEN || elbow.score < SEEN || frame.depthOf(wrist) >= frame.depthOf(elbow);
    })
    .map(({ side, sign }) => ({
      seam: shoulders[side].seam,
      outward: { x: frame.across.x * sign, y: frame.across.y * sign },
      down: frame.down,
    }));
}

/** The round of a shoulder's outer corner: its radius, a share of the shoulder span. */
const ROUND = 0.15;
/**
 * No deeper than this share of the radius inside the outline is cut: the most a disc takes from a right
 * angle is 0.29 of its radius, while a part narrower than the disc (a sleeve seen edge-on) would go whole.
 */
const DEPTH = 0.35;
/** Hair in front (0-255) from which a pixel counts as covered: the garment goes on under it. */
const HAIR = 128;

/**
 * Where a sleeve meets the body at the shoulder of a hanging arm, the fit leaves a corner: the shoulder line
 * runs straight from the neckline to the seam and the sleeve drops from there, so the outline turns through
 * a right angle, often with a step between the two, like a paper cut-out's. Worn, cloth goes round the
 * shoulder. At each of `corners` (a side with a sleeve on an arm hanging down), within twice the radius of
 * the seam and only out from it and above it, this cuts the garment's coverage to its opening by a disc of
 * ROUND times `span`: convex corners sharper than the disc are rounded, straight edges are left as they are
 * and nothing is added. Hair in front counts as garment, so strands over the shoulder do not read as
 * notches. The cut's edge is anti-aliased. Answers how many pixels lost at least half their coverage.
 */
export function roundShoulders(
  cv: OpenCv,
  canvas: GarmentCanvas,
  corners: readonly ShoulderCorner[],
  hair: Mask,
  span: number,
): number {
  const radius = Math.max(2, span * ROUND);
  const reach = Math.ceil(2 * radius);
  // The opening at a pixel within `reach` of the seam depends on pixels within two radii of it.
  const pad = reach + Math.ceil(2 * radius) + 1;
  let cut = 0;
  for (const corner of corners) {
    const { seam } = corner;
    const box = {
      left: Math.round(seam.x) - pad,
      top: Math.round(seam.y) - pad,
      width: 2 * pad + 1,
      height: 2 * pad + 1,
    };
    const mats: Mat[] = [];
    try {
      const covered = new cv.Mat(box.height, box.width, cv.CV_8UC1);
      const eroded = new cv.Mat(box.height, box.width, cv.CV_8UC1);
      const inside = new cv.Mat();
      const toEroded = new cv.Mat();
      mats.push(covered, eroded, inside, toEroded);
      markCovered(canvas, hair, box, covered.data);
      // Erosion by the disc: the pixels further than the radius from anything uncovered; its dilation by
      // the disc, the opening: the pixels within the radius of an eroded one.
      cv.distanceTransform(covered, inside, cv.DIST_L2, cv.DIST_MASK_PRECISE);
      // Nothing as wide as the disc round the seam (a strap): nothing to round, and all would go.
      if (!markEroded(inside.data32F, radius, eroded.data)) continue;
      cv.distanceTransform(eroded, toEroded, cv.DIST_L2, cv.DIST_MASK_PRECISE);
      cut += cutToOpening(
        canvas,
        box,
        { corner, reach, radius },
        {
          toEroded: toEroded.data32F,
          inside: inside.data32F,
        },
      );
    } finally {
      for (const m of mats) m.delete();
    }
  }
  return cut;
}

// roundShoulders' loops, each a function of its own (see the speed habits in docs/engine.md).

/**
 * Marks (255) the pixels of `box` (photo coordinates) the garment covers at least half, or hair in front
 * does, and those beyond the photo's edge (a shoulder the frame cuts off goes on there: no corner is made at
 * the frame); 0 elsewhere.
 */
function markCovered(
  canvas: GarmentCanvas,
  hair: Mask,
  box: { left: number; top: number; width: number; height: number },
  out: Uint8Array,
): void {
  for (let y = 0; y < box.height; y++) {
    const py = box.top + y;
    const cy = py - canvas.top;
    for (let x = 0; x < box.width; x++) {
      const px = box.left + x;
      const cx = px - canvas.left;
      const inCanvas = cx >= 0 && cy >= 0 && cx < canvas.width && cy < canvas.height;
      const garment = inCanvas && (canvas.alpha[cy * canvas.width + cx] ?? 0) >= 0.5;
      const inPhoto = px >= 0 && py >= 0 && px < hair.width && py < hair.height;
      const inFront = inPhoto && (hair.data[py * hair.width + px] ?? 0) >= HAIR;
      out[y * box.width + x] = garment || (inFront && inCanvas) || !inPhoto ? 255 : 0;
    }
  }
}

/**
 * Marks as 0 (the distance transform's targets) the pixels further than `radius` inside; 255 the rest.
 * Answers whether any was.
 */
function markEroded(inside: Float32Array, radius: number, out: Uint8Array): boolean {
  let any = false;
  for (let i = 0; i < inside.length; i++) {
    const eroded = (inside[i] ?? 0) > radius;
    out[i] = eroded ? 0 : 255;
    if (eroded) any = true;
  }
  return any;
}

/**
 * Lowers the canvas's coverage, within `reach` of the seam, no further in than a radius from it nor lower
 * than a radius below it, and within DEPTH of the radius of the outline (`distances.inside`), to the opening: 1 within the radius of an eroded pixel (`distances.toEroded`),
 * falling to 0 over the pixel beyond it. Answers how many pixels lost at least half their coverage.
 */
function cutToOpening(
  canvas: GarmentCanvas,
  box: { left: number; top: number; width: number; height: number },
  at: { corner: ShoulderCorner; reach: number; radius: number },
  distances: { toEroded: Float32Array; inside: Float32Array },
): number {
  const { corner, reach, radius } = at;
  const { seam, outward, down } = corner;
  const { toEroded, inside } = distances;
  const depth = DEPTH * radius + 1;
  let cut = 0;
  for (let y = 0; y < box.height; y++) {
    const py = box.top + y;
    const cy = py - canvas.top;
    if (cy < 0 || cy >= canvas.height) continue;
    const dy = py - seam.y;
    for (let x = 0; x < box.width; x++) {
      const px = box.left + x;
      const cx = px - canvas.left;
      if (cx < 0 || cx >= canvas.width) continue;
      const dx = px - seam.x;
      if (dx * dx + dy * dy > reach * reach) continue;
      // Only round the corner: out from the seam (less a radius) and above it (plus a radius).
      if (dx * outward.x + dy * outward.y < -radius || dx * down.x + dy * down.y > radius) continue;
      const c = cy * canvas.width + cx;
      const a = canvas.alpha[c] ?? 0;
      if (a <= 0 || (inside[y * box.width + x] ?? 0) > depth) continue;
      const keep = Math.min(1, Math.max(0, radius + 0.5 - (toEroded[y * box.width + x] ?? 0)));
      if (keep >= a) continue;
      if (a >= 0.5 && keep < 0.5) cut++;
      canvas.alpha[c] = keep;
    }
  }
  return cut;
}
