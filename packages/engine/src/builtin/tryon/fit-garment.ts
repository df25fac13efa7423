import type { GarmentLandmarks, Sleeve } from '../garment/garment-landmarks.ts';
import type { Pose } from '../pose/detect-pose.ts';
import { add, angle, dist, mid, type Point, scale, sub } from '../pose/point.ts';
import { apply, homography, type Matrix, multiply, rotationAbout } from './matrix.ts';

/** Where each part of the garment goes on the photo. */
export interface GarmentFit {
  torso: Matrix;
  sleeveLeft: Matrix | null;
  sleeveRight: Matrix | null;
}

/** Shoulder keypoints are joints; a garment's shoulder seam sits outside and above them. */
const SHOULDER_OUT = 0.1;
const SHOULDER_UP = 0.06;
/** A sleeve turns at most this far toward the elbow, so a wrong elbow keypoint cannot fold it over. */
const MAX_SLEEVE_TURN = (100 * Math.PI) / 180;

/**
 * The torso goes by a homography from the garment's shoulders and hem to the person's shoulders and a hem
 * line below them, along the body's axis (shoulders to hips) and as long as the garment's own proportions
 * say. Each sleeve follows the torso, then turns about its armhole toward the elbow.
 */
export function fitGarment(pose: Pose, g: GarmentLandmarks): GarmentFit {
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
  const hips = p.leftHip && p.rightHip ? mid(p.leftHip, p.rightHip) : null;
  const down = hips ? unit(sub(hips, mid(sLeft, sRight))) : normal;
  const hemAcross = { x: down.y, y: -down.x };
  const gShoulderMid = mid(g.shoulderLeft, g.shoulderRight);
  const gHemMid = mid(g.hemLeft, g.hemRight);
  const length = (gHemMid.y - gShoulderMid.y) * k;
  const offset = (gHemMid.x - gShoulderMid.x) * k;
  const hemMid = add(add(shoulderMid, scale(down, length)), scale(hemAcross, offset));
  const hemHalf = (dist(g.hemLeft, g.hemRight) * k) / 2;
  const tHemLeft = sub(hemMid, scale(hemAcross, hemHalf));
  const tHemRight = add(hemMid, scale(hemAcross, hemHalf));

  const torso = homography(
    [g.shoulderLeft, g.shoulderRight, g.hemRight, g.hemLeft],
    [tLeft, tRight, tHemRight, tHemLeft],
  );
  return {
    torso,
    sleeveLeft: g.sleeveLeft ? turnSleeve(torso, g.sleeveLeft, sLeft, p.rightElbow) : null,
    sleeveRight: g.sleeveRight ? turnSleeve(torso, g.sleeveRight, sRight, p.leftElbow) : null,
  };
}

function turnSleeve(torso: Matrix, sleeve: Sleeve, shoulder: Point, elbow: Point | undefined): Matrix {
  if (!elbow) return torso;
  const root = apply(torso, sleeve.root);
  let turn = angle(shoulder, elbow) - angle(root, apply(torso, sleeve.centre));
  while (turn > Math.PI) turn -= 2 * Math.PI;
  while (turn < -Math.PI) turn += 2 * Math.PI;
  turn = Math.max(-MAX_SLEEVE_TURN, Math.min(MAX_SLEEVE_TURN, turn));
  return multiply(rotationAbout(root, turn), torso);
}

function unit(v: Point): Point {
  const n = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / n, y: v.y / n };
}
