import type { BodyFrame } from '../fit/body-frame.ts';
import { type GarmentKind, isLowerBody } from '../garment/garment.ts';
import { dist, type Point, smoothstep } from '../geometry/point.ts';
import { bilinear, bilinearRgb } from '../image/bilinear.ts';
import { seededRandom } from '../image/seeded-random.ts';
import type { BodyPose } from '../person/body-pose.ts';
import { SEEN } from '../person/check-pose.ts';
import { CanvasPart, type GarmentCanvas } from './garment-canvas.ts';

/**
 * One fold of worn cloth: a ridge along a segment of the photo, `width` across (the profile's sigma, px) at
 * its start and `widthEnd` at its end, of relative height `height`, on canvas pixels of `part` (0: any).
 * `grow` folds (a skirt's flare) rise from nothing at their start to full height at their end; the others
 * rise and fall along their length.
 */
export interface Fold {
  a: Point;
  b: Point;
  width: number;
  widthEnd: number;
  height: number;
  part: 0 | typeof CanvasPart.body | typeof CanvasPart.sleeve;
  grow: boolean;
  /** How far the fold bows off its segment at its middle (px along its normal): an arc, not a rod. */
  sag: number;
}

/** How much lighter a fold's ridge is, and how much darker its flanks, at full height (share of the light). */
const RIDGE = 0.16;
/** How much the side of a fold that faces the light (from above) is lighter, and the other side darker. */
const SLOPE = 0.14;
/** The shading never takes more than this share of the light away, nor adds more. */
const LIMIT = 0.3;
/** How far a print is pushed across a fold at its steepest (a share of the span): it bends with the cloth. */
const PUSH = 0.012;
/** How far a flared hem rises between its folds (a share of the span): the hem waves with the flare. */
const HEM_WAVE = 0.035;
/** Over this share of the torso's length above the hem the flared hem's rise sets in. */
const HEM_REACH = 0.2;

/**
 * The folds a worn garment makes, which a flat lay lacks: cloth drawn from the armpits towards the waist and
 * across each sleeve, gathered above a top's hem, broken round the elbow and bunched above the cuffs; a dress's and a skirt's
 * flare below the waist; trousers creased at the knees and the crotch and stacked above the ankles. Each fold
 * is a soft ridge (a Ricker profile: light along its crest, darker on its flanks) lit from above (the side
 * facing up lighter), and the garment's pixels are pushed a little across it so a print or stripes bend
 * with it. Placed by the body frame and the pose, jittered by a generator seeded from them (the same photo
 * and garment always fold alike). Changes the canvas in place, before the photo's own light goes on it.
 */
export function drapeFolds(canvas: GarmentCanvas, frame: BodyFrame, pose: BodyPose, kind: GarmentKind): void {
  const hem = hemDepth(canvas, frame);
  const folds = foldsFor(frame, pose, kind, hem);
  if (folds.length === 0) return;
  applyFolds(canvas, folds, frame, kind === 'dress' || kind === 'skirt' ? hem : null);
}

/** A fold as `foldsFor` lays it out: lengths and widths in shares of the span; height before its jitter. */
interface FoldPlan {
  a: Point;
  b: Point;
  width: number;
  height: number;
  part: Fold['part'];
  grow?: boolean;
  widthEnd?: number;
  sag?: number;
}

/** What the layout's helpers lay folds with: `fold` adds one, `jitter` draws a spread, `S` is the span (px). */
interface Layout {
  fold: (plan: FoldPlan) => void;
  jitter: (amount: number) => number;
  S: number;
}

/** An elbow or knee bent by more than this (radians between its two bones) folds the cloth across it. */
const BENT = 0.35;

/**
 * The folds for `kind` on this body (photo coordinates), for a garment whose body reaches `hem` px down the
 * body's axis (null: unknown).
 */
