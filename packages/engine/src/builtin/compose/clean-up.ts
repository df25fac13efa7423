import { dist, mid, type Point } from '../geometry/point.ts';
import { distanceToSegment } from '../geometry/polygon.ts';
import type { Raster } from '../image/raster.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import type { BodyPose } from '../person/body-pose.ts';
import type { Mask } from '../person/mask.ts';
import type { Mat, OpenCv } from '../worker/opencv.ts';
import type { GarmentCanvas } from './garment-canvas.ts';
import { type SkinTone, skinLikeness } from './skin-tone.ts';
import { boxBlur } from './soft-shadows.ts';

/** A bare limb as the clean-up paints it: a bone and its natural radius at each end (shares of the span). */
interface Limb {
  parts: readonly number[];
  /** Parts of the same arm (or the face, for the neck) whose bare skin gives the paint its colour. */
  sample: readonly number[];
  a: Point;
  b: Point;
  ra: number;
  rb: number;
}

/**
 * Where the new garment leaves arms or neck bare but the old clothes cover them (a long sleeve under a
 * T-shirt, a collar above a lower neckline), the old clothes go: inside the limb's natural girth they are
 * painted as the person's skin, shaded like a limb (lighter along its middle) and by the photo's broad
 * light; what a wide old sleeve covered beyond that girth is filled from the background around it
 * (OpenCV's inpainting). With `rim` (a top or dress), the old top showing beside a narrower new one, between
 * its neckline and hem, is filled the same way. Changes `photo` in place.
 */
