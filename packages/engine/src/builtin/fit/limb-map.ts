import type { GarmentAnalysis, SleeveLandmarks } from '../garment/garment.ts';
import { add, dist, lerpPoint, mid, norm, type Point, scale } from '../geometry/point.ts';
import { landingBox } from './landing-box.ts';
import { type PlaneMap, thinPlateSpline } from './thin-plate-spline.ts';
import { emptyLayer, type Layer, warpInto } from './warp-layer.ts';
import { limbWrap } from './wrap-round.ts';

/** A limb of the person as a sleeve or trouser leg lands on it. */
export interface LimbTarget {
  /** Where the garment part's outer and inner edges start: shoulder point and armpit, or hip and crotch. */
  outerStart: Point;
  innerStart: Point;
  /** The limb's middle joint (elbow, knee) and its end (wrist, ankle). */
  joint: Point;
  end: Point;
  /** Unit vector away from the body's middle. */
  outward: Point;
  /** The limb's half width at the joint: the part is never narrower than the limb it covers. */
  limbHalf: number;
  /** Garment pixels to photo pixels. */
  scale: number;
  /**
   * The part reaches the limb's end whatever its flat length (a long sleeve to the wrist, a trouser leg to
   * the ankle): clothes are bought to fit, and a flat-lay's proportions only approximate the wearer's.
   */
  toEnd?: boolean;
  /**
   * How far from a point of the limb's bone its own silhouette reaches along `dir` (its outer side): the
   * part's outer edge is taken out that far, so a loose old sleeve is covered by the new one, not filled.
   */
  outerReach?: (from: Point, dir: Point) => number;
}

/**
 * A sleeve's or trouser leg's spline (photo point -> cut-out point): its outer edge (`top` to `endTop`)
 * runs down the limb's outer side from `outerStart`, its inner edge (`bottom` to `endBottom`) down the
 * inner side from `innerStart`, each as far along as the garment's own edge is long, so the part joins the
 * garment's body where it starts and bends at the joint. A flat part is half its tube's girth across; worn
 * round a limb it looks 2/pi of that wide.
 */
