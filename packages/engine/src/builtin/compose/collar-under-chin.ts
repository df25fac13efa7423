import { dist, mid } from '../geometry/point.ts';
import { flood } from '../image/flood.ts';
import type { Raster } from '../image/raster.ts';
import { type BodyParts, Part } from '../person/body-parts.ts';
import type { BodyPose } from '../person/body-pose.ts';
import type { Mask } from '../person/mask.ts';
import { isHairAt } from './hair-mask.ts';
import { looksLikeSkinInShade, type SkinTone, skinLevel } from './skin-tone.ts';

/**
 * Below the chin, within the jaw's width, the part map calls everything head: the chin's place is guessed
 * from the eyes and the mouth, and reaches far enough for a bowed face. An old collar there (kal's stripes at
 * the throat, mariya-a's blue shirt collar under his beard) was kept as the face is, above every new
 * neckline. Its pixels are told by colour: of the old top's colours below the neck's base and not of the
 * face's down to `CHIN_FROM` below the mouth (skin, a beard, glasses, make-up), no skin and not hair, and
 * joined to the neck or the torso below. They are given back to the neck, for the clean-up to paint.
 */
export function collarUnderChin(
  photo: Raster,
  pose: BodyPose,
  parts: BodyParts,
  hair: Mask,
  tone: SkinTone,
): BodyParts {
  const p = pose.points;
  const eyeLine = mid(p.leftEye, p.rightEye);
  const mouth = mid(p.leftMouth, p.rightMouth);
  const eyesToMouth = Math.max(1, dist(eyeLine, mouth));
  const down = { x: (mouth.x - eyeLine.x) / eyesToMouth, y: (mouth.y - eyeLine.y) / eyesToMouth };
  const neckBase = mid(p.leftShoulder, p.rightShoulder);
  const span = Math.max(1, dist(p.leftShoulder, p.rightShoulder));
  const { width: w, height: h, labels } = parts;
  const below = (x: number, y: number): number =>
    ((x - mouth.x) * down.x + (y - mouth.y) * down.y) / eyesToMouth;
  // Not skin by any of the clean-up's tests (a neck in shade is not the face's colour but has its hue).
  const isClothes = (i: number): boolean =>
    skinLevel(tone, photo, i) === 0 && !looksLikeSkinInShade(tone, photo, i) && !isHairAt(hair, i);

  // The head's pixels: the face down to `CHIN_FROM` below the mouth (its colours), and the zone under the
  // chin (the candidates), within the head's disc.
  const disc = parts.headDisc;
  const r = disc ? Math.sqrt(disc.r2) : 0;
  const x0 = disc ? Math.max(0, Math.floor(disc.centre.x - r)) : 0;
  const x1 = disc ? Math.min(w - 1, Math.ceil(disc.centre.x + r)) : w - 1;
  const y0 = disc ? Math.max(0, Math.floor(disc.centre.y - r)) : 0;
  const y1 = disc ? Math.min(h - 1, Math.ceil(disc.centre.y + r)) : h - 1;
  // What is known of each pixel of the disc's box: under the chin (in the zone), whether it is clothes (the
  // colour tests are the costly part: asked only of pixels of the old top's colours and round the collar),
  // whether it is the collar.
  const bw = x1 - x0 + 1;
  const state = new Uint8Array(bw * Math.max(0, y1 - y0 + 1));
  const boxAt = (i: number): number => {
    const x = i % w;
    const y = (i - x) / w;
    return x < x0 || x > x1 || y < y0 || y > y1 ? -1 : (y - y0) * bw + (x - x0);
  };
  const clothesAt = (i: number, k: number): boolean => {
    const s = state[k] ?? 0;
    if (s & KNOWN) return (s & CLOTHES) !== 0;
    const clothes = isClothes(i);
    state[k] = s | KNOWN | (clothes ? CLOTHES : 0);
    return clothes;
  };
  const face = new Float32Array(BINS);
  let faceCount = 0;
  const zone: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      if (labels[i] !== Part.head) continue;
      const t = below(x, y);
      if (t >= CHIN_FROM) {
        zone.push(i);
        state[(y - y0) * bw + (x - x0)] = UNDER;
      } else if (((x | y) & 1) === 0) {
        // The face's colours from every other row and column: a histogram needs no more.
        face[binOf(photo, i)] = (face[binOf(photo, i)] ?? 0) + 1;
        faceCount++;
      }
    }
  }
  if (zone.length === 0 || faceCount === 0) return parts;
  // The old top below the neck's base: what is not skin or hair on the neck and the torso there (not above
  // it, where a neck in shade is not skin by colour either), every other row and column.
  const top = new Float32Array(BINS);
  let topCount = 0;
  const reach = { left: span * 0.5, up: 0, down: span * 0.35 };
  for (
    let y = Math.max(0, Math.floor(neckBase.y - reach.up));
    y < Math.min(h, neckBase.y + reach.down);
    y += 2
  ) {
    for (
      let x = Math.max(0, Math.floor(neckBase.x - reach.left));
      x < Math.min(w, neckBase.x + reach.left);
      x += 2
    ) {
      const i = y * w + x;
      const label = labels[i];
      if ((label !== Part.neck && label !== Part.torso) || !isClothes(i)) continue;
      top[binOf(photo, i)] = (top[binOf(photo, i)] ?? 0) + 1;
      topCount++;
    }
  }
  if (topCount === 0) return parts;
  for (const i of zone) {
    const bin = binOf(photo, i);
    const ofTop = (top[bin] ?? 0) / topCount;
    const ofFace = (face[bin] ?? 0) / faceCount;
    if (!(ofTop >= ofFace * FACE_RATIO && (ofTop >= TOP_SHARE || (ofTop > 0 && ofFace < FACE_NONE))))
      continue;
    const k = boxAt(i);
    if (clothesAt(i, k)) state[k] = (state[k] ?? 0) | COLLAR;
  }
  const isCollar = (j: number): boolean => {
    const k = boxAt(j);
    return k >= 0 && ((state[k] ?? 0) & COLLAR) !== 0;
  };
  // Joined to the neck or the torso below: a flood from the collar's pixels that touch them.
  const seeds: number[] = [];
  for (const i of zone) {
    if (!isCollar(i)) continue;
    const x = i % w;
    const touches = [i + w, i - 1, i + 1].some((j) => {
      const l = labels[j];
      return (j !== i - 1 || x > 0) && (j !== i + 1 || x < w - 1) && (l === Part.neck || l === Part.torso);
    });
    if (touches) seeds.push(i);
  }
  const queue = flood(seeds, w, h, (j) => isCollar(j) && labels[j] !== Part.neck);
  if (queue.length === 0) return parts;
  const out = new Uint8Array(labels);
  for (const i of queue) out[i] = Part.neck;
  // And the collar's own edges and buttons, darker or lighter than its cloth, within a few pixels of it.
  const edge = Math.max(2, Math.round(span * EDGE_REACH));
  let ring = queue.slice();
  for (let step = 0; step < edge && ring.length > 0; step++) {
    const next: number[] = [];
    for (const i of ring) {
      const x = i % w;
      for (const j of [i - w, i + w, x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1]) {
        if (j < 0 || j >= w * h || out[j] === Part.neck) continue;
        const k = boxAt(j);
        if (k < 0 || !((state[k] ?? 0) & UNDER) || !clothesAt(j, k)) continue;
        out[j] = Part.neck;
        next.push(j);
      }
    }
    ring = next;
  }
  return { ...parts, labels: out };
}

