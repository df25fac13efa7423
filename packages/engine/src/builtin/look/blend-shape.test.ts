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

  it("lays the shopper's face by its eyes and nose, so the model's open mouth does not shrink it", () => {
    const shopper = face(500, 400, 200, 0.45);
    const model = face(100, 100, 50, 0.3);
    // The model laughs: lips and the chin's inside drop (none of them is a rigid point).
    const laughing = model.map((p, i) =>
      [13, 14, 17, 18, 200, 199, 175, 87, 317].includes(i) ? { x: p.x, y: p.y + 12 } : p,
    );
    const closed = blendShape(shopper, model, 1);
    const open = blendShape(shopper, laughing, 1);
    for (const i of [33, 263, 1, 168]) {
      expect(open[i]?.x).toBeCloseTo(closed[i]?.x ?? 0, 6);
      expect(open[i]?.y).toBeCloseTo(closed[i]?.y ?? 0, 6);
    }
  });

  it('undoes the narrowing of a turned face across the eye line when asked to', () => {
    const model = face(100, 100, 50, 0.3);
    // The same face turned away: everything squeezed toward its middle, left to right.
    const turned = face(300, 250, 120, 0.3).map((p) => ({ x: 300 + (p.x - 300) * 0.65, y: p.y }));
    const spread = (p: Point[]): number => (p[263]?.x ?? 0) - (p[33]?.x ?? 0);
    expect(spread(blendShape(turned, model, 1, 1))).toBeCloseTo(spread(model), 1);
    expect(spread(blendShape(turned, model, 1, 0))).toBeLessThan(spread(model) * 0.92);
  });

  it('carries the move along the nose and across the eye line each by its own share', () => {
    // The shopper's mouth sits 10 px lower and 10 px to one side of the model's (a turn skews it sideways).
    const model = face(100, 100, 50, 0.3);
    const shopper = model.map((p, i) => (i === 13 ? { x: p.x + 10, y: p.y + 10 } : p));
    const placed = blendShape(shopper, model, { across: 0, along: 1 });
    expect(placed[13]?.x).toBeCloseTo(model[13]?.x ?? 0, 6);
    expect(placed[13]?.y).toBeCloseTo((model[13]?.y ?? 0) + 10, 6);
    // On a tilted face the shares follow its eye line, not the photo's axes.
    const turn = (p: Point): Point => ({
      x: 100 + (p.x - 100) * 0.8 - (p.y - 100) * 0.6,
      y: 100 + (p.x - 100) * 0.6 + (p.y - 100) * 0.8,
    });
    const tilted = blendShape(shopper.map(turn), model.map(turn), { across: 0, along: 1 });
    const down = turn({ x: model[13]?.x ?? 0, y: (model[13]?.y ?? 0) + 10 });
    expect(tilted[13]?.x).toBeCloseTo(down.x, 6);
    expect(tilted[13]?.y).toBeCloseTo(down.y, 6);
  });

  it("sets a turned shopper's features on the model's midline, as far as the turn is taken up", () => {
    // The shopper's upper lip (a point on the face's midline) lies 10 px to one side, as on a turned face.
    const model = face(100, 100, 50, 0.3);
    const shopper = model.map((p, i) => (i === 13 ? { x: p.x + 10, y: p.y } : p));
    const across = (p: Point | undefined): number => (p?.x ?? 0) - (model[168]?.x ?? 0);
    // Seen as the model is (no turn): the shopper's own face, lip and all.
    expect(across(blendShape(shopper, model, 1, 0)[13])).toBeCloseTo(across(shopper[13]), 6);
    // Turned: on the midline through the point between the model's eyes; half-way at half the turn.
    expect(across(blendShape(shopper, model, 1, 1)[13])).toBeCloseTo(0, 6);
    expect(across(blendShape(shopper, model, 1, 0.5)[13])).toBeCloseTo(across(shopper[13]) / 2, 1);
  });
});