export function limbMap(part: SleeveLandmarks, limb: LimbTarget): LimbMap | null {
  const endHalf = Math.max(
    limb.limbHalf * 0.85,
    (dist(part.endTop, part.endBottom) / 2) * limb.scale * (2 / Math.PI),
  );
  const jointHalf = Math.max(limb.limbHalf * 1.1, endHalf);
  const past = {
    x: limb.end.x + (limb.end.x - limb.joint.x) * EXTEND,
    y: limb.end.y + (limb.end.y - limb.joint.y) * EXTEND,
  };
  // Each edge keeps to its own side of the limb round the bend: offset across each bone, on the side the
  // upper bone's outer edge faces (a forearm folded across the belly has its outer edge underneath), not
  // along one fixed direction, which runs along a bone that turns across the body and folds the part.
  const start = mid(limb.outerStart, limb.innerStart);
  const upper = unit({ x: limb.joint.x - start.x, y: limb.joint.y - start.y });
  const lower = unit({ x: limb.end.x - limb.joint.x, y: limb.end.y - limb.joint.y });
  const turn = upper.x * limb.outward.y - upper.y * limb.outward.x >= 0 ? 1 : -1;
  const across = (d: Point): Point => ({ x: -d.y * turn, y: d.x * turn });
  const atJoint = unit({ x: across(upper).x + across(lower).x, y: across(upper).y + across(lower).y });
  const jointNormal = norm(atJoint.x, atJoint.y) > 0 ? atJoint : across(lower);
  const endNormal = across(lower);
  const side = (from: Point, sign: 1 | -1, halves: { joint: number; end: number }): Point[] => [
    from,
    add(limb.joint, scale(jointNormal, sign * halves.joint)),
    add(past, scale(endNormal, sign * halves.end)),
  ];
  // The outer edge out as far as the limb's own silhouette reaches there (a loose old sleeve's).
  const out = (q: Point, n: Point, half: number): number => Math.max(half, limb.outerReach?.(q, n) ?? 0);
  const outer = side(limb.outerStart, 1, {
    joint: out(limb.joint, jointNormal, jointHalf),
    end: out(limb.end, endNormal, endHalf),
  });
  const inner = side(limb.innerStart, -1, { joint: jointHalf, end: endHalf });
  // To the end: each edge as long as its line to the end's side (past the end lies beyond it).
  const toEnd = (line: Point[]): number => {
    const [a = limb.joint, b = limb.joint, c = limb.joint] = line;
    return dist(a, b) + dist(b, c) / (1 + EXTEND);
  };
  const [outerLength, innerLength] = limb.toEnd
    ? [toEnd(outer), toEnd(inner)]
    : roundTheLimb(
        [outer, inner],
        [dist(part.top, part.endTop) * limb.scale, dist(part.bottom, part.endBottom) * limb.scale],
        start,
        upper,
      );
  const pairs: [Point, Point][] = [];
  for (const f of [0, 1 / 3, 2 / 3, 1]) {
    pairs.push([along(outer, outerLength * f), lerpPoint(part.top, part.endTop, f)]);
    pairs.push([along(inner, innerLength * f), lerpPoint(part.bottom, part.endBottom, f)]);
  }
  // The cuff goes round the limb below the camera: seen from above, its front hangs lowest, as much as the
  // limb hangs down there (a raised arm's cuff faces sideways and stays straight).
  const outerEnd = along(outer, outerLength);
  const innerEnd = along(inner, innerLength);
  const outerBefore = along(outer, outerLength - 3);
  const innerBefore = along(inner, innerLength - 3);
  const down = unit({
    x: outerEnd.x - outerBefore.x + innerEnd.x - innerBefore.x,
    y: outerEnd.y - outerBefore.y + innerEnd.y - innerBefore.y,
  });
  const sag = (dist(outerEnd, innerEnd) / 2) * CUFF_SAG * Math.max(0, down.y);
  const cuff = mid(outerEnd, innerEnd);
  pairs.push([
    { x: cuff.x + down.x * sag, y: cuff.y + down.y * sag },
    lerpPoint(part.endTop, part.endBottom, 0.5),
  ]);
  const map = pairSpline(pairs);
  if (!map) return null;
  const reach = pairs.map(([to]) => to);
  // A limb folded back at its joint (a hand raised to the face, the elbow down) is no one smooth warp: round
  // so sharp a bend its two edges cross, and the part opens a hole where they loop (jordan's sleeve).
  const folded = upper.x * lower.x + upper.y * lower.y < FOLDED;
  // Each edge's length past the joint: a part that ends above it (a short sleeve) is not folded.
  const beyond = [
    outerLength - dist(limb.outerStart, outer[1] ?? start),
    innerLength - dist(limb.innerStart, inner[1] ?? start),
  ];
  if (!folded || beyond.some((b) => b <= 0)) return { map, pieces: [map], reach };
  const pieces = foldedPieces(part, limb, {
    upper,
    lower,
    across,
    jointHalf,
    edges: [
      { start: limb.outerStart, end: outerEnd, beyond: beyond[0] ?? 0, side: 1 },
      { start: limb.innerStart, end: innerEnd, beyond: beyond[1] ?? 0, side: -1 },
    ],
    cuff: pairs.slice(-1),
  });
  // Where either bone's spline cannot be made, the one warp is better than no sleeve.
  return pieces
    ? { map, pieces: pieces.maps, reach: [...reach, ...pieces.reach] }
    : { map, pieces: [map], reach };
}

/** The spline through a part's landmark pairs (photo point -> cut-out point). */
function pairSpline(pairs: readonly [Point, Point][]): PlaneMap | null {
  return thinPlateSpline(
    pairs.map(([to]) => to),
    pairs.map(([, from]) => from),
    0.01,
  );
}

