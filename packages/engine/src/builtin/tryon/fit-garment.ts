import type { GarmentLandmarks, Sleeve } from '../garment/garment-landmarks.ts';
import type { Pose } from '../pose/detect-pose.ts';
import { add, angle, dist, mid, type Point, scale, sub } from '../pose/point.ts';
import { apply, homography, type Matrix, multiply, rotationAbout, translation } from './matrix.ts';

/** Where each part of the garment goes on the photo. */
export interface GarmentFit {
  torso: Matrix;
  sleeveLeft: Matrix | null;
  sleeveRight: Matrix | null;
  /** Rows of the cut-out below this one are folded away (a seated person's lap, a short torso). */
  hemRow: number;
  /** The person's shoulder span in photo pixels: the scale of the body for masks and shading. */
  span: number;
}

/**
 * Shoulder keypoints are joints; a garment's shoulder seam sits outside and above them. Outside by 5 % of the
 * span on each side makes the garment's body 1.1 shoulder spans wide, about what a worn T-shirt shows from
 * the front (a flat lay is wider: it is half the garment's girth).
 */
const SHOULDER_OUT = 0.05;
const SHOULDER_UP = 0.1;
/** A top's hem ends this far down the shoulders-to-hips line (1 = at the hip joints). */
const HEM_BELOW_HIPS = 1.12;
/** Without hips in the photo, the torso (shoulders to hip joints) is taken as this many shoulder spans. */
const TORSO_PER_SPAN = 1.45;
/** A sleeve turns at most this far toward the elbow, so a wrong elbow keypoint cannot fold it over. */
const MAX_SLEEVE_TURN = (100 * Math.PI) / 180;

/**
 * The torso goes by a homography from the garment's shoulders and hem to the person's shoulders and a hem
 * line below them, along the body's axis (shoulders to hips). The garment keeps its own proportions, but its
 * hem stops a little below the hips (folded at the lap of a seated person); without hips in the photo (head
 * and shoulders) the torso is extrapolated from the shoulder span and reaches at least the photo's bottom
 * edge. Each sleeve follows the torso, then turns about the top of its armhole toward the elbow.
 */
export function fitGarment(pose: Pose, g: GarmentLandmarks, photoHeight: number): GarmentFit {
  const p = pose.points;
  // Pose "right" is the person's right, which is the picture's left when they face the camera.
  const sLeft = p.rightShoulder as Point;
  const sRight = p.leftShoulder as Point;
  const span = dist(sLeft, sRight);
  const across = scale(sub(sRight, sLeft), 1 / span);
  const normal = { x: -across.y, y: across.x };
  const tLeft = sub(sub(sLeft, scale(across, SHOULDER_OUT * span)), scale(normal, SHOULDER_UP * span));
  const tRight = sub(add(sRight, scale(across, SHOULDER_OUT * span)), scale(normal, SHOULDER_UP * span));
  const k = dist(tLeft, tRight) / dist(g.shoulderLeft, g.shoulderRight);

  const shoulderMid = mid(tLeft, tRight);
  const jointsMid = mid(sLeft, sRight);
  const hips = p.leftHip && p.rightHip ? mid(p.leftHip, p.rightHip) : null;
  const down = hips ? unit(sub(hips, jointsMid)) : normal;
  const hemAcross = { x: down.y, y: -down.x };
  const gShoulderMid = mid(g.shoulderLeft, g.shoulderRight);
  const gHemMid = mid(g.hemLeft, g.hemRight);
  const ownLength = (gHemMid.y - gShoulderMid.y) * k;
  const torsoLength = hips ? dist(jointsMid, hips) : span * TORSO_PER_SPAN;
  let length = Math.min(ownLength, torsoLength * HEM_BELOW_HIPS);
  if (!hips && down.y > 0) {
    // The hips are below the photo, so the garment runs out of it too.
    length = Math.max(length, Math.min(ownLength, (photoHeight - shoulderMid.y) / down.y + 0.05 * span));
  }
  const hemRow = Math.min(gHemMid.y, gShoulderMid.y + length / k);
  const row = Math.round(hemRow);
  const gHemLeft = { x: g.edges.left[row] ?? g.hemLeft.x, y: hemRow };
  const gHemRight = { x: g.edges.right[row] ?? g.hemRight.x, y: hemRow };
  const offset = ((gHemLeft.x + gHemRight.x) / 2 - gShoulderMid.x) * k;
  const hemMid = add(add(shoulderMid, scale(down, length)), scale(hemAcross, offset));
  const hemHalf = (dist(gHemLeft, gHemRight) * k) / 2;
  const tHemLeft = sub(hemMid, scale(hemAcross, hemHalf));
  const tHemRight = add(hemMid, scale(hemAcross, hemHalf));

  const torso = homography(
    [g.shoulderLeft, g.shoulderRight, gHemRight, gHemLeft],
    [tLeft, tRight, tHemRight, tHemLeft],
  );
  return {
    torso,
    sleeveLeft: g.sleeveLeft ? hangSleeve(torso, g.sleeveLeft, sLeft, p.rightElbow) : null,
    sleeveRight: g.sleeveRight ? hangSleeve(torso, g.sleeveRight, sRight, p.leftElbow) : null,
    hemRow,
    span,
  };
}

