import type { Point } from '../geometry/point.ts';
import { dist, smoothstep } from '../geometry/point.ts';
import { LANDMARK } from './face-parts.ts';
import type { Region } from './warp-triangles.ts';

const { noseTip: NOSE_TIP, betweenEyes: BETWEEN_EYES, chin: CHIN } = LANDMARK;
const { rightCheekEdge: RIGHT_CHEEK_EDGE, leftCheekEdge: LEFT_CHEEK_EDGE } = LANDMARK;
/**
 * How much more one half of the face must be widened (against the other) for its own pixels to be given up:
 * from this ratio the mirrored near half starts to take over, and from FULL it is all the mirrored half.
 */
const START = 1.3;
const FULL = 1.9;
/** The hand-over from the face's own pixels to the mirrored ones, beyond the midline, as a share of the width. */
const SPAN = 0.14;

/**
 * Where a turned shopper's far half should come from the near half, mirrored (0 own pixels, 1 the mirror's),
 * over `region` of the placed face. A face turned away shows its far cheek narrowed, and spread over a model
 * facing the camera its pixels are smeared sideways; a face is nearly symmetric, so the near half, seen
 * squarely and mirrored, stands in for it. The weight rises with how much the far half would be widened and
 * fades in from the face's midline. Returns null when no half is widened enough to need it.
 */
export function farSideWeight(
  source: readonly Point[],
  placed: readonly Point[],
  region: Region,
): Float32Array | null {
  const s = halves(source);
  const t = halves(placed);
  // How much the subject's right half is widened against the left one.
  const widen = t.right / (t.left || 1) / (s.right / (s.left || 1) || 1);
  const rightFar = widen > 1;
  const ratio = rightFar ? widen : 1 / widen;
  const strength = Math.min(1, Math.max(0, Math.log(ratio / START) / Math.log(FULL / START)));
  if (strength <= 0) return null;

  const top = placed[BETWEEN_EYES] ?? { x: 0, y: 0 };
  const chin = placed[CHIN] ?? { x: 0, y: 1 };
  const len = dist(chin, top) || 1;
  // The normal of the midline, pointing to the far cheek.
  let nx = -(chin.y - top.y) / len;
  let ny = (chin.x - top.x) / len;
  const far = placed[rightFar ? RIGHT_CHEEK_EDGE : LEFT_CHEEK_EDGE] ?? top;
  if ((far.x - top.x) * nx + (far.y - top.y) * ny < 0) {
    nx = -nx;
    ny = -ny;
  }
  const span = Math.max(1, (t.left + t.right) * SPAN);
  const out = new Float32Array(region.width * region.height);
  for (let y = 0; y < region.height; y++) {
    const dy = (y + region.top + 0.5 - top.y) * ny;
    for (let x = 0; x < region.width; x++) {
      const d = ((x + region.left + 0.5 - top.x) * nx + dy) / span;
      out[y * region.width + x] = strength * smoothstep(d);
    }
  }
  return out;
}

/** Nose tip to each cheek edge, along the eye line: the subject's right and left half-widths. */
function halves(mesh: readonly Point[]): { right: number; left: number } {
  const r = mesh[RIGHT_CHEEK_EDGE] ?? { x: 0, y: 0 };
  const l = mesh[LEFT_CHEEK_EDGE] ?? { x: 1, y: 0 };
  const len = dist(l, r) || 1;
  const ux = (l.x - r.x) / len;
  const uy = (l.y - r.y) / len;
  const tip = mesh[NOSE_TIP] ?? r;
  const along = (p: Point): number => p.x * ux + p.y * uy;
  return { right: Math.max(0, along(tip) - along(r)), left: Math.max(0, along(l) - along(tip)) };
}