/** A limb's warp: the whole part as one spline, and the pieces drawn, back to front. */
export interface LimbMap {
  /** Photo point -> cut-out point: the part as one smooth warp. */
  map: (x: number, y: number) => Point;
  /** What is drawn, back to front (the whole, or each bone's piece): null where a piece does not reach. */
  pieces: ((x: number, y: number) => Point | null)[];
  /** The photo points the part lands on. */
  reach: Point[];
}

/** A limb bends back on itself past this cosine of the angle between its bones (about 110 degrees). */
const FOLDED = -0.35;

/**
 * A folded limb's part as two pieces, each warped along its own bone: the upper one from the part's start
 * to the joint and on round it within the limb's half width (the point of an elbow), the lower one from the
 * joint to where the part ends, drawn over it. Each edge of the cut-out is split where its length along the
 * limb reaches the joint, and the cut-out cut across there.
 */
function foldedPieces(
  part: SleeveLandmarks,
  limb: LimbTarget,
  bend: {
    upper: Point;
    lower: Point;
    across: (d: Point) => Point;
    jointHalf: number;
    /** Each edge of the part on the limb: where it starts and ends, its length past the joint, its side. */
    edges: { start: Point; end: Point; beyond: number; side: 1 | -1 }[];
    /** The cuff's middle, as the whole part's warp lands it. */
    cuff: [Point, Point][];
  },
): { maps: ((x: number, y: number) => Point | null)[]; reach: Point[] } | null {
  const { upper, lower, across, jointHalf, edges } = bend;
  const flat = [
    [part.top, part.endTop],
    [part.bottom, part.endBottom],
  ] as const;
  const upperPairs: [Point, Point][] = [];
  const lowerPairs: [Point, Point][] = [...bend.cuff];
  const cut: Point[] = [];
  let onLimb = 0;
  let onFlat = 0;
  edges.forEach((edge, e) => {
    const [flatStart = part.top, flatEnd = part.endTop] = flat[e] ?? [];
    const atJoint = add(limb.joint, scale(across(upper), jointHalf * edge.side));
    const upperLength = dist(edge.start, atJoint);
    const split = upperLength / (upperLength + edge.beyond);
    cut.push(lerpPoint(flatStart, flatEnd, split));
    onLimb += upperLength;
    onFlat += dist(flatStart, flatEnd) * split;
    const lowerStart = add(limb.joint, scale(across(lower), jointHalf * edge.side));
    for (const f of [0, 1 / 3, 2 / 3, 1]) {
      upperPairs.push([lerpPoint(edge.start, atJoint, f), lerpPoint(flatStart, flatEnd, split * f)]);
      lowerPairs.push([
        lerpPoint(lowerStart, edge.end, f),
        lerpPoint(flatStart, flatEnd, split + (1 - split) * f),
      ]);
    }
  });
  const [cutOuter = part.top, cutInner = part.bottom] = cut;
  // How far a cut-out point lies past the cut, towards the cuff, in cut-out pixels.
  const cutLength = Math.max(1e-6, dist(cutOuter, cutInner));
  const cuffMiddle = lerpPoint(part.endTop, part.endBottom, 0.5);
  const past = (q: Point): number =>
    ((cutInner.x - cutOuter.x) * (q.y - cutOuter.y) - (cutInner.y - cutOuter.y) * (q.x - cutOuter.x)) /
    cutLength;
  const towardsCuff = past(cuffMiddle) >= 0 ? 1 : -1;
  const elbow = lerpPoint(cutOuter, cutInner, 0.5);
  // The round of the joint past the cut, in cut-out pixels: the limb's half width at the part's scale.
  const point = onLimb > 0 ? (jointHalf * onFlat) / onLimb : 0;
  const upperMap = pairSpline(upperPairs);
  const lowerMap = pairSpline(lowerPairs);
  if (!upperMap || !lowerMap) return null;
  const tip = add(limb.joint, scale(upper, jointHalf));
  return {
    maps: [
      (x, y) => {
        const q = upperMap(x, y);
        return past(q) * towardsCuff <= 0 || dist(q, elbow) <= point ? q : null;
      },
      (x, y) => {
        const q = lowerMap(x, y);
        return past(q) * towardsCuff >= 0 ? q : null;
      },
    ],
    reach: [
      ...upperPairs.map(([to]) => to),
      ...lowerPairs.map(([to]) => to),
      add(tip, scale(across(upper), jointHalf)),
      add(tip, scale(across(upper), -jointHalf)),
    ],
  };
}

