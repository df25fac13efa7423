import { dist, mid, type Point } from '../geometry/point.ts';
import { channelSpreadAt, luma, lumaAt, type Raster } from '../image/raster.ts';
import { type BodyParts, Part, reachesHead } from '../person/body-parts.ts';
import type { BodyPose } from '../person/body-pose.ts';
import { boxAbove, emptyMask, type Mask } from '../person/mask.ts';
import { type SkinTone, skinLikeness } from './skin-tone.ts';

/** A hair mask's value from which a pixel is hair, kept as it is in front of the new garment. */
const HAIR_KEPT = 96;

/** Whether photo pixel `i` is hair kept in front (none without a mask). */
export function isHairAt(hair: Mask | null, i: number): boolean {
  return (hair?.data[i] ?? 0) > HAIR_KEPT;
}

/** The hair of a photo, 255 = hair. */
export interface Hair {
  /** Hair that stays in front of the new garment (over the shoulders and chest). */
  front: Mask;
  /**
   * Every pixel taken for hair, also where it is not kept in front (see `hairMask`): neither skin nor old
   * clothes to paint over, so what is left of it beside the new garment stays as the photo shows it.
   */
  seen: Mask;
}

/**
 * Hair that hangs in front of the garment (over the shoulders and chest). The hair's colour is learnt from
 * the head above the eyes (person pixels that are not skin); below the head, person pixels of that colour
 * are hair when they join the head's hair, within reach of the head.
 */
export function hairMask(photo: Raster, pose: BodyPose, parts: BodyParts, tone: SkinTone | null): Hair {
  const { width, height } = parts;
  const mask = emptyMask(width, height);
  const none = { front: mask, seen: mask };
  const p = pose.points;
  const span = dist(p.leftShoulder, p.rightShoulder);
  const eyes = mid(p.leftEye, p.rightEye);
  // Hair colour: head pixels that are not skin, above the forehead (a shiny or made-up forehead is not
  // always taken for skin), else above the eyes. Their colour a third of the way up by brightness: what
  // else is there (a forehead's shine, the backdrop at the silhouette's soft edge) is mostly lighter than
  // hair, and a mean of them all is the colour of neither.
  const foreheadTop = eyes.y - dist(eyes, mid(p.leftMouth, p.rightMouth)) * FOREHEAD;
  const aboveEyes = headAbove(photo, parts, tone, eyes.y);
  const high = aboveEyes.filter((i) => Math.floor(i / width) <= foreheadTop);
  const seeds = high.length >= 20 ? high : aboveEyes;
  if (seeds.length < 20) return none;
  const byLuma = seeds.map((i) => ({ i, y: lumaAt(photo, i) })).sort((a, b) => a.y - b.y);
  // The seeds within a tenth either side of that rank: one pixel's noise is not the hair's colour.
  const near = byLuma.slice(
    Math.floor(byLuma.length * (HAIR_RANK - 0.1)),
    Math.ceil(byLuma.length * (HAIR_RANK + 0.1)),
  );
  const [hr, hg, hb] = [0, 1, 2].map(
    (c) => near.reduce((sum, q) => sum + (photo.data[q.i * 3 + c] ?? 0), 0) / near.length,
  ) as [number, number, number];
  const limit = Math.max(
    30,
    Math.min(70, 1.6 * Math.sqrt(spreadAround(photo, seeds, hr, hg, hb) / seeds.length)),
  );
  const hairChroma = Math.max(hr, hg, hb) - Math.min(hr, hg, hb);
  const reach = span * 2;
  const neck = mid(p.leftShoulder, p.rightShoulder);
  const lowest = neck.y + span * 1.4;
  const test: HairTest = {
    photo,
    parts,
    tone,
    colour: [hr, hg, hb],
    limit,
    chroma: hairChroma,
    eyes,
    reach,
    lowest,
    neck,
    span,
  };
  growHair(mask, seeds, test);
  fillHoles(mask, photo, [hr, hg, hb], span * span * HOLE_AREA);
  // Hair the colour of the clothes grows into them: past this much below the shoulders (in square spans)
  // the mask is not to be trusted there. Then the hair in front fades out over the last tenth of a span above
  // the shoulder line and none is kept below: a garment over a strand of hair looks far better than one cut
  // straight across, or to pieces, by a dark top taken for hair. What was seen as hair below is still not
  // painted over as skin: a band of skin across dark hair would cut it straight instead.
  const shoulders = Math.min(p.leftShoulder.y, p.rightShoulder.y);
  if (countBelow(mask, shoulders) <= MAX_HAIR_BELOW * span * span) return { front: mask, seen: mask };
  const front = { ...mask, data: mask.data.slice() };
  fadeBelow(front, shoulders, Math.max(1, span * 0.1));
  return { front, seen: mask };
}

// hairMask's loops, each a function of its own: in its body V8 compiled the whole of it again for each loop
// on every try-on.