export function cleanUp(
  cv: OpenCv,
  photo: Raster,
  pose: BodyPose,
  parts: BodyParts,
  canvas: GarmentCanvas,
  hair: Mask,
  tone: SkinTone | null,
  options: { rim: boolean },
): void {
  if (!tone) return;
  const p = pose.points;
  const span = dist(p.leftShoulder, p.rightShoulder);
  const face = mid(mid(p.leftEye, p.rightEye), mid(p.leftMouth, p.rightMouth));
  const limbs: Limb[] = [
    { parts: [Part.leftUpperArm], sample: LEFT_ARM, a: p.leftShoulder, b: p.leftElbow, ra: 0.12, rb: 0.09 },
    { parts: [Part.leftForearm], sample: LEFT_ARM, a: p.leftElbow, b: p.leftWrist, ra: 0.085, rb: 0.065 },
    {
      parts: [Part.rightUpperArm],
      sample: RIGHT_ARM,
      a: p.rightShoulder,
      b: p.rightElbow,
      ra: 0.12,
      rb: 0.09,
    },
    { parts: [Part.rightForearm], sample: RIGHT_ARM, a: p.rightElbow, b: p.rightWrist, ra: 0.085, rb: 0.065 },
    {
      parts: [Part.neck],
      sample: [Part.neck],
      a: mid(p.leftShoulder, p.rightShoulder),
      b: mid(face, mid(p.leftShoulder, p.rightShoulder)),
      ra: 0.17,
      rb: 0.14,
    },
  ];
  const { width: w, height: h } = parts;
  const boxes = limbs.map((limb) => {
    // Past the bone's ends the part map still gives the limb pixels (the round of a shoulder).
    const reach = Math.max(Math.max(limb.ra, limb.rb) * 1.8, 0.35) * span;
    return {
      x0: Math.max(0, Math.floor(Math.min(limb.a.x, limb.b.x) - reach)),
      x1: Math.min(w, Math.ceil(Math.max(limb.a.x, limb.b.x) + reach)),
      y0: Math.max(0, Math.floor(Math.min(limb.a.y, limb.b.y) - reach)),
      y1: Math.min(h, Math.ceil(Math.max(limb.a.y, limb.b.y) + reach)),
    };
  });
  // Work over the limbs' bounds only.
  const bx = Math.min(...boxes.map((b) => b.x0));
  const by = Math.min(...boxes.map((b) => b.y0));
  const bw = Math.max(0, Math.max(...boxes.map((b) => b.x1)) - bx);
  const bh = Math.max(0, Math.max(...boxes.map((b) => b.y1)) - by);
  if (bw === 0 || bh === 0) return;
  const skin = new Float32Array(bw * bh);
  /** Which limb painted each pixel of `skin`, for its colour. */
  const painter = new Uint8Array(bw * bh);
  const region = { left: bx, top: by, width: bw, height: bh };
  const groups = [...new Set(limbs.map((limb) => limb.sample))];
  const bare = bareSkinColours(photo, parts, groups, region, canvas, tone, span);
  const colours = limbs.map((limb) => bare[groups.indexOf(limb.sample)] ?? tone);
  const gone = new Uint8Array(w * h);
  let anyGone = false;
  const coverage = (x: number, y: number): number => {
    const cx = x - canvas.left;
    const cy = y - canvas.top;
    return cx >= 0 && cy >= 0 && cx < canvas.width && cy < canvas.height
      ? (canvas.alpha[cy * canvas.width + cx] ?? 0)
      : 0;
  };
  const q = { x: 0, y: 0 };
  for (const [n, limb] of limbs.entries()) {
    const box = boxes[n];
    if (!box) continue;
    const len = Math.max(1, dist(limb.a, limb.b));
    for (let y = box.y0; y < box.y1; y++) {
      for (let x = box.x0; x < box.x1; x++) {
        const i = y * w + x;
        if (!limb.parts.includes(parts.labels[i] ?? 0) || (hair.data[i] ?? 0) > 96 || coverage(x, y) > 0.6)
          continue;
        if (looksLikeSkin(tone, photo, i)) continue;
        q.x = x;
        q.y = y;
        const t = Math.max(
          0,
          Math.min(
            1,
            ((x - limb.a.x) * (limb.b.x - limb.a.x) + (y - limb.a.y) * (limb.b.y - limb.a.y)) / (len * len),
          ),
        );
        const r = (limb.ra + (limb.rb - limb.ra) * t) * span;
        const d = distanceToSegment(q, limb.a, limb.b);
        // Inside the girth it becomes skin, lighter along the limb's middle as a rounded limb is lit;
        // either way the old cloth is filled over first, so none of it seeds the background fill.
        if (d <= r) {
          skin[(y - by) * bw + (x - bx)] = 0.8 + 0.22 * (1 - (d / r) ** 2);
          painter[(y - by) * bw + (x - bx)] = n;
        }
        gone[i] = 1;
        anyGone = true;
      }
    }
  }
  if (options.rim && markRim(photo, parts, canvas, tone, span, gone)) anyGone = true;
  if (anyGone) {
    // What the garment will cover is masked too (but not changed): the old clothes under it must not seed
    // the fill.
    const hidden = new Uint8Array(w * h);
    for (let y = 0; y < canvas.height; y++) {
      for (let x = 0; x < canvas.width; x++) {
        if ((canvas.alpha[y * canvas.width + x] ?? 0) > 0.5)
          hidden[(y + canvas.top) * w + x + canvas.left] = 1;
      }
    }
    fillFromBackground(cv, photo, gone, hidden);
  }
  const soft = boxBlur(
    skin.map((v) => (v > 0 ? 1 : 0)),
    bw,
    bh,
    Math.max(1, Math.round(span * 0.008)),
  );
  for (let k = 0; k < bw * bh; k++) {
    const shade = skin[k] ?? 0;
    if (shade === 0) continue;
    const a = Math.min(1, (soft[k] ?? 0) * 1.3);
    const i = (by + Math.floor(k / bw)) * w + bx + (k % bw);
    const colour = colours[painter[k] ?? 0] ?? tone;
    const fill = [colour.r * shade, colour.g * shade, colour.b * shade];
    for (let c = 0; c < 3; c++) {
      photo.data[i * 3 + c] = Math.round(
        (photo.data[i * 3 + c] ?? 0) * (1 - a) + Math.min(255, fill[c] ?? 0) * a,
      );
    }
  }
}

