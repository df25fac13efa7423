import { describe, expect, it } from 'vitest';
import { frontPose, mapPose } from '../../../test/fixtures/synthetic-person.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import { bodyFrame } from './body-frame.ts';

/** A 400 x 600 label map with the given rectangles (right and bottom exclusive) labelled. */
function labelMap(rects: { label: number; x0: number; x1: number; y0: number; y1: number }[]): BodyParts {
  const width = 400;
  const height = 600;
  const labels = new Uint8Array(width * height);
  for (const r of rects) {
    for (let y = r.y0; y < r.y1; y++) labels.fill(r.label, y * width + r.x0, y * width + r.x1);
  }
  return { labels, width, height };
}

/** Torso from x 150 to 249 between the shoulders (y 150) and a little below the hips (y 340). */
const torso = { label: Part.torso, x0: 150, x1: 250, y0: 140, y1: 340 };

describe('bodyFrame', () => {
  it("seeks the shoulders' top below the head's disc, which reaches past the jaw the labels follow", () => {
    // A collar or hair beside the jaw, labelled neck, rises from the shoulders to y 60 at x 205-214.
    const map = labelMap([torso, { label: Part.neck, x0: 205, x1: 215, y0: 60, y1: 140 }]);
    const disc = { centre: { x: 200, y: 86 }, r2: 40 * 40, mouth: { x: 200, y: 100 }, down: { x: 0, y: 1 } };
    const withDisc = bodyFrame(frontPose(), {
      ...map,
      headDisc: { ...disc, chinReach: 39, shouldersY: 150 },
    });
    // Up that column the scan meets the disc (at y 124 and above): no top there, as beside a head.
    expect(withDisc.top(10)).toBeNull();
    expect(withDisc.isBody(210, 110)).toBe(false);
    // By the labels alone, the top is the column's: 90 px above the shoulders' line.
    expect(bodyFrame(frontPose(), map).top(10)).toBeCloseTo(-90, 0);
    // Away from the disc the top is the torso's either way.
    expect(withDisc.top(-45)).toBeCloseTo(-10, 0);
  });

  it('measures an upright person: neck, span, torso length, down and across', () => {
    const frame = bodyFrame(frontPose(), labelMap([torso]));
    expect(frame.neck).toEqual({ x: 200, y: 150 });
    expect(frame.span).toBeCloseTo(120);
    expect(frame.torsoLength).toBeCloseTo(180);
    expect(frame.down.x).toBeCloseTo(0);
    expect(frame.down.y).toBeCloseTo(1);
    // Across runs to the person's left: the picture's right in a front view.
    expect(frame.across.x).toBeCloseTo(1);
    expect(frame.across.y).toBeCloseTo(0);
    const hips = frame.at(frame.torsoLength, 0);
    expect(hips.x).toBeCloseTo(200);
    expect(hips.y).toBeCloseTo(330);
    const q = frame.at(50, 30);
    expect(q.x).toBeCloseTo(230);
    expect(q.y).toBeCloseTo(200);
  });

  it("points across towards the person's left shoulder whichever way the person faces or leans", () => {
    const back = frontPose({ leftShoulder: { x: 140 }, rightShoulder: { x: 260 } });
    expect(bodyFrame(back, labelMap([torso])).across.x).toBeCloseTo(-1);
    // Leaning 30 degrees: down and across turn with the body and stay perpendicular.
    const c = Math.cos(Math.PI / 6);
    const s = Math.sin(Math.PI / 6);
    const leaning = mapPose(frontPose(), (q) => ({
      x: 200 + (q.x - 200) * c - (q.y - 240) * s,
      y: 240 + (q.x - 200) * s + (q.y - 240) * c,
    }));
    const frame = bodyFrame(leaning, labelMap([torso]));
    const p = leaning.points;
    const toLeft = { x: p.leftShoulder.x - p.rightShoulder.x, y: p.leftShoulder.y - p.rightShoulder.y };
    expect(frame.across.x * toLeft.x + frame.across.y * toLeft.y).toBeGreaterThan(0);
    expect(frame.across.x * frame.down.x + frame.across.y * frame.down.y).toBeCloseTo(0);
    expect(frame.down.x).toBeCloseTo(-s);
    expect(frame.down.y).toBeCloseTo(c);
  });

  it("reads the torso label's extent on each side of the axis at a depth", () => {
    const frame = bodyFrame(frontPose(), labelMap([torso]));
    expect(frame.edges(90)).toEqual({ left: 49, right: -50 });
    // Shifted torso: the edges are measured from the axis, not centred on it.
    const shifted = bodyFrame(frontPose(), labelMap([{ ...torso, x0: 170, x1: 290 }]));
    expect(shifted.edges(90)).toEqual({ left: 89, right: -30 });
  });

  it('counts only the labels asked for, and bridges small holes but not wide gaps', () => {
    const thighs = [
      { label: Part.leftThigh, x0: 212, x1: 268, y0: 340, y1: 450 },
      { label: Part.rightThigh, x0: 132, x1: 188, y0: 340, y1: 450 },
    ];
    const frame = bodyFrame(frontPose(), labelMap([torso, ...thighs]));
    // 250 px down (y 400): no torso there.
    expect(frame.edges(250)).toBeNull();
    // With the legs counted: the legs' outer edges, across the 24 px gap between them.
    expect(frame.edges(250, [Part.torso, Part.leftThigh, Part.rightThigh])).toEqual({ left: 67, right: -68 });
    // Holes of 3 px inside the torso are bridged; a torso-labelled blob 20 px beyond the edge is not reached.
    const holed = bodyFrame(
      frontPose(),
      labelMap([
        { ...torso, x0: 150, x1: 230 },
        { ...torso, x0: 233, x1: 250 },
        { ...torso, x0: 270, x1: 280 },
      ]),
    );
    expect(holed.edges(90)).toEqual({ left: 49, right: -50 });
  });

  it('reads the torso through a forearm or hand lying across it', () => {
    // A forearm across the waist, 60 px of the row's middle, and a hand beside it.
    const across = [
      { label: Part.leftForearm, x0: 170, x1: 230, y0: 230, y1: 250 },
      { label: Part.rightHand, x0: 230, x1: 240, y0: 230, y1: 250 },
    ];
    const frame = bodyFrame(frontPose(), labelMap([torso, ...across]));
    expect(frame.edges(90)).toEqual({ left: 49, right: -50 });
    // An upper arm is beside the torso, not across it: the row still ends at it.
    const beside = bodyFrame(
      frontPose(),
      labelMap([torso, { label: Part.leftUpperArm, x0: 210, x1: 250, y0: 230, y1: 250 }]),
    );
    expect(beside.edges(90)?.left).toBe(9);
  });

  it('reads how far labels run from a point in a direction, through small holes, up to a limit', () => {
    // A left upper arm from x 260 to 299 at y 200-249, a 2 px hole at x 280-281, then the backdrop.
    const map = labelMap([
      torso,
      { label: Part.leftUpperArm, x0: 260, x1: 280, y0: 200, y1: 250 },
      { label: Part.leftUpperArm, x0: 282, x1: 300, y0: 200, y1: 250 },
    ]);
    const frame = bodyFrame(frontPose(), map);
    const right = { x: 1, y: 0 };
    expect(frame.reach({ x: 265, y: 220 }, right, [Part.leftUpperArm], 100)).toBe(34);
    expect(frame.reach({ x: 265, y: 220 }, right, [Part.leftUpperArm], 20)).toBe(20);
    expect(frame.reach({ x: 265, y: 220 }, right, [Part.rightUpperArm], 100)).toBe(0);
    // A wider hole ends it: the arm beyond a 5 px gap is not counted.
    const gap = bodyFrame(
      frontPose(),
      labelMap([
        { label: Part.leftUpperArm, x0: 260, x1: 280, y0: 200, y1: 250 },
        { label: Part.leftUpperArm, x0: 285, x1: 300, y0: 200, y1: 250 },
      ]),
    );
    expect(gap.reach({ x: 265, y: 220 }, right, [Part.leftUpperArm], 100)).toBe(14);
  });

  it('has no edges past the photo or where the row holds no torso', () => {
    const frame = bodyFrame(frontPose(), labelMap([torso]));
    expect(frame.edges(460)).toBeNull();
    expect(frame.edges(-160)).toBeNull();
    expect(frame.edges(-60)).toBeNull();
  });
});