/**
 * The lengths of a part's two edges (`lengths` along `edges`) that end it level round the limb: a sleeve's
 * hem goes round the arm, square to it, where the flat lay cuts it square to a sleeve laid out at an angle
 * (a T-shirt's sleeve laid out sideways, worn on a hanging arm, ended half-way down the upper arm on the
 * outside and at the elbow on the inside: a pointed cap). Both edges end where the later of their ends lies
 * along the upper bone (`axis` from `start`): the shorter edge is carried on, the sleeve's cloth stretched a
 * little rather than squeezed; a part reaching past the joint on either edge is left as cut.
 */
function roundTheLimb(
  edges: [Point[], Point[]],
  lengths: [number, number],
  start: Point,
  axis: Point,
): [number, number] {
  const along = edges.map((edge) => {
    const [a = start, b = start] = edge;
    const length = dist(a, b);
    const d = length > 0 ? { x: (b.x - a.x) / length, y: (b.y - a.y) / length } : axis;
    // Where the edge starts on the axis, and how far along the axis a unit along the edge goes.
    return {
      from: (a.x - start.x) * axis.x + (a.y - start.y) * axis.y,
      rate: d.x * axis.x + d.y * axis.y,
      length,
    };
  });
  const [o, i] = along;
  if (!o || !i || o.rate < 0.5 || i.rate < 0.5) return lengths;
  if (lengths[0] > o.length || lengths[1] > i.length) return lengths;
  const level = Math.max(o.from + lengths[0] * o.rate, i.from + lengths[1] * i.rate);
  const outer = (level - o.from) / o.rate;
  const inner = (level - i.from) / i.rate;
  return outer > 0 && inner > 0 && outer <= o.length && inner <= i.length ? [outer, inner] : lengths;
}

/** A hanging limb's cuff hangs lowest in its middle by this share of its half-width. */
const CUFF_SAG = 0.2;

/** The limb's line runs on past its end by this share of its lower bone (a part longer than the limb). */
const EXTEND = 0.3;

/** The point `length` along a polyline (on its last segment, extended, past its end). */
export function along(line: Point[], length: number): Point {
  let left = length;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] ?? { x: 0, y: 0 };
    const b = line[i] ?? a;
    const d = dist(a, b);
    if (d >= left || i === line.length - 1) return lerpPoint(a, b, d === 0 ? 0 : left / d);
    left -= d;
  }
  return line[0] ?? { x: 0, y: 0 };
}

/**
 * The garment's sleeve or leg `part` (its landmarks `edges`) warped along `limb`: a layer over the box it
 * lands in, padded by `pad` pixels. Null when its spline cannot be made.
 */
export function limbLayer(
  garment: GarmentAnalysis,
  part: number,
  edges: SleeveLandmarks,
  limb: LimbTarget,
  pad: number,
  photo: { width: number; height: number },
): Layer | null {
  const mapped = limbMap(edges, limb);
  if (!mapped) return null;
  const layer = emptyLayer(landingBox(mapped.reach, pad, photo));
  // Taken round the limb: the cloth turns away towards the part's edges.
  const wrap = limbWrap(edges);
  for (const piece of mapped.pieces) warpInto(layer, garment.image, garment.parts, part, piece, 2, wrap);
  return layer;
}

function unit(v: Point): Point {
  const len = norm(v.x, v.y);
  return len > 0 ? { x: v.x / len, y: v.y / len } : { x: 0, y: 0 };
}