const LEFT_ARM: readonly number[] = [Part.leftUpperArm, Part.leftForearm, Part.leftHand];
const RIGHT_ARM: readonly number[] = [Part.rightUpperArm, Part.rightForearm, Part.rightHand];
/** Bare skin of a limb counts as a sample from this many pixels (a share of the span squared). */
const MIN_SAMPLE = 0.01;

/**
 * For each group of parts, the median colour of the bare skin the photo shows on them within `region`,
 * outside the new garment (a forearm below an old sleeve, a hand): the limb's own tone in the photo's own
 * light there, which a tone read from the face misses on a tanned arm, in shade or under a hat. Null for a
 * group that shows too little of it.
 */
function bareSkinColours(
  photo: Raster,
  parts: BodyParts,
  groups: readonly (readonly number[])[],
  region: { left: number; top: number; width: number; height: number },
  canvas: GarmentCanvas,
  tone: SkinTone,
  span: number,
): ({ r: number; g: number; b: number } | null)[] {
  const samples = groups.map(() => ({ r: [] as number[], g: [] as number[], b: [] as number[] }));
  for (let y = region.top; y < region.top + region.height; y++) {
    for (let x = region.left; x < region.left + region.width; x++) {
      const i = y * parts.width + x;
      const group = groups.findIndex((g) => g.includes(parts.labels[i] ?? 0));
      const into = samples[group];
      if (!into || !looksLikeSkin(tone, photo, i)) continue;
      const cx = x - canvas.left;
      const cy = y - canvas.top;
      const inside = cx >= 0 && cy >= 0 && cx < canvas.width && cy < canvas.height;
      if (inside && (canvas.alpha[cy * canvas.width + cx] ?? 0) > 0.1) continue;
      into.r.push(photo.data[i * 3] ?? 0);
      into.g.push(photo.data[i * 3 + 1] ?? 0);
      into.b.push(photo.data[i * 3 + 2] ?? 0);
    }
  }
  return samples.map((sample) =>
    sample.r.length < MIN_SAMPLE * span * span
      ? null
      : { r: median(sample.r), g: median(sample.g), b: median(sample.b) },
  );
}

function median(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const WORK_SIDE = 220;

/**
 * Marks the torso pixels beside the garment (within a fifth of the span of its edge, in that row) and just
 * above its top edge that are not skin: the old top showing past a narrower garment. True if any.
 */
function markRim(
  photo: Raster,
  parts: BodyParts,
  canvas: GarmentCanvas,
  tone: SkinTone,
  span: number,
  marked: Uint8Array,
): boolean {
  const reach = Math.round(span * 0.2);
  const { width: cw, height: ch } = canvas;
  const covered = (x: number, y: number): boolean => (canvas.alpha[y * cw + x] ?? 0) > 0.5;
  let any = false;
  for (let y = 0; y < ch; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < cw; x++) {
      if (!covered(x, y)) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0) continue;
    // Just above the garment's top edge too: an old collar or shoulder seam peeking over the neckline.
    for (let x = first; x <= last; x++) {
      if (!covered(x, y) || (y > 0 && covered(x, y - 1))) continue;
      for (let k = 1; k <= reach / 2 && y - k >= 0; k++) {
        const i = (y - k + canvas.top) * parts.width + x + canvas.left;
        const label = parts.labels[i] ?? 0;
        if (label !== Part.torso && label !== Part.neck) break;
        if (looksLikeSkin(tone, photo, i)) continue;
        marked[i] = 1;
        any = true;
      }
    }
    for (const [from, to] of [
      [first - reach, first],
      [last + 1, last + 1 + reach],
    ] as const) {
      for (let x = Math.max(0, from); x < Math.min(cw, to); x++) {
        const px = x + canvas.left;
        const py = y + canvas.top;
        const i = py * parts.width + px;
        if (parts.labels[i] !== Part.torso || covered(x, y)) continue;
        if (looksLikeSkin(tone, photo, i)) continue;
        marked[i] = 1;
        any = true;
      }
    }
  }
  return any;
}

