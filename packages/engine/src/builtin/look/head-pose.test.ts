import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/point.ts';
import { headPose } from './head-pose.ts';

/**
 * The few FaceMesh points head pose reads, for a head seen from a camera on its level: a cylinder of radius
 * 1 turned by `yaw` degrees (positive toward the photo's right), the nose tip 1 in front of its axis.
 */
function head(yaw: number, roll = 0): Point[] {
  const t = (yaw * Math.PI) / 180;
  const onCylinder = (angle: number, y: number): Point => ({ x: Math.sin(t + angle) * 100, y });
  const points: Point[] = Array.from({ length: 468 }, () => ({ x: 0, y: 0 }));
  const set = (i: number, p: Point): void => {
    const r = (roll * Math.PI) / 180;
    points[i] = {
      x: 300 + p.x * Math.cos(r) - p.y * Math.sin(r),
      y: 300 + p.x * Math.sin(r) + p.y * Math.cos(r),
    };
  };
  set(33, onCylinder(-0.6, 0));
  set(263, onCylinder(0.6, 0));
  set(234, onCylinder(-Math.PI / 2, 10));
  set(454, onCylinder(Math.PI / 2, 10));
  set(1, { x: Math.sin(t) * 100, y: 40 });
  set(168, onCylinder(0, 0));
  set(152, onCylinder(0, 100));
  return points;
}

describe('headPose', () => {
  it('reads a frontal face as level', () => {
    const pose = headPose(head(0));
    expect(Math.abs(pose.yaw)).toBeLessThan(1);
    expect(Math.abs(pose.roll)).toBeLessThan(1);
    expect(pose.width).toBeCloseTo(200, 0);
  });

  it('reads the turn with its side and about its size', () => {
    expect(headPose(head(20)).yaw).toBeGreaterThan(12);
    expect(headPose(head(20)).yaw).toBeLessThan(28);
    expect(headPose(head(-35)).yaw).toBeLessThan(-25);
    expect(headPose(head(60)).yaw).toBeGreaterThan(50);
  });

  it('reads roll from the eye line, and yaw regardless of it', () => {
    const pose = headPose(head(20, 25));
    expect(pose.roll).toBeCloseTo(25, 0);
    expect(pose.yaw).toBeCloseTo(headPose(head(20)).yaw, 0);
  });
});
