import type { GarmentAnalysis, Sides } from '../garment/garment.ts';
import { mid, type Point } from '../geometry/point.ts';
import type { BodyFrame } from './body-frame.ts';
import { landingBox } from './landing-box.ts';
import { thinPlateSpline } from './thin-plate-spline.ts';
import { emptyLayer, type Layer, warpInto } from './warp-layer.ts';
import type { Wrap } from './wrap-round.ts';

/** How much wider than the body a garment sits (ease), as a share of the body's width. */
export const EASE = 1.06;
/** A garment is never narrower on the body than this share of its own cut (scaled to the body). */
const CUT = 0.92;

/**
 * A standing person's hem goes round the body below the camera: its front, nearest, hangs this share of
 * the shoulder span lower than its sides.
 */
export const HEM_SAG = 0.05;

/** Garment landmarks paired with where they land on the photo, for the spline of a garment's body. */
export class LandmarkPairs {
  private readonly pairs: { to: Point; from: Point }[] = [];

  add(from: Point, to: Point): void {
    this.pairs.push({ to, from });
  }

  /**
   * A pair of side landmarks and their middle at `depth` down the body: as wide as the body is there (the
   * torso, or `labels`), at most `widest` pixels each side, with ease, or as the garment is cut
   * (`garmentHalf` photo pixels) if looser; `fallback` says where the body's edges are when none are found.
   * The middle lands `sag` pixels lower than the sides: a hem goes round the body, and seen from above its
   * front, nearest the camera, hangs lowest. Returns where the sides landed.
   */
  row(
    frame: BodyFrame,
    sides: Sides,
    depth: number,
    garmentHalf: number,
    fallback: { half: number; centre: number },
    { labels, widest, sag = 0 }: { labels?: readonly number[]; widest?: number; sag?: number } = {},
  ): Sides {
    const e = frame.edges(depth, labels);
    // What the body's edges say, no wider than `widest` (loose old clothes are not the body), then eased.
    const bodyHalf = Math.min(e ? (e.left - e.right) / 2 : fallback.half, widest ?? Number.POSITIVE_INFINITY);
    const half = Math.max(bodyHalf * EASE, garmentHalf * CUT);
    // Edges cut back to `widest` were not the body's: nor is the middle they made, which stays near the axis.
    const measured = e ? (e.left + e.right) / 2 : fallback.centre;
    const shift = widest === undefined || bodyHalf < widest ? Number.POSITIVE_INFINITY : widest * 0.25;
    const centre = Math.max(-shift, Math.min(shift, measured));
    const landed = { left: frame.at(depth, centre + half), right: frame.at(depth, centre - half) };
    this.add(sides.left, landed.left);
    this.add(sides.right, landed.right);
    this.add(mid(sides.left, sides.right), frame.at(depth + sag, centre));
    return landed;
  }

  /**
   * The garment's `parts` warped by the spline through the pairs (photo point -> cut-out point), their
   * print taken round the body by `wrap` (their outline stays the spline's), in that order, onto a layer
   * over where the pairs land, padded by `pad`. Null when no spline fits the pairs.
   */
  warp(
    garment: GarmentAnalysis,
    parts: readonly number[],
    pad: number,
    photo: { width: number; height: number },
    wrap?: Wrap,
  ): Layer | null {
    return this.warpEach(garment, [parts], pad, photo, wrap)?.[0] ?? null;
  }

  /** One layer for each list of parts (drawn in order within it), all through the same spline and wrap. */
  warpEach(
    garment: GarmentAnalysis,
    layers: readonly (readonly number[])[],
    pad: number,
    photo: { width: number; height: number },
    wrap?: Wrap,
  ): Layer[] | null {
    const toGarment = thinPlateSpline(
      this.pairs.map((p) => p.to),
      this.pairs.map((p) => p.from),
      0.02,
    );
    if (!toGarment) return null;
    const box = landingBox(
      this.pairs.map((p) => p.to),
      pad,
      photo,
    );
    return layers.map((parts) => {
      const layer = emptyLayer(box);
      for (const part of parts) warpInto(layer, garment.image, garment.parts, part, toGarment, 4, wrap);
      return layer;
    });
  }
}