/** The zone under the chin starts this far below the mouth (eyes-to-mouth distances; the chin is about 0.8). */
const CHIN_FROM = 0.5;
/**
 * A colour is the old top's if at least this share of its pixels below the neck's base have it (or any of
 * them, where under `FACE_NONE` of the face's pixels have it: a collar's shades the chest shows little of)...
 */
const TOP_SHARE = 0.003;
const FACE_NONE = 0.0005;
/** ...and it is this many times as common there as on the face down to `CHIN_FROM` below the mouth. */
const FACE_RATIO = 4;
/** The collar's edges and buttons are taken this far round its cloth (a share of the span). */
const EDGE_REACH = 0.025;
/** What `collarUnderChin` knows of a pixel of the head's box, as bits. */
const UNDER = 1;
const KNOWN = 2;
const CLOTHES = 4;
const COLLAR = 8;
/** Colours are binned by 8 levels a channel. */
const LEVELS = 8;
const BINS = LEVELS * LEVELS * LEVELS;

function binOf(photo: Raster, i: number): number {
  const r = (photo.data[i * 3] ?? 0) >> 5;
  const g = (photo.data[i * 3 + 1] ?? 0) >> 5;
  const b = (photo.data[i * 3 + 2] ?? 0) >> 5;
  return (r * LEVELS + g) * LEVELS + b;
}