/** Whether photo pixel `i` is not skin (less than a quarter like the face's tone; any pixel without one). */
function notSkin(tone: SkinTone | null, photo: Raster, i: number): boolean {
  return (
    !tone ||
    skinLikeness(tone, photo.data[i * 3] ?? 0, photo.data[i * 3 + 1] ?? 0, photo.data[i * 3 + 2] ?? 0) < 0.25
  );
}

/** The head's pixels that are not skin, down to row `eyesY`. */
function headAbove(photo: Raster, parts: BodyParts, tone: SkinTone | null, eyesY: number): number[] {
  const { width, height } = parts;
  const found: number[] = [];
  for (let i = 0; i < width * height; i++) {
    if (parts.labels[i] !== Part.head || Math.floor(i / width) > eyesY || !notSkin(tone, photo, i)) continue;
    found.push(i);
  }
  return found;
}

/** The sum of the squared distances of the pixels' colours from (r, g, b). */
function spreadAround(photo: Raster, pixels: readonly number[], r: number, g: number, b: number): number {
  let spread = 0;
  for (const i of pixels) {
    spread +=
      ((photo.data[i * 3] ?? 0) - r) ** 2 +
      ((photo.data[i * 3 + 1] ?? 0) - g) ** 2 +
      ((photo.data[i * 3 + 2] ?? 0) - b) ** 2;
  }
  return spread;
}

/** What a pixel must be to be hair below the head (`isHair`). */
interface HairTest {
  photo: Raster;
  parts: BodyParts;
  tone: SkinTone | null;
  /** The hair's colour. */
  colour: readonly [number, number, number];
  /** How far from it (RGB distance) a pixel may be. */
  limit: number;
  /** The hair colour's channel spread. */
  chroma: number;
  eyes: Point;
  /** How far from the eyes, and how low, hair reaches. */
  reach: number;
  lowest: number;
  neck: Point;
  span: number;
}

/**
 * The chest's middle, where no hair is looked for: from `top` below the shoulders' middle (shares of the
 * span), a round-topped V opening to `half` either side `depth` further down.
 */
const CHEST_V = { top: 0.15, half: 0.22, depth: 0.15 } as const;

/** Whether person pixel `i` below the head is hair: near the head, of the hair's colour, not skin. */
function isHair(test: HairTest, i: number): boolean {
  const { photo, parts, eyes, neck, span } = test;
  const width = parts.width;
  const label = parts.labels[i] ?? 0;
  if (label === Part.background || label === Part.leftHand || label === Part.rightHand) return false;
  const x = i % width;
  const y = Math.floor(i / width);
  if (dist({ x, y }, eyes) > test.reach || y > test.lowest) return false;
  // Hair falls beside the neck and over the shoulders, seldom down the middle of the chest, where dark
  // clothes would otherwise pass for it: a round-topped V below the neck, as wide as the chest's middle
  // from `CHEST_V.depth` of the span further down. Hair falling over both shoulders frames it; a band the
  // chest's width from its top had cut braids off square and ended the chest's paint in a straight line
  // under a bowed head (party-1b).
  const below = y - (neck.y + span * CHEST_V.top);
  if (
    below > 0 &&
    Math.abs(x - neck.x) < span * CHEST_V.half * Math.sqrt(Math.min(1, below / (span * CHEST_V.depth)))
  )
    return false;
  const dr = (photo.data[i * 3] ?? 0) - test.colour[0];
  const dg = (photo.data[i * 3 + 1] ?? 0) - test.colour[1];
  const db = (photo.data[i * 3 + 2] ?? 0) - test.colour[2];
  const d = Math.sqrt(dr * dr + dg * dg + db * db);
  // Beside the jaw (in the head's disc, below the jaw the labels follow) hair is likelier than anywhere
  // below the head: its lighter ends and skin-coloured strands are hair there too, and the neck's skin left
  // as it is; only clothes (a collar) are left for the clean-up. As head, all of it had been.
  const besideJaw = label !== Part.head && reachesHead(parts, x, y);
  if (d >= test.limit * (besideJaw ? JAW_HAIR : 1) || (!besideJaw && !notSkin(test.tone, photo, i)))
    return false;
  // Far more colourful than the hair: an old top's stripe in shade between strands (a dark red is near
  // black in RGB), not hair, which would keep it in front of the new garment.
  return channelSpreadAt(photo, i) <= test.chroma + MORE_CHROMA;
}

/** Grows the mask from the seeds through hair pixels (`isHair`, 4-connected); each pixel is queued once. */
function growHair(mask: Mask, seeds: readonly number[], test: HairTest): void {
  const { width, height } = mask;
  const queue = new Int32Array(width * height);
  queue.set(seeds);
  let tail = seeds.length;
  for (const i of seeds) mask.data[i] = 255;
  for (let head = 0; head < tail; head++) {
    const i = queue[head] ?? 0;
    const x = i % width;
    for (let n = 0; n < 4; n++) {
      const j = n === 0 ? i - 1 : n === 1 ? i + 1 : n === 2 ? i - width : i + width;
      if (j < 0 || j >= width * height || mask.data[j] !== 0) continue;
      if ((n === 0 && x === 0) || (n === 1 && x === width - 1)) continue;
      if (!isHair(test, j)) continue;
      mask.data[j] = 255;
      queue[tail++] = j;
    }
  }
}

