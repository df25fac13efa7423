import { dist, mid, type Point } from '../geometry/point.ts';
import type { BodyPose } from '../person/body-pose.ts';

/** A head keypoint placed with this confidence is used. */
const SEEN_HEAD = 0.3;

export interface SquareBox {
  left: number;
  top: number;
  size: number;
}

/**
 * A square around the head from the pose keypoints, generous enough for the whole face at any tilt. When no
 * head keypoint was found (a hidden face), it is guessed above the shoulders so the face model still gets
 * a look.
 */
export function headBox(pose: BodyPose, width: number, height: number): SquareBox | null {
  const p = pose.points;
  const { leftShoulder, rightShoulder } = p;
  const shoulderSpan = dist(leftShoulder, rightShoulder);
  const head = [p.nose, p.leftEye, p.rightEye, p.leftEar, p.rightEar].filter((q) => q.score >= SEEN_HEAD);
  let center: Point;
  let size: number;
  if (head.length >= 2) {
    center = { x: mean(head.map((q) => q.x)), y: mean(head.map((q) => q.y)) };
    const spread = Math.max(...head.flatMap((a) => head.map((b) => dist(a, b))));
    size = Math.max(spread * 2.6, shoulderSpan * 0.75);
  } else {
    const shoulders = mid(leftShoulder, rightShoulder);
    center = { x: shoulders.x, y: shoulders.y - shoulderSpan * 0.6 };
    size = shoulderSpan * 0.9;
  }
  size = Math.min(Math.round(size), width, height);
  if (size < 16) return null;
  const left = clamp(Math.round(center.x - size / 2), 0, width - size);
  const top = clamp(Math.round(center.y - size / 2), 0, height - size);
  return { left, top, size };
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));