export function foldsFor(frame: BodyFrame, pose: BodyPose, kind: GarmentKind, hem: number | null): Fold[] {
  const { span: S, torsoLength: L } = frame;
  const random = seededRandom(
    Math.round(frame.neck.x) * 7919 + Math.round(frame.neck.y) * 104729 + Math.round(S),
  );
  const jitter = (amount: number): number => (random() * 2 - 1) * amount;
  const at = (depth: number, offset: number): Point => frame.at(depth * L, offset * S);
  const folds: Fold[] = [];
  const fold = (plan: FoldPlan): void => {
    folds.push({
      a: plan.a,
      b: plan.b,
      width: plan.width * S,
      widthEnd: (plan.widthEnd ?? plan.width) * S,
      height: plan.height * (0.75 + random() * 0.25),
      part: plan.part,
      grow: plan.grow ?? false,
      sag: (plan.sag ?? 0) * S,
    });
  };
  const layout: Layout = { fold, jitter, S };
  const p = pose.points;
  if (!isLowerBody(kind)) {
    const bodyEnd = kind === 'dress' ? Math.min(hem ?? L, 0.95 * L) : (hem ?? L);
    // Drawn from each armpit down towards the middle of the waist: two folds a side, fanned, curving a little.
    for (const side of [-1, 1] as const) {
      const from = 0.26 + jitter(0.03);
      for (const [depth, offset, height] of [
        [0.62, 0.1, 0.9],
        [0.8, 0.2, 0.7],
      ] as const) {
        const end = Math.min(depth + jitter(0.05), bodyEnd / L - 0.05);
        if (end <= from + 0.15) continue;
        fold({
          a: at(from, side * (0.36 + jitter(0.03))),
          b: at(end, side * (offset + jitter(0.04))),
          width: 0.04,
          height: kind === 'tank' ? height * 0.6 : height,
          part: CanvasPart.body,
          sag: side * jitter(0.04),
        });
      }
    }
    if (kind === 'dress') {
      // The skirt flares from the waist: folds that widen and deepen towards the hem.
      const skirtEnd = hem ?? 1.9 * L;
      if (skirtEnd > 1.1 * L) flares(layout, at, 0.92, skirtEnd / L, [-0.32, -0.17, -0.02, 0.14, 0.3], 1.7);
    } else if (hem !== null) {
      // Gathered above the hem: two ripples across the lower torso, of different lengths, sagging a little.
      for (const [up, half] of [
        [0.1, 0.3],
        [0.24, 0.22],
      ] as const) {
        const depth = hem / L - up + jitter(0.03);
        const centre = jitter(0.08);
        fold({
          a: at(depth + jitter(0.03), centre - half),
          b: at(depth + jitter(0.03), centre + half),
          width: 0.035,
          height: 0.6,
          part: CanvasPart.body,
          sag: 0.02 + jitter(0.015),
        });
      }
    }
    if (kind === 'tank' || kind === 'dress') return folds;
    for (const [shoulder, elbow, wrist] of [
      [p.leftShoulder, p.leftElbow, p.leftWrist],
      [p.rightShoulder, p.rightElbow, p.rightWrist],
    ] as const) {
      if (elbow.score < SEEN) continue;
      // Drawn from the armpit across the sleeve, towards its outer side.
      fold({
        ...underarm(layout, shoulder, elbow, frame.neck),
        width: 0.03,
        height: 0.9,
        part: CanvasPart.sleeve,
      });
      // A bent elbow breaks a long sleeve into folds across it; the cloth bunches above the cuff.
      if (kind === 't-shirt' || wrist.score < SEEN) continue;
      limbFolds(layout, { a: shoulder, b: elbow, c: wrist }, SLEEVE_FOLDS);
    }
    return folds;
  }
  if (kind === 'skirt') {
    flares(layout, at, 1.0, (hem ?? 1.6 * L) / L, [-0.28, -0.1, 0.08, 0.26], 1.5);
    return folds;
  }
  // Trousers and shorts: drawn from the crotch up and out, creased at the knees, stacked above the ankles.
  for (const side of [-1, 1] as const) {
    fold({
      a: at(1.22, side * 0.06),
      b: at(1.05 + jitter(0.03), side * (0.32 + jitter(0.03))),
      width: 0.03,
      height: 0.6,
      part: 0,
      sag: side * 0.03,
    });
    const [hip, knee, ankle] =
      side === 1 ? [p.leftHip, p.leftKnee, p.leftAnkle] : [p.rightHip, p.rightKnee, p.rightAnkle];
    if (knee.score < SEEN || ankle.score < SEEN) continue;
    limbFolds(layout, { a: hip, b: knee, c: ankle }, LEG_FOLDS);
  }
  return folds;
}

/**
 * A sleeve's fold from the armpit: from the upper arm's inner side (towards the neck) a fifth of the way down,
 * across to its outer side half-way down, bowed a little.
 */
