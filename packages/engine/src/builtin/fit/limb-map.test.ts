import { describe, expect, it } from 'vitest';
import type { SleeveLandmarks } from '../garment/garment.ts';
import { dist, lerpPoint } from '../geometry/point.ts';
import { insidePolygon } from '../geometry/polygon.ts';
import { along, type LimbTarget, limbMap } from './limb-map.ts';

/** The T-shirt's left sleeve as laid flat (on the image's right): 80 px along its top edge. */
const sleeve: SleeveLandmarks = {
  top: { x: 235, y: 52 },
  bottom: { x: 226, y: 120 },
  endTop: { x: 291, y: 107 },
  endBottom: { x: 256, y: 144 },
};

/** The person's left arm hanging from a shoulder at (272, 144): elbow at y 250, wrist at y 340. */
const arm: LimbTarget = {
  outerStart: { x: 272, y: 144 },
  innerStart: { x: 253, y: 210 },
  joint: { x: 280, y: 250 },
  end: { x: 285, y: 340 },
  outward: { x: 1, y: 0 },
  limbHalf: 14.4,
  scale: 0.8,
};

describe('limbMap', () => {
  const limb = limbMap(sleeve, arm);

  it('lands the sleeve’s start at the shoulder point and the armpit', () => {
    expect(limb).not.toBeNull();
    const top = limb?.map(arm.outerStart.x, arm.outerStart.y);
    const bottom = limb?.map(arm.innerStart.x, arm.innerStart.y);
    expect(dist(top ?? { x: 0, y: 0 }, sleeve.top)).toBeLessThan(3);
    expect(dist(bottom ?? { x: 0, y: 0 }, sleeve.bottom)).toBeLessThan(3);
    expect(limb?.reach[0]).toEqual(arm.outerStart);
    expect(limb?.reach[1]).toEqual(arm.innerStart);
  });

  it('lands the cuff further down the arm, at least as far along each side as the sleeve’s edge is long', () => {
    const outerCuff = limb?.reach[6] ?? { x: 0, y: 0 };
    const innerCuff = limb?.reach[7] ?? { x: 0, y: 0 };
    const outerLength = dist(sleeve.top, sleeve.endTop) * arm.scale;
    const innerLength = dist(sleeve.bottom, sleeve.endBottom) * arm.scale;
    // A short sleeve on a hanging arm: its cuff lies below where it starts and above the elbow.
    expect(outerCuff.y).toBeGreaterThan(arm.outerStart.y + outerLength * 0.9);
    expect(outerCuff.y).toBeLessThan(arm.joint.y);
    expect(innerCuff.y).toBeGreaterThan(arm.innerStart.y + innerLength * 0.8);
    // The outer edge stays on the arm's outer side, the inner edge on its inner side.
    expect(outerCuff.x).toBeGreaterThan(innerCuff.x);
    const cuff = limb?.map(outerCuff.x, outerCuff.y) ?? { x: 0, y: 0 };
    expect(dist(cuff, sleeve.endTop)).toBeLessThan(3);
  });

  it('hangs a hanging arm’s cuff lowest in its middle, and leaves a raised arm’s straight', () => {
    const cuffEnds = (m: ReturnType<typeof limbMap>) => ({
      outer: m?.reach[6] ?? { x: 0, y: 0 },
      inner: m?.reach[7] ?? { x: 0, y: 0 },
      middle: m?.reach[8] ?? { x: 0, y: 0 },
    });
    const hanging = cuffEnds(limb);
    const half = dist(hanging.outer, hanging.inner) / 2;
    expect(hanging.middle.y - (hanging.outer.y + hanging.inner.y) / 2).toBeGreaterThan(half * 0.1);
    // The arm raised straight out to the side: the cuff stands upright, its middle between its ends.
    const raised = cuffEnds(
      limbMap(sleeve, {
        ...arm,
        innerStart: { x: 262, y: 175 },
        joint: { x: 372, y: 150 },
        end: { x: 462, y: 152 },
      }),
    );
    expect(Math.abs(raised.middle.x - (raised.outer.x + raised.inner.x) / 2)).toBeLessThan(2);
    expect(Math.abs(raised.middle.y - (raised.outer.y + raised.inner.y) / 2)).toBeLessThan(2);
  });

  it('keeps the edges either side of a forearm folded across the body, round the elbow', () => {
    // A long sleeve (its edges 200 px flat) on the arm bent at the elbow, the forearm across the belly.
    const long = { ...sleeve, endTop: { x: 400, y: 200 }, endBottom: { x: 370, y: 240 } };
    const folded = { ...arm, end: { x: 190, y: 270 } };
    const mapped = limbMap(long, folded);
    const outerCuff = mapped?.reach[6] ?? { x: 0, y: 0 };
    const innerCuff = mapped?.reach[7] ?? { x: 0, y: 0 };
    // The cuff's two edges lie either side of the forearm's bone, each well off it: the outer edge, which
    // ran down the outside of the upper arm, under the forearm (a fixed outward offset crosses them over).
    const side = (q: { x: number; y: number }): number => {
      const dx = folded.end.x - folded.joint.x;
      const dy = folded.end.y - folded.joint.y;
      return ((q.x - folded.joint.x) * dy - (q.y - folded.joint.y) * dx) / Math.hypot(dx, dy);
    };
    // (Positive: below the forearm, in the picture.)
    expect(side(outerCuff)).toBeGreaterThan(arm.limbHalf * 0.7);
    expect(side(innerCuff)).toBeLessThan(-arm.limbHalf * 0.7);
    // Both reach past the elbow toward the wrist.
    expect(outerCuff.x).toBeLessThan(folded.joint.x - 30);
    expect(innerCuff.x).toBeLessThan(folded.joint.x - 30);
  });

  it('covers an arm folded back at the elbow, its forearm raised beside the upper arm, without a hole', () => {
    // A long sleeve on an arm whose elbow hangs below the shoulder and whose hand is raised back up to the
    // face (jordan's): one warp round so sharp a bend crosses its edges and leaves a hole where they loop.
    const long: SleeveLandmarks = { ...sleeve, endTop: { x: 420, y: 290 }, endBottom: { x: 390, y: 320 } };
    const raised: LimbTarget = { ...arm, toEnd: true, joint: { x: 300, y: 300 }, end: { x: 330, y: 160 } };
    const mapped = limbMap(long, raised);
    expect(mapped?.pieces).toHaveLength(2);
    const flatSleeve = [long.top, long.endTop, long.endBottom, long.bottom];
    const covered = (x: number, y: number): boolean =>
      (mapped?.pieces ?? []).some((piece) => {
        const q = piece(x, y);
        return q !== null && insidePolygon(q, flatSleeve);
      });
    // Every point of both bones, from the shoulder down to the elbow and from there up to the wrist.
    const start = {
      x: (arm.outerStart.x + arm.innerStart.x) / 2,
      y: (arm.outerStart.y + arm.innerStart.y) / 2,
    };
    for (const [from, to] of [
      [start, raised.joint],
      [raised.joint, raised.end],
    ] as const) {
      for (let f = 0.1; f <= 0.9; f += 0.1) {
        const q = lerpPoint(from, to, f);
        expect(covered(q.x, q.y), `${Math.round(q.x)},${Math.round(q.y)}`).toBe(true);
      }
    }
    // The forearm's piece is the front one, and it ends at the sleeve's cuff near the wrist.
    const cuff = mapped?.pieces[1]?.(raised.end.x, raised.end.y);
    expect(cuff).not.toBeNull();
    expect(dist(cuff ?? { x: 0, y: 0 }, lerpPoint(long.endTop, long.endBottom, 0.5))).toBeLessThan(40);
    // A straight arm stays one warp.
    expect(limbMap(long, { ...arm, toEnd: true })?.pieces).toHaveLength(1);
  });

  it('takes a long sleeve to the wrist, whatever its flat length', () => {
    // The T-shirt's sleeve, 80 px flat, as a long sleeve: its cuff lands at the wrist (y 340), not above
    // the elbow as a short sleeve's does.
    const long = limbMap(sleeve, { ...arm, toEnd: true });
    const outerCuff = long?.reach[6] ?? { x: 0, y: 0 };
    const innerCuff = long?.reach[7] ?? { x: 0, y: 0 };
    expect(Math.abs(outerCuff.y - arm.end.y)).toBeLessThan(8);
    expect(Math.abs(innerCuff.y - arm.end.y)).toBeLessThan(8);
    // The cuff still maps to the sleeve's own cuff.
    const cuff = long?.map(outerCuff.x, outerCuff.y) ?? { x: 0, y: 0 };
    expect(dist(cuff, sleeve.endTop)).toBeLessThan(3);
  });

  it('takes a long sleeve out to a loose old sleeve on its outer side only', () => {
    const fitted = limbMap(sleeve, { ...arm, toEnd: true });
    // The arm's own silhouette (its old sleeve) reaches 30 px out from the bone (outward is +x here).
    const loose = limbMap(sleeve, { ...arm, toEnd: true, outerReach: () => 30 });
    const outerCuff = (m: ReturnType<typeof limbMap>) => m?.reach[6] ?? { x: 0, y: 0 };
    const innerCuff = (m: ReturnType<typeof limbMap>) => m?.reach[7] ?? { x: 0, y: 0 };
    expect(outerCuff(loose).x).toBeGreaterThan(outerCuff(fitted).x + 10);
    expect(outerCuff(loose).x - arm.end.x).toBeGreaterThan(26);
    expect(innerCuff(loose)).toEqual(innerCuff(fitted));
    // An old sleeve no wider than the new one changes nothing.
    expect(limbMap(sleeve, { ...arm, toEnd: true, outerReach: () => 3 })?.reach).toEqual(fitted?.reach);
  });

  it('makes the sleeve at least as wide as the limb at its cuff', () => {
    // A narrow cuff (6 px across flat) on a thick arm: the cuff's edges are at least the limb's girth apart.
    const narrow = { ...sleeve, endBottom: { x: 287, y: 112 } };
    const fitted = limbMap(narrow, { ...arm, limbHalf: 20 });
    const outerCuff = fitted?.reach[6] ?? { x: 0, y: 0 };
    const innerCuff = fitted?.reach[7] ?? { x: 0, y: 0 };
    expect(outerCuff.x - innerCuff.x).toBeGreaterThan(20);
  });

  it('bends a long sleeve at the elbow and carries it past the wrist by its length', () => {
    const long: SleeveLandmarks = { ...sleeve, endTop: { x: 420, y: 290 }, endBottom: { x: 390, y: 320 } };
    const bent: LimbTarget = { ...arm, joint: { x: 300, y: 250 }, end: { x: 220, y: 300 } };
    const fitted = limbMap(long, bent);
    const outerCuff = fitted?.reach[6] ?? { x: 0, y: 0 };
    // The forearm turns back across the body: the cuff lies left of the elbow, near the wrist.
    expect(outerCuff.x).toBeLessThan(bent.joint.x);
    expect(dist(outerCuff, bent.end)).toBeLessThan(60);
  });
});

describe('along', () => {
  const line = [
    { x: 0, y: 0 },
    { x: 10, y: 0 },
    { x: 10, y: 10 },
  ];
  it('walks a polyline and extends its last segment past the end', () => {
    expect(along(line, 5)).toEqual({ x: 5, y: 0 });
    expect(along(line, 15)).toEqual({ x: 10, y: 5 });
    expect(along(line, 30)).toEqual({ x: 10, y: 20 });
    expect(along(line, 0)).toEqual({ x: 0, y: 0 });
  });

  it('interpolates between points', () => {
    expect(lerpPoint({ x: 0, y: 10 }, { x: 10, y: 30 }, 0.25)).toEqual({ x: 2.5, y: 15 });
  });
});
