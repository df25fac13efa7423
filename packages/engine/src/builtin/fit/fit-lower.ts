import { type GarmentAnalysis, GarmentPart, type LegLandmarks } from '../garment/garment.ts';
import { dist, mid, type Point } from '../geometry/point.ts';
import { TORSO_AND_LEGS } from '../person/body-parts.ts';
import type { BodyPose } from '../person/body-pose.ts';
import type { BodyFrame } from './body-frame.ts';
import type { FittedGarment } from './fitted-garment.ts';
import { garmentFrame } from './garment-frame.ts';
import { EASE, HEM_SAG, LandmarkPairs } from './landmark-pairs.ts';
import { limbLayer } from './limb-map.ts';
import type { Layer } from './warp-layer.ts';

/** A waistband sits this far above the hip joints, as a share of the torso's length. */
const WAIST_RISE = 0.2;

/**
 * Fits trousers, shorts or a skirt: the waistband across the body's waist (as wide as the torso there), a
 * skirt's hem by a spline at the garment's own length and flare, and each trouser leg by its own spline
 * down the leg from the hip (outer edge) and the crotch (inner edge), bending at the knee.
 */
export function fitLower(
  garment: GarmentAnalysis,
  pose: BodyPose,
  frame: BodyFrame,
  photo: { width: number; height: number },
): FittedGarment | null {
  const g = garment.landmarks;
  if (!g.waist) return null;
  const p = pose.points;
  const { span } = frame;
  const gf = garmentFrame(g.waist, g.hem);
  const waistDepth = frame.torsoLength * (1 - WAIST_RISE);
  const waist = frame.edges(waistDepth) ?? { left: span * 0.4, right: -span * 0.4 };
  const bodyHalf = ((waist.left - waist.right) / 2) * EASE;
  const centre = (waist.left + waist.right) / 2;
  const k = bodyHalf / Math.max(1, gf.halfWidth(g.waist));
  const pairs = new LandmarkPairs();
  const pair = (from: Point, to: Point): void => pairs.add(from, to);
  const waistL = frame.at(waistDepth, centre + bodyHalf);
  const waistR = frame.at(waistDepth, centre - bodyHalf);
  pair(g.waist.left, waistL);
  pair(g.waist.right, waistR);
  pair(mid(g.waist.left, g.waist.right), frame.at(waistDepth, centre));
  let crotch: Point | null = null;
  if (g.legs && g.crotch) {
    // The seat: from the waistband down to the crotch; the legs take it from there.
    const crotchDepth = waistDepth + gf.depth(g.crotch) * k;
    crotch = frame.at(crotchDepth, centre);
    pair(g.crotch, crotch);
  } else {
    const depth = waistDepth + gf.depth(mid(g.hem.left, g.hem.right)) * k;
    pairs.row(
      frame,
      g.hem,
      depth,
      gf.halfWidth(g.hem) * k,
      { half: bodyHalf, centre },
      // A skirt's hem goes round the legs below the camera, as a top's round the body.
      { labels: TORSO_AND_LEGS, sag: span * HEM_SAG },
    );
  }
  const body = pairs.warp(garment, [GarmentPart.body], span * 0.15, photo);
  if (!body) return null;
  const leg = (l: LegLandmarks | undefined, left: boolean): Layer | null => {
    if (!l || !g.crotch || !crotch) return null;
    const sign = left ? 1 : -1;
    const outerTop = left ? g.waist?.left : g.waist?.right;
    if (!outerTop) return null;
    return limbLayer(
      garment,
      left ? GarmentPart.leftLeg : GarmentPart.rightLeg,
      { top: outerTop, bottom: g.crotch, endTop: l.outerEnd, endBottom: l.innerEnd },
      {
        outerStart: left ? waistL : waistR,
        innerStart: crotch,
        joint: left ? p.leftKnee : p.rightKnee,
        end: left ? p.leftAnkle : p.rightAnkle,
        outward: { x: frame.across.x * sign, y: frame.across.y * sign },
        limbHalf: dist(p.leftHip, p.rightHip) * 0.3,
        scale: k,
      },
      span * 0.1,
      photo,
    );
  };
  return { body, limbs: { left: leg(g.legs?.left, true), right: leg(g.legs?.right, false) } };
}