function underarm(
  layout: Layout,
  shoulder: Point,
  elbow: Point,
  neck: Point,
): { a: Point; b: Point; sag: number } {
  const { jitter, S } = layout;
  const len = Math.max(1, dist(shoulder, elbow));
  const ux = (elbow.x - shoulder.x) / len;
  const uy = (elbow.y - shoulder.y) / len;
  // The bone's normal that points towards the neck: the arm's inner side.
  const side = (neck.x - shoulder.x) * -uy + (neck.y - shoulder.y) * ux >= 0 ? 1 : -1;
  const nx = -uy * side;
  const ny = ux * side;
  const point = (t: number, off: number): Point => ({
    x: shoulder.x + ux * len * t + nx * off * S,
    y: shoulder.y + uy * len * t + ny * off * S,
  });
  return {
    a: point(0.2 + jitter(0.04), 0.09),
    b: point(0.5 + jitter(0.05), -0.09),
    sag: jitter(0.02),
  };
}

/** A dress's or skirt's flares: from `from` to `to` (depths, torso lengths) at `offsets`, spreading by `spread`. */
function flares(
  layout: Layout,
  at: (depth: number, offset: number) => Point,
  from: number,
  to: number,
  offsets: readonly number[],
  spread: number,
): void {
  const { fold, jitter } = layout;
  for (const offset of offsets) {
    const o = offset + jitter(0.04);
    fold({
      a: at(from + jitter(0.04), o),
      b: at(to, o * spread + jitter(0.05)),
      width: 0.03,
      widthEnd: 0.075,
      height: 1.3,
      part: 0,
      grow: true,
      sag: jitter(0.03),
    });
  }
}

/** How a limb's cloth folds (`limbFolds`): round its joint, and bunched a little before its end. */
interface LimbFolds {
  joint: { half: number; width: number; height: number };
  end: { back: number; half: number; width: number; height: number; sag: number };
}

/** A long sleeve: round the elbow, and above the cuff. */
const SLEEVE_FOLDS: LimbFolds = {
  joint: { half: 0.12, width: 0.025, height: 0.75 },
  end: { back: 0.14, half: 0.1, width: 0.022, height: 0.5, sag: 0.025 },
};
/** A trouser leg: round the knee, and stacked above the ankle. */
const LEG_FOLDS: LimbFolds = {
  joint: { half: 0.15, width: 0.028, height: 0.7 },
  end: { back: 0.14, half: 0.13, width: 0.025, height: 0.5, sag: 0.03 },
};

/** A limb's folds on the bones `a`-`b`-`c`: round the joint `b`, and one bowed fold before the end `c`. */
function limbFolds(layout: Layout, bones: { a: Point; b: Point; c: Point }, shape: LimbFolds): void {
  joint(layout, bones, shape.joint);
  const { back, ...end } = shape.end;
  acrossLimb(layout, bones.b, bones.c, -(back + layout.jitter(0.03)) * layout.S, end);
}

/**
 * Folds across a joint (an elbow, a knee) between the bones `a`-`b` and `b`-`c`, `shape.half` of the span `S`
 * either side of the bone: two bowed arcs of different lengths round a bent joint, one faint fold across a
 * straight one.
 */
function joint(
  layout: Layout,
  bones: { a: Point; b: Point; c: Point },
  shape: { half: number; width: number; height: number },
): void {
  const { jitter, S } = layout;
  const { a, b, c } = bones;
  const upper = { x: b.x - a.x, y: b.y - a.y };
  const lower = { x: c.x - b.x, y: c.y - b.y };
  const bend = Math.abs(
    Math.atan2(upper.x * lower.y - upper.y * lower.x, upper.x * lower.x + upper.y * lower.y),
  );
  if (bend < BENT) {
    acrossLimb(layout, a, b, jitter(0.03) * S, { ...shape, height: shape.height * 0.5 });
    return;
  }
  for (const [along, length] of [
    [-0.05, 1],
    [0.06, 0.75],
  ] as const) {
    const sag = (jitter(1) < 0 ? -1 : 1) * 0.03;
    acrossLimb(layout, a, b, (along + jitter(0.02)) * S, { ...shape, half: shape.half * length, sag });
  }
}

/**
 * A fold across the bone from `a` to `b`, centred `along` px past `b` (negative: before it), `shape.half` of
 * the span `S` either side of the bone, a little askew, bowed by `shape.sag` of the span.
 */
