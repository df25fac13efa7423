import { describe, expect, it } from 'vitest';
import type { Point } from '../geometry/point.ts';
import { blendShape } from './blend-shape.ts';
import { FACE_OVAL } from './face-oval.ts';

/** A round "face": outline points on a circle, the rest spread inside it. */
function face(cx: number, cy: number, r: number, eyes: number): Point[] {
  const points: Point[] = Array.from({ length: 468 }, (_, i) => {
    const t = i * 2.399;
    const d = Math.sqrt((i + 1) / 468) * 0.6 * r;
    return { x: cx + Math.cos(t) * d, y: cy + Math.sin(t) * d };
  });
  FACE_OVAL.forEach((index, k) => {
    const t = (k / FACE_OVAL.length) * 2 * Math.PI;
    points[index] = { x: cx + Math.cos(t) * r, y: cy + Math.sin(t) * r };
  });
  points[33] = { x: cx - eyes * r, y: cy - 0.2 * r };
  points[263] = { x: cx + eyes * r, y: cy - 0.2 * r };
  return points;
}

describe('blendShape', () => {
  it("leaves the model's outline where it is and moves the inside to the shopper's proportions", () => {
    // The shopper's eyes are set wider; the shopper's photo is bigger and elsewhere.
    const shopper = face(500, 400, 200, 0.45);
    const model = face(100, 100, 50, 0.3);
    const placed = blendShape(shopper, model, 1);
    for (const i of FACE_OVAL) {
      expect(placed[i]?.x).toBeCloseTo(model[i]?.x ?? 0, 6);
      expect(placed[i]?.y).toBeCloseTo(model[i]?.y ?? 0, 6);
    }
    const spread = (p: Point[]): number => (p[263]?.x ?? 0) - (p[33]?.x ?? 0);
    expect(spread(placed)).toBeGreaterThan(spread(model) * 1.25);
    expect(spread(placed)).toBeLessThan(50 * 0.9 + 1);
  });

  it('changes nothing when the shopper has the same shape', () => {
    const model = face(100, 100, 50, 0.3);
    const placed = blendShape(face(300, 250, 120, 0.3), model, 1);
    placed.forEach((p, i) => {
      expect(p.x).toBeCloseTo(model[i]?.x ?? 0, 6);
      expect(p.y).toBeCloseTo(model[i]?.y ?? 0, 6);
    });
  });
});
