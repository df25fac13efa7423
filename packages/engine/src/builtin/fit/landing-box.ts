import type { Point } from '../geometry/point.ts';
import type { Box } from '../person/mask.ts';

/** The points' bounds, padded and clipped to the photo. */
export function landingBox(points: Point[], pad: number, photo: { width: number; height: number }): Box {
  const clamp = (v: number, hi: number): number => Math.max(0, Math.min(hi, v));
  const left = clamp(Math.floor(Math.min(...points.map((q) => q.x)) - pad), photo.width);
  const top = clamp(Math.floor(Math.min(...points.map((q) => q.y)) - pad), photo.height);
  const right = clamp(Math.ceil(Math.max(...points.map((q) => q.x)) + pad), photo.width);
  const bottom = clamp(Math.ceil(Math.max(...points.map((q) => q.y)) + pad), photo.height);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}