/**
 * Hair's own highlights and a lock's lit ends fail the hair's colour test, and the mask grown by colour holds
 * them as holes: the new garment showed through the hair in specks (party-6a's lit locks over a tank). What
 * the mask encloses wholly, up to `most` pixels a hole, is hair too where it has the hair's chromaticity (its
 * colour at any brightness: grey shine on black hair) or is darker than the hair (its shade); a gap between
 * locks that opens onto what is beside them stays, and so does one of another colour (kal's orange and blue
 * dress between her braids).
 */
function fillHoles(mask: Mask, photo: Raster, hair: readonly [number, number, number], most: number): void {
  const hairSum = Math.max(1, hair[0] + hair[1] + hair[2]);
  const { width, data } = mask;
  const box = boxAbove(data, width, 0);
  if (box.width === 0) return;
  const { left: x0, top: y0, width: bw, height: bh } = box;
  // Over the hair's box, in its own coordinates: `gap` is 1 where the mask is not hair and not yet read.
  const gap = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) gap[y * bw + x] = data[(y + y0) * width + x + x0] ? 0 : 1;
  const queue = new Int32Array(bw * bh);
  const hairLuma = luma(hair[0], hair[1], hair[2]);
  for (let start = 0; start < bw * bh; start++) {
    if (!gap[start]) continue;
    // One gap in the mask, read whole: a hole if it never reaches the hair's box's edge and is small.
    gap[start] = 0;
    queue[0] = start;
    let tail = 1;
    let open = false;
    let r = 0;
    let g = 0;
    let b = 0;
    for (let head = 0; head < tail; head++) {
      const k = queue[head] ?? 0;
      const x = k % bw;
      const y = (k - x) / bw;
      const i = ((y + y0) * width + x + x0) * 3;
      r += photo.data[i] ?? 0;
      g += photo.data[i + 1] ?? 0;
      b += photo.data[i + 2] ?? 0;
      if (x === 0 || y === 0 || x === bw - 1 || y === bh - 1) open = true;
      if (x > 0 && gap[k - 1]) {
        gap[k - 1] = 0;
        queue[tail++] = k - 1;
      }
      if (x < bw - 1 && gap[k + 1]) {
        gap[k + 1] = 0;
        queue[tail++] = k + 1;
      }
      if (y > 0 && gap[k - bw]) {
        gap[k - bw] = 0;
        queue[tail++] = k - bw;
      }
      if (y < bh - 1 && gap[k + bw]) {
        gap[k + bw] = 0;
        queue[tail++] = k + bw;
      }
    }
    if (open || tail > most) continue;
    const total = Math.max(1, r + g + b);
    const off = Math.hypot(r / total - hair[0] / hairSum, g / total - hair[1] / hairSum);
    // Darker than the hair's colour, a hole is the hair's own shade: its chromaticity there is noise.
    if (off > HOLE_CHROMATICITY && luma(r / tail, g / tail, b / tail) > hairLuma) continue;
    for (let n = 0; n < tail; n++) {
      const k = queue[n] ?? 0;
      const x = k % bw;
      data[((k - x) / bw + y0) * width + x + x0] = 255;
    }
  }
}

/** A hole in the hair mask this large (in square spans) or smaller is hair (`fillHoles`). */
const HOLE_AREA = 0.004;
/** ...and its mean chromaticity (r and g shares of the sum) within this of the hair's. */
const HOLE_CHROMATICITY = 0.07;

/** How many of the mask's pixels lie below row `y`. */
function countBelow(mask: Mask, y: number): number {
  let below = 0;
  for (let i = 0; i < mask.width * mask.height; i++)
    if (mask.data[i] && Math.floor(i / mask.width) > y) below++;
  return below;
}

/** Fades the mask out over `fade` rows above row `y`, and clears it below. */
function fadeBelow(mask: Mask, y0: number, fade: number): void {
  const { width, height } = mask;
  for (let y = Math.max(0, Math.floor(y0 - fade)); y < height; y++) {
    const k = Math.max(0, Math.min(1, (y0 - y) / fade));
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      mask.data[i] = Math.round((mask.data[i] ?? 0) * k);
    }
  }
}

const MAX_HAIR_BELOW = 0.5;
/** Beside the jaw a pixel this many times further from the hair's colour is still hair (`isHair`). */
const JAW_HAIR = 1.5;
/** A pixel whose channels spread this much more than the hair colour's is no hair (0-255 levels). */
const MORE_CHROMA = 40;
/** The hair's colour is read this far up the head's non-skin pixels by brightness. */
const HAIR_RANK = 0.3;
/** The forehead reaches about this many eyes-to-mouth distances above the eyes. */
const FOREHEAD = 0.8;