function acrossLimb(
  layout: Layout,
  a: Point,
  b: Point,
  along: number,
  shape: { half: number; width: number; height: number; sag?: number },
): void {
  const { fold, jitter, S } = layout;
  const len = Math.max(1, dist(a, b));
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const centre = { x: b.x + ux * along, y: b.y + uy * along };
  const tilt = jitter(0.3);
  const nx = -uy + ux * tilt;
  const ny = ux + uy * tilt;
  const n = Math.hypot(nx, ny);
  const half = shape.half * S;
  fold({
    a: { x: centre.x - (nx / n) * half, y: centre.y - (ny / n) * half },
    b: { x: centre.x + (nx / n) * half, y: centre.y + (ny / n) * half },
    width: shape.width,
    height: shape.height,
    part: 0,
    sag: shape.sag ?? 0,
  });
}

/** How far down the body axis the garment's body reaches near the axis (px along `down`), or null. */
export function hemDepth(canvas: GarmentCanvas, frame: BodyFrame): number | null {
  const { width: w, height: h } = canvas;
  const { neck, down, across } = frame;
  const near = 0.3 * frame.span;
  let deepest: number | null = null;
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      const i = y * w + x;
      if ((canvas.alpha[i] ?? 0) < 0.5 || canvas.part[i] !== CanvasPart.body) continue;
      const dx = canvas.left + x - neck.x;
      const dy = canvas.top + y - neck.y;
      if (Math.abs(dx * across.x + dy * across.y) > near) continue;
      const depth = dx * down.x + dy * down.y;
      if (deepest === null || depth > deepest) deepest = depth;
    }
  }
  return deepest;
}

/** Shades and pushes the canvas's pixels by the folds' relief. */
function applyFolds(
  canvas: GarmentCanvas,
  folds: readonly Fold[],
  frame: BodyFrame,
  hem: number | null,
): void {
  const { width: w, height: h } = canvas;
  const { down, span, neck } = frame;
  const shade = new Float32Array(w * h);
  const pushX = new Float32Array(w * h);
  const pushY = new Float32Array(w * h);
  /** Near a flared hem, how far each pixel is from every flare's crest (1: far from all, 0: on one). */
  const keep = new Float32Array(w * h).fill(1);
  for (const f of folds) reliefOf(canvas, f, down, { shade, pushX, pushY, keep });
  const source = new Float32Array(canvas.rgb);
  const sourceAlpha = new Float32Array(canvas.alpha);
  const push = PUSH * span;
  const wave = HEM_WAVE * span;
  const reach = HEM_REACH * frame.torsoLength;
  for (let y = 0; y < h; y++) {
    // A pixel's depth down the body axis, stepping by down.x along the row.
    let depth = (canvas.left - neck.x) * down.x + (canvas.top + y - neck.y) * down.y;
    for (let x = 0; x < w; x++, depth += down.x) {
      const i = y * w + x;
      if ((sourceAlpha[i] ?? 0) <= 0) continue;
      const s = shade[i] ?? 0;
      // A flared hem rises between the flares' crests, over the last stretch above it.
      const up = hem === null ? 0 : wave * (keep[i] ?? 1) * smoothstep((depth - hem + reach) / reach);
      const dx = (pushX[i] ?? 0) * push + up * down.x;
      const dy = (pushY[i] ?? 0) * push + up * down.y;
      if (s === 0 && dx === 0 && dy === 0) continue;
      // Only the hem's rise changes the outline (a fold's push would nibble the sides).
      if (up > 0.05) {
        canvas.alpha[i] = Math.min(
          sourceAlpha[i] ?? 0,
          bilinear(sourceAlpha, w, h, x + up * down.x, y + up * down.y),
        );
      }
      const m = 1 + Math.max(-LIMIT, Math.min(LIMIT, s));
      if (Math.abs(dx) < 0.05 && Math.abs(dy) < 0.05) {
        // Pushed by next to nothing: shaded where it is.
        for (let c = i * 3; c < i * 3 + 3; c++) canvas.rgb[c] = Math.min(255, (canvas.rgb[c] ?? 0) * m);
        continue;
      }
      sampleInto(canvas, source, sourceAlpha, x + dx, y + dy, i, m);
    }
  }
}