/**
 * Fills the marked pixels from their surroundings (Telea inpainting), on the marked region's bounds only;
 * `hidden` pixels are neither used as surroundings nor changed.
 */
function fillFromBackground(cv: OpenCv, photo: Raster, marked: Uint8Array, hidden: Uint8Array): void {
  const { width: w, height: h } = photo;
  let x0 = w;
  let y0 = h;
  let x1 = 0;
  let y1 = 0;
  for (let i = 0; i < w * h; i++) {
    if (!marked[i]) continue;
    const x = i % w;
    const y = Math.floor(i / w);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x + 1);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y + 1);
  }
  const pad = 8;
  x0 = Math.max(0, x0 - pad);
  y0 = Math.max(0, y0 - pad);
  x1 = Math.min(w, x1 + pad);
  y1 = Math.min(h, y1 + pad);
  const bw = x1 - x0;
  const bh = y1 - y0;
  const mats: Mat[] = [];
  try {
    const src = new cv.Mat(bh, bw, cv.CV_8UC3);
    const mask = new cv.Mat(bh, bw, cv.CV_8UC1);
    const out = new cv.Mat();
    mats.push(src, mask, out);
    for (let y = 0; y < bh; y++) {
      src.data.set(photo.data.subarray(((y0 + y) * w + x0) * 3, ((y0 + y) * w + x1) * 3), y * bw * 3);
      for (let x = 0; x < bw; x++) {
        const i = (y0 + y) * w + x0 + x;
        mask.data[y * bw + x] = marked[i] || hidden[i] ? 255 : 0;
      }
    }
    // A one-pixel dilation: anti-aliased edges of the old sleeve would otherwise seed the fill.
    const kernel = cv.Mat.ones(3, 3, cv.CV_8U);
    mats.push(kernel);
    cv.dilate(mask, mask, kernel);
    // What fills a wide old sleeve is smooth background: it is found at most WORK_SIDE pixels across (the
    // fill's cost grows with the pixels it fills) and scaled back.
    const k = Math.min(1, WORK_SIDE / Math.max(bw, bh));
    const small = new cv.Size(Math.max(1, Math.round(bw * k)), Math.max(1, Math.round(bh * k)));
    const srcSmall = new cv.Mat();
    const maskSmall = new cv.Mat();
    const filled = new cv.Mat();
    mats.push(srcSmall, maskSmall, filled);
    cv.resize(src, srcSmall, small, 0, 0, cv.INTER_AREA);
    cv.resize(mask, maskSmall, small, 0, 0, cv.INTER_NEAREST);
    cv.dilate(maskSmall, maskSmall, kernel);
    cv.inpaint(srcSmall, maskSmall, filled, 3, cv.INPAINT_TELEA);
    cv.resize(filled, out, new cv.Size(bw, bh), 0, 0, cv.INTER_LINEAR);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        if (!marked[(y0 + y) * w + x0 + x]) continue;
        const i = ((y0 + y) * w + x0 + x) * 3;
        const o = (y * bw + x) * 3;
        photo.data[i] = out.data[o] ?? 0;
        photo.data[i + 1] = out.data[o + 1] ?? 0;
        photo.data[i + 2] = out.data[o + 2] ?? 0;
      }
    }
  } finally {
    for (const m of mats) m.delete();
  }
}

/** Whether pixel `i` of the photo is more likely the person's skin than not (the old clothes are not). */
function looksLikeSkin(tone: SkinTone, photo: Raster, i: number): boolean {
  return (
    skinLikeness(tone, photo.data[i * 3] ?? 0, photo.data[i * 3 + 1] ?? 0, photo.data[i * 3 + 2] ?? 0) > 0.3
  );
}