/**
 * Turns the sleeve about the end of the shoulder seam toward the elbow, then moves it across the arm so that
 * its axis runs down the upper arm: the sleeve hangs along the arm from the shoulder, with no wing standing
 * out at the seam.
 */
function turnSleeve(torso: Matrix, sleeve: Sleeve, shoulder: Point, elbow: Point | undefined): Matrix {
  if (!elbow) return torso;
  const root = apply(torso, sleeve.root);
  let turn = angle(shoulder, elbow) - angle(root, apply(torso, sleeve.centre));
  while (turn > Math.PI) turn -= 2 * Math.PI;
  while (turn < -Math.PI) turn += 2 * Math.PI;
  turn = Math.max(-MAX_SLEEVE_TURN, Math.min(MAX_SLEEVE_TURN, turn));
  const turned = multiply(rotationAbout(apply(torso, sleeve.seam), turn), torso);
  // Across the arm only: the armhole's middle onto the line through the shoulder and the elbow.
  const moved = apply(turned, sleeve.root);
  const arm = unit(sub(elbow, shoulder));
  const along = (moved.x - shoulder.x) * arm.x + (moved.y - shoulder.y) * arm.y;
  const foot = add(shoulder, scale(arm, along));
  return multiply(translation(foot.x - moved.x, foot.y - moved.y), turned);
}

/** Sleeves narrow toward the cuff: its half-width as a share of half the armhole. */
const CUFF_TAPER = 0.85;

/**
 * Hangs the sleeve along the upper arm: its armhole stays sewn to the torso where the torso put it, and its
 * cuff goes down the line from the shoulder joint through the elbow, as far as the sleeve is long (a
 * homography of the sleeve's four corners). A rigid turn about the armhole swings the armhole's edge out
 * like a wing when the arm hangs; this does not. A quad that would fold over falls back to that turn.
 */
function hangSleeve(torso: Matrix, sleeve: Sleeve, shoulder: Point, elbow: Point | undefined): Matrix {
  if (!elbow) return torso;
  const { seam, root, centre } = sleeve;
  const armpit = { x: seam.x, y: 2 * root.y - seam.y };
  const axis = unit(sub(centre, root));
  const across = { x: -axis.y, y: axis.x };
  const half = (dist(seam, armpit) / 2) * CUFF_TAPER;
  const cuff = add(root, scale(sub(centre, root), 2));
  // The cuff's corner on the seam's side of the axis, and the one on the armpit's side.
  const side = Math.sign(cross(axis, sub(seam, root))) || 1;
  const cuffTop = add(cuff, scale(across, side * half));
  const cuffBottom = sub(cuff, scale(across, side * half));

  const seamT = apply(torso, seam);
  const armpitT = apply(torso, armpit);
  const rootT = mid(seamT, armpitT);
  const length = dist(apply(torso, root), apply(torso, cuff));
  const arm = unit(sub(elbow, shoulder));
  const along = (rootT.x - shoulder.x) * arm.x + (rootT.y - shoulder.y) * arm.y;
  const cuffT = add(shoulder, scale(arm, Math.max(0, along) + length));
  const k = dist(apply(torso, cuff), apply(torso, cuffTop)) / Math.max(1e-6, dist(cuff, cuffTop));
  const acrossT = { x: -arm.y * side, y: arm.x * side };
  const cuffTopT = add(cuffT, scale(acrossT, half * k));
  const cuffBottomT = sub(cuffT, scale(acrossT, half * k));
  const from = [seam, cuffTop, cuffBottom, armpit];
  const to = [seamT, cuffTopT, cuffBottomT, armpitT];
  if (!sameTurn(from, to)) return turnSleeve(torso, sleeve, shoulder, elbow);
  return homography(from, to);
}

const cross = (a: Point, b: Point): number => a.x * b.y - a.y * b.x;

/** Whether both quads are convex and go round the same way (a homography between them does not fold). */
function sameTurn(a: Point[], b: Point[]): boolean {
  const turns = (q: Point[]): number[] =>
    q.map((p, i) => {
      const n = q[(i + 1) % q.length] as Point;
      const nn = q[(i + 2) % q.length] as Point;
      return Math.sign(cross(sub(n, p), sub(nn, n)));
    });
  const ta = turns(a);
  const tb = turns(b);
  const first = ta[0] ?? 0;
  return first !== 0 && ta.every((t) => t === first) && tb.every((t) => t === first);
}

function unit(v: Point): Point {
  const n = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / n, y: v.y / n };
}