/** Adds fold `f`'s shading, push and (for a flare) its hold on the hem to the canvas's grids. */
function reliefOf(
  canvas: GarmentCanvas,
  f: Fold,
  down: Point,
  grids: { shade: Float32Array; pushX: Float32Array; pushY: Float32Array; keep: Float32Array },
): void {
  const { width: w, height: h } = canvas;
  const { shade, pushX, pushY, keep } = grids;
  const len = Math.max(1, dist(f.a, f.b));
  const ux = (f.b.x - f.a.x) / len;
  const uy = (f.b.y - f.a.y) / len;
  // The fold's normal, and how much of it points down the body (the light comes from above).
  const nx = -uy;
  const ny = ux;
  const facing = nx * down.x + ny * down.y;
  const reach = 3 * Math.max(f.width, f.widthEnd) + Math.abs(f.sag);
  // A flare runs on past its end (the hem is lower at the sides than at the middle).
  const last = f.grow ? 1.4 : 1;
  const ex = f.a.x + (f.b.x - f.a.x) * last;
  const ey = f.a.y + (f.b.y - f.a.y) * last;
  const x0 = Math.max(0, Math.floor(Math.min(f.a.x, ex) - reach - canvas.left));
  const x1 = Math.min(w, Math.ceil(Math.max(f.a.x, ex) + reach - canvas.left));
  const y0 = Math.max(0, Math.floor(Math.min(f.a.y, ey) - reach - canvas.top));
  const y1 = Math.min(h, Math.ceil(Math.max(f.a.y, ey) + reach - canvas.top));
  const widest = 3 * Math.max(f.width, f.widthEnd) + Math.abs(f.sag);
  for (let y = y0; y < y1; y++) {
    const py = canvas.top + y - f.a.y;
    // The row's stretch where the pixel lies along the fold and within three widths across it (both
    // linear in x): the rest of the box is not visited.
    let lo = x0;
    let hi = x1;
    for (const [k, from, to] of [
      [ux, -py * uy, last * len - py * uy],
      [nx, -widest - py * ny, widest - py * ny],
    ] as const) {
      if (Math.abs(k) < 1e-6) {
        if (from > 0 || to < 0) hi = lo;
        continue;
      }
      const a = from / k + f.a.x - canvas.left;
      const b = to / k + f.a.x - canvas.left;
      lo = Math.max(lo, Math.floor(Math.min(a, b)));
      hi = Math.min(hi, Math.ceil(Math.max(a, b)) + 1);
    }
    for (let x = lo; x < hi; x++) {
      const i = y * w + x;
      if ((canvas.alpha[i] ?? 0) <= 0) continue;
      if (f.part !== 0 && canvas.part[i] !== f.part) continue;
      const px = canvas.left + x - f.a.x;
      const along = (px * ux + py * uy) / len;
      if (along <= 0 || along >= last) continue;
      const t = Math.min(1, along);
      const bow = f.sag * 4 * t * (1 - t);
      const u = (px * nx + py * ny - bow) / (f.width + (f.widthEnd - f.width) * t);
      if (u < -3 || u > 3) continue;
      const bell = Math.exp((-u * u) / 2);
      if (f.grow) keep[i] = (keep[i] ?? 1) * (1 - bell);
      if (along >= 1) continue;
      // Rising and falling along the fold (sin(pi t) broadened, about its 0.7th power), or a flare's rise.
      const bump = Math.sin(Math.PI * t);
      const k = f.height * (f.grow ? Math.sqrt(t) : bump * (1.6 - 0.6 * bump));
      // The Ricker profile (a crest of 1, troughs of -0.45 at 1.7 widths) and its slope.
      const ridge = (1 - u * u) * bell;
      const slope = u * (u * u - 3) * bell;
      shade[i] = (shade[i] ?? 0) + k * (RIDGE * ridge + SLOPE * slope * facing);
      pushX[i] = (pushX[i] ?? 0) + k * slope * nx;
      pushY[i] = (pushY[i] ?? 0) + k * slope * ny;
    }
  }
}

/**
 * Canvas pixel `i` set to `source` (the canvas's colours before the folds) read bilinearly at (x, y) over
 * covered pixels only (`sourceAlpha` over 0: no backdrop is pulled in at the outline), times `m`.
 */
function sampleInto(
  canvas: GarmentCanvas,
  source: Float32Array,
  sourceAlpha: Float32Array,
  x: number,
  y: number,
  i: number,
  m: number,
): void {
  if (!bilinearRgb(source, canvas.width, canvas.height, x, y, sourceAlpha, sampled)) return;
  canvas.rgb[i * 3] = Math.min(255, (sampled[0] ?? 0) * m);
  canvas.rgb[i * 3 + 1] = Math.min(255, (sampled[1] ?? 0) * m);
  canvas.rgb[i * 3 + 2] = Math.min(255, (sampled[2] ?? 0) * m);
}

/** `sampleInto`'s colour read, one for the module (a worker renders one try-on at a time). */
const sampled = new Float64Array(3);
