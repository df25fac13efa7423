import { faceTorso } from '../fit/fit-upper.ts';
import { add, dist, mid, norm, type Point, scale, smoothstep } from '../geometry/point.ts';
import { distanceToSegment } from '../geometry/polygon.ts';
import { bilinear } from '../image/bilinear.ts';
import { boxBlur, boxBlurAround } from '../image/box-blur.ts';
import { channelSpreadAt, luma, lumaAt, type Raster } from '../image/raster.ts';
import { median } from '../image/statistics.ts';
import { ARMS as ARM_LABELS, type BodyParts, Part } from '../person/body-parts.ts';
import type { BodyPose, Keypoint } from '../person/body-pose.ts';
import { SEEN } from '../person/check-pose.ts';
import { type Box, boundingBox, boxAbove, clipBox, type Mask } from '../person/mask.ts';
import type { Derived } from '../person/person-reads.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { FOREARM_GIRTH, UPPER_ARM_GIRTH } from './arms-in-front.ts';
import { fillFromBackground } from './background-fill.ts';
import { type BareSkin, bareSkinLevels, dropSpecks, isBareSkin, withMoreSkin } from './bare-skin.ts';
import { chestSkin } from './chest-skin.ts';
import { collarUnderChin } from './collar-under-chin.ts';
import { CanvasPart, coverageAt, type GarmentCanvas, partAt } from './garment-canvas.ts';
import { grainNoise, skinGrain } from './grain.ts';
import { isHairAt } from './hair-mask.ts';
import { growIntoMissedClothes } from './missed-clothes.ts';
import { looksLikeOldTop, near, oldTopColour, seenHairColour } from './old-top.ts';
import { markShoulderBulk, naturalTop } from './shoulder-bulk.ts';
import { skinSeam } from './skin-seam.ts';
import { SkinTexture, skinBands } from './skin-texture.ts';
import {
  looksLikeSkin,
  looksLikeSkinInShade,
  type SkinTone,
  skinHueLikeness,
  skinLevel,
  toneOf,
} from './skin-tone.ts';
import { carryUnderEdge } from './under-edge.ts';

/** A bare limb as the clean-up paints it: a bone and its natural radius at each end (shares of the span). */
interface Limb {
  parts: readonly number[];
  /** Parts of the same arm (or the face, for the neck) whose bare skin gives the paint its colour. */
  sample: readonly number[];
  a: Point;
  b: Point;
  ra: number;
  rb: number;
  /**
   * Torso pixels count as this limb too, up to this share of the way along the bone: the round of the
   * shoulder (an upper arm's bone starts inside the shoulder, so the paint reaches the strap of a tank top),
   * or the chest in an open neckline (the neck's bone starts down the chest).
   */
  torsoUntil: number | null;
  /** How far from the bone those torso pixels are painted (a share of the span); the shoulder's by default. */
  torsoRadius: number;
  /** A muscle's belly: the girth swells by `amount` round `at` along the bone (a Gaussian `width` wide). */
  belly: { at: number; amount: number; width: number } | null;
  /** How the paint is shaded across the limb: `edge` at its girth, rising by `rise` along the bone. */
  round: { edge: number; rise: number };
  /** False where the old clothes round the limb show their colours, not light (a collar, lapels, a shirt). */
  takesLight: boolean;
  /**
   * Labels of the same arm's other parts (the other bone's; for a forearm the pose saw, the hand's): what
   * their own paint leaves of them within this limb's girth is painted, so the paints meet round the elbow
   * and the wrist; never cleared beyond it (their own limb's task).
   */
  joins: readonly number[];
  /**
   * Where the limb comes out of its old sleeve as bare skin (`t` along the bone) and where the bare limb's
   * edges lie there across the bone (px, signed as `sideOf`, `lo` < `hi`; the pose's bone may lie off the
   * arm's middle): towards it the paint turns from the natural girth round the bone to that band, so its
   * outline runs on into the real limb's.
   */
  seam: { t: number; lo: number; hi: number } | null;
  /**
   * An upper arm the new garment's sleeve covers: above the garment near the shoulder it is inside the
   * sleeve, not bare (`SLEEVE_TOP`).
   */
  underSleeve: boolean;
}

/**
 * A limb with every field set, its defaults filled in and its ends copied as plain points: every limb has
 * one shape, so the per-pixel loops over limbs stay monomorphic (limbs of five shapes, the pose's keypoints
 * among their ends, had V8 recompile the clean-up on every try-on).
 */
function limbOf(fields: Pick<Limb, 'parts' | 'sample' | 'a' | 'b' | 'ra' | 'rb'> & Partial<Limb>): Limb {
  return {
    parts: fields.parts,
    sample: fields.sample,
    a: { x: fields.a.x, y: fields.a.y },
    b: { x: fields.b.x, y: fields.b.y },
    ra: fields.ra,
    rb: fields.rb,
    torsoUntil: fields.torsoUntil ?? null,
    torsoRadius: fields.torsoRadius ?? SHOULDER_RADIUS,
    belly: fields.belly ?? null,
    round: fields.round ?? LIMB_ROUND,
    takesLight: fields.takesLight ?? true,
    joins: fields.joins ?? [],
    seam: fields.seam ?? null,
    underSleeve: fields.underSleeve ?? false,
  };
}

/** A limb's shading across it by default: a rounded arm, lit along its middle. */
const LIMB_ROUND = { edge: 0.8, rise: 0.22 } as const;
/** The neck and the chest below it round less than an arm, and meet the yoke's flat shade. */
const NECK_ROUND = { edge: 0.9, rise: 0.1 } as const;

/** Which side of the limb's bone a point lies: the sign of the cross product of the bone and its offset. */
function sideOf(limb: Limb, x: number, y: number): -1 | 1 {
  return (limb.b.x - limb.a.x) * (y - limb.a.y) - (limb.b.y - limb.a.y) * (x - limb.a.x) < 0 ? -1 : 1;
}

/** The limb's painted radius (a share of the span) at `t` along its bone. */
function girthAt(limb: Limb, t: number): number {
  const r = limb.ra + (limb.rb - limb.ra) * t;
  const belly = limb.belly;
  if (!belly) return r;
  const u = (t - belly.at) / belly.width;
  return r * (1 + belly.amount * Math.exp(-u * u));
}

/**
 * Where the new garment leaves arms or neck bare but the old clothes cover them (a long sleeve under a
 * T-shirt, a collar above a lower neckline), the old clothes go: inside the limb's natural girth they are
 * painted as the person's skin, shaded like a limb (lighter along its middle), by the light the old sleeve
 * showed across and along the limb (`LimbLight`: the lit side stays lit, the shaded side shaded), and with
 * the texture of the person's own bare skin (`skinBands`; else the photo's grain), so the paint is not a
 * smooth plastic tube; what a wide old sleeve covered beyond that girth is filled from the background around
 * it (OpenCV's inpainting). With `rim` (a top or dress), the old top showing beside a narrower new one, between
 * its neckline and hem, is filled the same way, and so is its bulk above the body's natural outline at the
 * shoulders (`markShoulderBulk`) and what of it the segmentation missed next to the fill
 * (`growIntoMissedClothes`). Skin is told in patches (`bareSkinLevels`), so a print's threads of skin colour go.
 * Hair (`hair`: all that was seen of it) is not painted over. Changes `photo` in place.
 */
export function cleanUp(
  cv: OpenCv,
  photo: Raster,
  pose: BodyPose,
  labelled: BodyParts,
  canvas: GarmentCanvas,
  hair: Mask,
  tone: SkinTone | null,
  options: {
    rim: boolean;
    chest?: boolean;
    hairInFront?: Mask;
    grain?: number;
    /** Keeps what is worked out of the person alone for their next garment (`PersonReads.derived`). */
    derived?: Derived;
  },
): void {
  if (!tone) return;
  // An old collar the part map gave the head under the chin is the neck's to paint.
  const derived = options.derived ?? madeNow;
  const parts = derived('collar', [pose, labelled, hair, tone], () =>
    collarUnderChin(photo, pose, labelled, hair, tone),
  );
  const p = pose.points;
  const span = dist(p.leftShoulder, p.rightShoulder);
  const face = mid(mid(p.leftEye, p.rightEye), mid(p.leftMouth, p.rightMouth));
  const neckBase = mid(p.leftShoulder, p.rightShoulder);
  const hips = mid(p.leftHip, p.rightHip);
  const torsoLength = Math.max(1, dist(neckBase, hips));
  const down = { x: (hips.x - neckBase.x) / torsoLength, y: (hips.y - neckBase.y) / torsoLength };
  // An arm the pose did not see (only guessed, or at odds with the silhouette) is not painted along its
  // bone: only the round of its shoulder is, which the torso's pixels give.
  const left = seenArm(p.leftElbow, p.leftWrist);
  const right = seenArm(p.rightElbow, p.rightWrist);
  // A forearm the pose did not see but the silhouette shows is painted along the bone its pixels give: the
  // bare forearm's beyond the old sleeve where the part map read one (`unseenForearms`), else the old
  // sleeve's own past the elbow.
  const leftRead = left.upper && !left.fore ? (labelled.unseenForearms?.left ?? null) : null;
  const rightRead = right.upper && !right.fore ? (labelled.unseenForearms?.right ?? null) : null;
  const leftWrist =
    left.upper && !left.fore
      ? (leftRead?.end ?? forearmFromSilhouette(parts, p.leftShoulder, p.leftElbow, Part.leftUpperArm, span))
      : null;
  const rightWrist =
    right.upper && !right.fore
      ? (rightRead?.end ??
        forearmFromSilhouette(parts, p.rightShoulder, p.rightElbow, Part.rightUpperArm, span))
      : null;
  const neckLimb = neckAndChest(neckBase, mid(face, neckBase), down, span, options.chest === true);
  const limbs: Limb[] = [
    upperArm(p.leftShoulder, p.leftElbow, neckBase, span, LEFT_ARM, left.upper ? Part.leftUpperArm : null),
    forearm(
      p.leftElbow,
      leftWrist ?? p.leftWrist,
      LEFT_ARM,
      forearmParts(left.fore, leftWrist, Part.leftForearm, Part.leftUpperArm),
    ),
    upperArm(
      p.rightShoulder,
      p.rightElbow,
      neckBase,
      span,
      RIGHT_ARM,
      right.upper ? Part.rightUpperArm : null,
    ),
    forearm(
      p.rightElbow,
      rightWrist ?? p.rightWrist,
      RIGHT_ARM,
      forearmParts(right.fore, rightWrist, Part.rightForearm, Part.rightUpperArm),
    ),
    neckLimb,
  ];
  const { width: w, height: h } = parts;
  const boxOf = (limb: Limb): LimbBox => {
    // Past the bone's ends the part map still gives the limb pixels (the round of a shoulder).
    const reach = Math.max(Math.max(limb.ra, limb.rb) * 1.8, 0.35) * span;
    return {
      x0: Math.max(0, Math.floor(Math.min(limb.a.x, limb.b.x) - reach)),
      x1: Math.min(w, Math.ceil(Math.max(limb.a.x, limb.b.x) + reach)),
      y0: Math.max(0, Math.floor(Math.min(limb.a.y, limb.b.y) - reach)),
      y1: Math.min(h, Math.ceil(Math.max(limb.a.y, limb.b.y) + reach)),
    };
  };
  const boxes = limbs.map(boxOf);
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
  const gone = new Uint8Array(w * h);
  let anyGone = false;
  // Skin is read in patches (threads of a print are not skin) over the limbs, the garment's box (the rim)
  // and above the shoulders (an old top's bulk there).
  const above = {
    left: neckBase.x - span * 1.6,
    top: neckBase.y - span * 1.6,
    width: span * 3.2,
    height: span * 1.8,
  };
  const skinBox = roundBox(
    clipBox(boundingBox([region, canvas, above]), { left: 0, top: 0, width: w, height: h }),
  );
  // Only the person's pixels are asked (the colour test is the costly part; every use of the patches is on
  // the person): a patch of skin lies within the silhouette. Read twice from one test: by the face's tone,
  // and by the body's wider one (arms and chest are redder or yellower than a face), which is what the
  // limbs' paint leaves beyond their girth and the rim spares. Not for the paint itself: as skin there, the
  // dark arms' shaded sides lightened their paint (charles).
  const [patches, bodyPatches] = bareSkinLevels(
    cv,
    w,
    skinBox,
    (i) => (parts.labels[i] === Part.background ? 0 : skinLevel(tone, photo, i)),
    Math.max(1, Math.round(span * SKIN_PATCH)),
    Math.round((span * SKIN_SPECK) ** 2),
  );
  // An arm is painted at least as thick as its bare forearm shows it (a strong arm's upper arm painted at
  // the natural girth was a rod above a wider forearm); a forearm the part map leaves unlabelled, as thick
  // as the silhouette shows it.
  const unseenRadius = [leftRead?.radius, rightRead?.radius];
  for (const [n, [upper, fore]] of ARMS.entries()) {
    const u = limbs[upper];
    const f = limbs[fore];
    if (!u || !f || f.parts.length === 0) continue;
    const radius = bareGirth(patches, f.a, f.b, span) ?? unseenRadius[n] ?? null;
    if (radius === null) continue;
    const elbow = Math.max(
      u.rb,
      Math.min(MAX_ELBOW_GIRTH, (radius * UPPER_ARM_GIRTH.elbow) / FOREARM_GIRTH.elbow),
    );
    const k = elbow / u.rb;
    limbs[upper] = limbOf({ ...u, ra: u.ra * k, rb: elbow });
    limbs[fore] = limbOf({ ...f, ra: f.ra * k, rb: f.rb * k });
  }
  // Under a sleeve the top of the upper arm is the garment's: painted above the sleeve's top edge where the
  // old top's shoulder rose higher (kal's, her head over that shoulder), it stood there as a dome of skin.
  for (const [upper] of ARMS) {
    const u = limbs[upper];
    if (!u) continue;
    // Without a sleeve (a tank's armhole) the side of the body meets the arm all down it: the torso's pixels
    // round the bone are the arm's to paint down to the elbow, not only at the shoulder's round. Left to
    // the rim, the part map's straight line between arm and torso was filled from the backdrop as a slit
    // between the arm and the tank (charles's white wall, studio-2's sky). Not round an arm the pose did not
    // see, which has no bone to paint along.
    if (sleeveOver(canvas, u)) limbs[upper] = limbOf({ ...u, underSleeve: true });
    else if (u.parts.length > 0) limbs[upper] = limbOf({ ...u, torsoUntil: 1 });
  }
  const belowSleeveTop = { x: down.x * span * SLEEVE_TOP.below, y: down.y * span * SLEEVE_TOP.below };
  const seams: Limb['seam'][] = limbs.map(() => null);
  // A sleeve is cloth: an arm's own skin that fails the skin tests (lit or shaded) has the skin's hue.
  const isCloth = (x: number, y: number): boolean =>
    x >= 0 && y >= 0 && x < w && y < h && !looksLikeSkinInShade(tone, photo, y * w + x);
  const seamSight: SeamSight = { patches, canvas, span, shade: limbShade(photo, parts) };
  /** How far along an upper arm its hem is sought: past the elbow where the arm is straight there. */
  const upperEnd = (up: Limb, down: Limb): number =>
    down.parts.length > 0 && bend(up, down) <= SEAM_STRAIGHT
      ? 1 + (SEAM_PAST_ELBOW * span) / Math.max(1, dist(up.a, up.b))
      : 1;
  /** A limb's hem (`hemOf`) scanned up to `end`, each limb and end scanned once (a scan costs milliseconds). */
  const hems = new Map<Limb, Map<number, number | null>>();
  const hemAt = (limb: Limb, end: number): number | null => {
    const byEnd = hems.get(limb) ?? new Map<number, number | null>();
    hems.set(limb, byEnd);
    const known = byEnd.get(end);
    if (known !== undefined) return known;
    const found = hemOf(limb, seamSight, end, isCloth);
    byEnd.set(end, found);
    return found;
  };
  // Where an arm comes out of its old sleeve (a short sleeve's hem), the paint above runs into the real
  // arm's outline: at the natural girth it was narrower or wider than the arm below the hem, and the step
  // between them was filled from the backdrop as a notch (charles in a tank). A limb whose bare part below
  // the hem lies off the pose's bone is turned onto it first: an upper arm only where the arm is straight,
  // and by its own bare skin before the elbow (across a bent one's elbow lies the forearm, and past a
  // straight one's the forearm may still turn: party-6d's upper arm was turned by her forearm's skin), and
  // its forearm then starts where it ends.
  for (const [upper, fore] of ARMS) {
    let u = limbs[upper];
    let f = limbs[fore];
    if (!u || !f) continue;
    // An upper arm's sleeve may end at the elbow (the forearm bare from its start): its seam is read on past
    // the elbow where the arm is straight there (across a bent one's upper arm lies the forearm's length:
    // kal's hand on her hip gave a swollen elbow). A forearm's is read only well before the wrist (a
    // three-quarter sleeve's hem): the hand, wider, starts round the wrist.
    if (u.parts.length > 0) {
      const end = upperEnd(u, f);
      const aimed = end > 1 ? aimAtBareLimb(u, hemAt(u, end), seamSight) : u;
      if (aimed !== u) {
        u = aimed;
        f = limbOf({ ...f, a: u.b });
      }
      if (f.parts.length > 0) f = aimAtBareLimb(f, hemAt(f, SEAM_BEFORE_WRIST), seamSight);
      for (const [n, limb] of [
        [upper, u],
        [fore, f],
      ] as const) {
        if (limb === limbs[n]) continue;
        limbs[n] = limb;
        // Within the region the skin was read over.
        const box = boxOf(limb);
        boxes[n] = {
          x0: Math.max(bx, box.x0),
          x1: Math.min(bx + bw, box.x1),
          y0: Math.max(by, box.y0),
          y1: Math.min(by + bh, box.y1),
        };
      }
      // The upper arm's scan reaches past the elbow only while the arm is straight, which its turn or its
      // forearm's can change.
      seams[upper] = seamAt(u, hemAt(u, upperEnd(u, f)), seamSight);
    }
    if (f.parts.length > 0) seams[fore] = seamAt(f, hemAt(f, SEAM_BEFORE_WRIST), seamSight);
  }
  // Each bone of an arm paints round the elbow into the other's labels: the part map splits the arm by a
  // straight line that can lie past the elbow, and the elbow's outer corner, beyond the upper arm's girth,
  // was painted by neither: a notch filled from the backdrop, the forearm's paint starting square.
  for (const [upper, fore] of ARMS) {
    const u = limbs[upper];
    const f = limbs[fore];
    if (!u || !f || f.parts.length === 0) continue;
    // A forearm the pose saw also takes what is not skin of the hand's labels round the wrist: an old
    // sleeve's cuff, which the part map gives the hand, stood between the painted forearm and the hand.
    // Only where the new garment leaves the forearm bare up to the wrist: under a long sleeve's end the
    // paint round the wrist was a disc of skin on its own over the hand.
    const [, forearmPart, handPart] = f.sample;
    const wristBare = (): boolean =>
      [0.85, 1].every(
        (t) =>
          coverageAt(
            canvas,
            Math.round(f.a.x + (f.b.x - f.a.x) * t),
            Math.round(f.a.y + (f.b.y - f.a.y) * t),
          ) <= 0.6,
      );
    const hand =
      forearmPart !== undefined && handPart !== undefined && f.parts.includes(forearmPart) && wristBare()
        ? [handPart]
        : [];
    limbs[fore] = limbOf({ ...f, joins: [...u.parts.filter((part) => !f.parts.includes(part)), ...hand] });
    if (u.parts.length > 0)
      limbs[upper] = limbOf({ ...u, joins: f.parts.filter((part) => !u.parts.includes(part)) });
  }
  const old = options.rim ? oldTopColour(photo, parts, canvas, patches, span) : null;
  // The neck's and chest's own skin, by their tone: a bare chest yellower than the face is not a collar.
  const neckBox = boxes[limbs.indexOf(neckLimb)];
  const chestOwn =
    neckBox &&
    chestSkin(
      cv,
      photo,
      { parts, hair, bodySkin: bodyPatches, old },
      { left: neckBox.x0, top: neckBox.y0, width: neckBox.x1 - neckBox.x0, height: neckBox.y1 - neckBox.y0 },
      Math.max(1, Math.round(span * SKIN_PATCH)),
    );
  const neckSkin = chestOwn ? withMoreSkin(patches, chestOwn) : patches;
  // The neck in deep shade (dark skin lit from one side) fails every skin test: dark, grey, not hair and
  // unlike the old top, it is left as it is rather than painted in the lit face's tone or filled from the
  // backdrop.
  // Only a stretch of it: a speck that dark (the shadow under an old collar's point) stayed as a black blot
  // on the painted chest (mariya-a).
  const shadeBelow = luma(tone.r, tone.g, tone.b) * NECK_SHADE;
  const shaded = (i: number): boolean =>
    lumaAt(photo, i) < shadeBelow &&
    isGrey(photo, i) &&
    (hair.data[i] ?? 0) <= 96 &&
    !(old && looksLikeOldTop(photo, i, old));
  const inShade = neckBox ? deepShade(cv, shaded, neckBox, w, span) : shaded;
  // The neck's paint takes the colour of the neck the photo shows, in shade too: a neck in deep shade with
  // the lit face's tone painted below it was a light collar round a dark throat (jordan).
  // A bare forearm the part map leaves unlabelled (read for `unseenForearms`) is that arm's skin too.
  const beyond = [
    { read: leftRead, limb: limbs[1] },
    { read: rightRead, limb: limbs[3] },
  ].flatMap(({ read, limb }) => (read && limb ? [limb] : []));
  const bare = bareSkinColours(
    photo,
    parts,
    groups,
    region,
    canvas,
    tone,
    span,
    { group: neckLimb.sample, inShade },
    beyond,
  );
  // A limb that shows no bare skin of its own takes the face's tone, or the half-lit tone of a neck in deep
  // shade (a face lit from one side: its lit tone painted light arms on a dark body).
  const ownColours = limbs.map((limb) => bare.colours[groups.indexOf(limb.sample)] ?? null);
  const colours = ownColours.map((own) => own ?? bare.halfLit ?? tone);
  const lights = limbs.map(() => new LimbLight());
  /** Where each painted pixel lies on its limb: along the bone (0..1) and across it (-1..1). */
  const along = new Float32Array(bw * bh);
  const across = new Float32Array(bw * bh);
  const painted: LimbPaint = { region, skin, painter, along, across, gone, stride: w };
  for (const [n, limb] of limbs.entries()) {
    const box = boxes[n];
    const light = lights[n];
    if (!box || !light) continue;
    // A bare limb (most of it skin, at any brightness, all along its length) wears no old sleeve: what
    // fails the face's skin test on it but has the skin's hue is its own shaded side, and stays as it is
    // rather than being painted over as a capsule with the backdrop filled in beside it. What has not the
    // skin's hue (an old top's strap across the shoulder) is still painted or filled.
    const bareLimb = isBareLimb(limb, box, { photo, parts, hair, canvas, patches, tone }, span);
    const seen = {
      photo,
      parts,
      hair,
      canvas,
      patches: limb === neckLimb ? neckSkin : patches,
      tone,
      span,
      bareLimb,
      own: ownTone(colours[n]),
      inShade: limb === neckLimb ? inShade : null,
      bodySkin: bodyPatches,
      belowSleeveTop,
    };
    // A bare arm has no old sleeve to come out of: what fails the skin tests on it is its own.
    const seam = bareLimb ? null : (seams[n] ?? null);
    if (paintLimb(seam ? limbOf({ ...limb, seam }) : limb, n, box, seen, painted, light)) anyGone = true;
  }
  // Between the neck's paint and the shoulders' the body's own shoulders (the trapezius) are skin too, up to
  // the natural outline: filled from the backdrop, a bulky old top left a person with no shoulders. Not on a
  // person turned well away (shoulders under `YOKE_TURNED` of the torso's length, or of the face's measure of
  // it where the pose puts the hips high or guesses them), whose shoulder line no longer says where the
  // shoulders' tops are: a block of paint stood out beside the neck.
  const facing = span >= YOKE_TURNED * Math.max(torsoLength, faceTorso(pose));
  const neck = limbs.indexOf(neckLimb);
  // Under a sleeved garment the shoulders' tops are the garment's: the yoke reaches its top edge, no higher
  // (skin painted up to the natural outline above a T-shirt's lower shoulder line bared the shoulders).
  const sleeved = limbs.some((limb) => limb.underSleeve);
  const yoke = facing
    ? yokeOf(
        { parts, hair, canvas, patches: neckSkin },
        { neck: neckBase, down, span, sleeved },
        region,
        skin,
      )
    : [];
  // Painted in the neck's colour and the light of its edge where it meets the shoulders' line.
  const bone = { x: neckLimb.b.x - neckLimb.a.x, y: neckLimb.b.y - neckLimb.a.y };
  const yokeAlong = Math.max(
    0,
    ((neckBase.x - neckLimb.a.x) * bone.x + (neckBase.y - neckLimb.a.y) * bone.y) /
      Math.max(1, bone.x * bone.x + bone.y * bone.y),
  );
  if (paintYoke(yoke, neckLimb, neck, yokeAlong, painted)) anyGone = true;
  const collarLine = { neck: neckBase, down, until: span * COLLAR_DEPTH };
  // The rim spares the body's skin too: a turned person's arm over the torso's side, redder than the face,
  // was taken for the old top beside the new one.
  if (options.rim && markRim(parts, canvas, bodyPatches, span, collarLine, options.hairInFront ?? null, gone))
    anyGone = true;
  const mouth = mid(p.leftMouth, p.rightMouth);
  const mouthHeight = -((mouth.x - neckBase.x) * down.x + (mouth.y - neckBase.y) * down.y);
  const shoulders = { neck: neckBase, down, span, mouthHeight };
  // Hair the hair mask missed beside the neck cannot be told from an old top of its colour: then left.
  const hairColour = old ? seenHairColour(photo, hair, skinBox) : null;
  const hairLike = old !== null && hairColour !== null && near(hairColour, old);
  if (old && !hairLike && markShoulderBulk(photo, parts, canvas, patches, hair, shoulders, old, gone))
    anyGone = true;
  if (anyGone) {
    // What the garment will cover is masked too (but not changed): the old clothes under it must not seed
    // the fill.
    const hidden = coveredMask(canvas, w, h);
    if (old) {
      const reach = Math.round(span * MISSED_REACH);
      growIntoMissedClothes(photo, parts, hair, hidden, gone, old, reach, span * span * MISSED_MOST);
    }
    // The old clothes' edge grown into the backdrop spares the skin of a bare forearm the pose did not see
    // (the part map leaves it unlabelled) and what lies within the grow's reach of it (the hem's shade) but
    // for the old top's colour: grown into below kal's old sleeve, a line of the backdrop's teal crossed her
    // forearm.
    const reach = Math.max(2, Math.round(span * EDGE_REACH));
    const spared = Uint8Array.from(hidden);
    const sight = {
      isSkin: (i: number): boolean => skinLevel(tone, photo, i) > 0 || looksLikeSkinInShade(tone, photo, i),
      isOld: (i: number): boolean => old !== null && looksLikeOldTop(photo, i, old),
      unlabelled: (i: number): boolean => parts.labels[i] === Part.background,
      reach,
    };
    for (const [elbow, read] of [
      [p.leftElbow, leftRead],
      [p.rightElbow, rightRead],
    ] as const) {
      if (read) spareSkin(spared, photo, { a: elbow, b: read.end, r: read.radius * span }, sight);
    }
    growIntoBackground(gone, parts, spared, reach);
    fillFromBackground(cv, photo, gone, hidden, parts.labels, span * FILL_TEXTURE);
  }
  const grain = options.grain ?? skinGrain(photo, parts, (i) => looksLikeSkin(tone, photo, i), region, span);
  for (const light of lights) light.settle();
  // Each limb's colour, blended where two limbs' paint meets (an arm's bare skin and the neck's differ): a
  // step there read as a seam across the shoulder.
  const base = blendColours(
    skin,
    painter,
    colours,
    { width: bw, height: bh },
    Math.max(1, Math.round(span * COLOUR_BLEND)),
  );
  const neckColour = colours[neck];
  if (neckColour) {
    // Only an arm coloured by its own bare skin, read where it hangs; one that shows none takes the face's
    // (or a half-lit neck's) tone all along, which is the upper body's light already.
    const uppers = ARMS.map(([upper]) => upper).filter((n) => (ownColours[n] ?? null) !== null);
    towardsShoulders(base, painted, neckColour, uppers);
  }
  // The chest in an open neckline faces the light as the face does; the throat under the chin is shaded.
  const chest = neckColour ? litChest(neckColour, tone) : null;
  if (chest && neckColour) {
    const fade = (span * CHEST_FADE) / Math.max(1, Math.hypot(bone.x, bone.y));
    lightenChest(base, painted, neck, { from: yokeAlong, to: yokeAlong - fade }, chest, neckColour);
  }
  // Each limb's light (its rounding and what its old sleeve showed), likewise where limbs meet: a darker upper
  // arm met a lighter forearm in a line across the elbow.
  const lighting = blendAtSeams(
    limbLight(painted, lights),
    painter,
    limbs.length,
    { width: bw, height: bh },
    Math.max(1, Math.round(span * COLOUR_BLEND)),
  );
  const real = realSkin(painted, { parts, hair, canvas, patches: neckSkin });
  // The paint takes the texture of the person's own skin, read from its largest patch on the arms or neck:
  // not the face's, nor the torso's (a neighbour's face in the silhouette beside mariya-a was taken).
  const bands = skinBands(cv, photo, region, onParts(real, parts, region, TEXTURE_PARTS));
  const texture = bands ? new SkinTexture(cv, bands) : null;
  const paint = skinPaint(painted, base, lighting, { texture, grain });
  // The paint's edge is soft against the fill round it (the backdrop) but not against the person's own skin:
  // every painted pixel was filled first, and a soft edge there showed the fill's backdrop colour as a light
  // line between the neck and the chest painted below it.
  const soft = boxBlur(
    skin.map((v, k) => (v > 0 || real[k] ? 1 : 0)),
    bw,
    bh,
    Math.max(1, Math.round(span * 0.008)),
  );
  // Where the paint meets the person's own skin (a forearm below an old sleeve), its tone runs into theirs.
  const seam = skinSeam(
    photo,
    region,
    paint,
    skin,
    painter,
    boxes.map((b) => ({ left: b.x0, top: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0 })),
    real,
    span,
  );
  layPaint(photo, painted, paint, seam, soft);
  // Under the new garment's soft edge the photo still shows through: where the pixels beside it were
  // cleaned (filled or painted), the old clothes left there drew a line along the garment's outline (a white
  // stripe of kal's old sleeve along her new one's edge). The cleaned colours are carried in under it.
  if (anyGone) carryUnderEdge(photo, gone, canvas, hair);
}

/** How much of the neck's colour an upper arm's paint takes at the shoulder's end of its bone. */
const SHOULDER_SHARE = 0.6;

/**
 * An arm's paint takes the colour of the bare skin the same arm shows (a forearm, a hand), which is seen
 * where it hangs: often in the body's shade or beside it in other light than the shoulder. Up the upper arm
 * the paint turns towards the neck's colour (`SHOULDER_SHARE` at the shoulder's end, nothing at the elbow,
 * squared): the shoulder shares the chest's light. Painted in its forearm's shaded tone all along, kal's
 * upper arm under a lit old sleeve was a dark slab beside a lit chest.
 */
function towardsShoulders(
  base: Float32Array,
  painted: LimbPaint,
  neck: { r: number; g: number; b: number },
  uppers: readonly number[],
): void {
  const { skin, painter, along } = painted;
  for (let k = 0; k < skin.length; k++) {
    if (!((skin[k] ?? 0) > 0) || !uppers.includes(painter[k] ?? -1)) continue;
    const t = Math.max(0, Math.min(1, along[k] ?? 1));
    const w = SHOULDER_SHARE * (1 - t) * (1 - t);
    base[k * 3] = (base[k * 3] ?? 0) + w * (neck.r - (base[k * 3] ?? 0));
    base[k * 3 + 1] = (base[k * 3 + 1] ?? 0) + w * (neck.g - (base[k * 3 + 1] ?? 0));
    base[k * 3 + 2] = (base[k * 3 + 2] ?? 0) + w * (neck.b - (base[k * 3 + 2] ?? 0));
  }
}

/** A limb's box in the photo, the pixels its loops look at (`x1`, `y1` past its end). */
interface LimbBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** What a limb's loops read of the photo and the person: the photo's parts, hair, skin and the new garment. */
interface LimbSight {
  photo: Raster;
  parts: BodyParts;
  hair: Mask;
  canvas: GarmentCanvas;
  patches: BareSkin;
  tone: SkinTone;
}

/** What the limbs' paint writes, over `region` (the limbs' bounds) but for `gone` (the photo's size). */
interface LimbPaint {
  region: Box;
  /** The paint's shade where painted (over 0), nothing elsewhere. */
  skin: Float32Array;
  /** Which limb painted each pixel, for its colour. */
  painter: Uint8Array;
  /** Where each painted pixel lies on its limb: along the bone (0..1) and across it (-1..1). */
  along: Float32Array;
  across: Float32Array;
  /** The photo's pixels of old clothes to fill from the background (painted ones are filled first too). */
  gone: Uint8Array;
  /** The photo's width: the length of a row of `gone`. */
  stride: number;
}

/**
 * Paints limb `n` over its box: its own labels (with the torso near its start, and what another part's paint
 * left within its girth) that are not bare skin, hair or under the new garment become skin within its girth,
 * with the old sleeve's light read into `light`, and are marked gone (to be filled first); beyond the girth
 * only marked, but for the body's skin (`bodySkin`: a wide arm redder than the face, party-6d's, was filled
 * away from its natural girth out) and, on a bare limb, what has the hue of its own skin (`ownSkin`). A
 * loop of its own: in the clean-up's body V8 compiled it again for every try-on. True if anything was marked.
 */
function paintLimb(
  limb: Limb,
  n: number,
  box: LimbBox,
  seen: LimbSight & {
    span: number;
    bareLimb: boolean;
    /** A bare limb's own skin colour (`ownTone`): what beyond its girth is of it stays (`ownSkin`). */
    own: SkinTone | null;
    /** For the neck: its pixels in deep shade, left as they are. */
    inShade: ((i: number) => boolean) | null;
    /** The body's skin (`looksLikeBodySkin`), left as it is beyond the girth. */
    bodySkin: BareSkin;
    /** How far down the torso from a pixel near the shoulder a sleeve's top edge is looked for (`SLEEVE_TOP`). */
    belowSleeveTop: Point;
  },
  paint: LimbPaint,
  light: LimbLight,
): boolean {
  const {
    photo,
    parts,
    hair,
    canvas,
    patches,
    tone,
    span,
    bareLimb,
    own,
    inShade,
    bodySkin,
    belowSleeveTop,
  } = seen;
  const { skin, painter, along, across, gone } = paint;
  const { left: bx, top: by, width: bw } = paint.region;
  const w = parts.width;
  const { a, b, round } = limb;
  const len = Math.max(1, dist(a, b));
  const q = { x: 0, y: 0 };
  let any = false;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * w + x;
      const label = parts.labels[i] ?? 0;
      const onTorso = label === Part.torso && limb.torsoUntil !== null;
      const joining = limb.joins.includes(label);
      if (
        !(limb.parts.includes(label) || onTorso || joining) ||
        isHairAt(hair, i) ||
        coverageAt(canvas, x, y) > 0.6
      )
        continue;
      if (isBareSkin(patches, x, y)) continue;
      q.x = x;
      q.y = y;
      const t = Math.max(0, Math.min(1, ((x - a.x) * (b.x - a.x) + (y - a.y) * (b.y - a.y)) / (len * len)));
      // The torso is the limb's only near its start (the shoulder, the chest); further on it is the old
      // top's (the rim's).
      if (onTorso && t > (limb.torsoUntil ?? 0)) continue;
      // Near the shoulder, above a sleeve's top edge (the sleeve covers the arm just below): not the arm's
      // bare skin but what the sleeve leaves of the old top, filled.
      const aboveSleeve =
        limb.underSleeve && t < SLEEVE_TOP.along && coveredBelow(canvas, x, y, belowSleeveTop);
      if (bareLimb && !onTorso && looksLikeSkinInShade(tone, photo, i)) continue;
      if (inShade !== null && !onTorso && inShade(i)) continue;
      // The round of the shoulder reaches higher than the arm is thick: up to the old top's shoulder line.
      const r = (onTorso ? limb.torsoRadius : girthAt(limb, t)) * span;
      const k = (y - by) * bw + (x - bx);
      // Where across the painted band the pixel lies (-1..1; beyond it outside): round the bone, or turning
      // to the real limb's band towards its seam.
      const place = onTorso ? distanceToSegment(q, a, b) / r : placeAcross(limb, x, y, t, r, len, span);
      const d = Math.abs(place) * r;
      // Of another part's labels, only what its own paint left within this girth, and not skin in shade.
      if (joining && (d > r || (skin[k] ?? 0) > 0 || looksLikeSkinInShade(tone, photo, i))) continue;
      // Inside the girth it becomes skin, lighter along the limb's middle as a rounded limb is lit;
      // either way the old cloth is filled over first, so none of it seeds the background fill.
      if (d <= r && !aboveSleeve) {
        skin[k] = round.edge + round.rise * (1 - (d / r) ** 2);
        painter[k] = n;
        along[k] = t;
        across[k] = onTorso ? sideOf(limb, x, y) * (d / r) : place;
        if (limb.takesLight) light.add(t, across[k] ?? 0, lumaAt(photo, i));
      } else if (onTorso || isBareSkin(bodySkin, x, y)) continue;
      else if (bareLimb && own && ownSkin(own, photo, x, y)) continue;
      gone[i] = 1;
      any = true;
    }
  }
  return any;
}

/**
 * Paints the yoke's pixels (indices into the paint's region) as limb `n` (the neck) at `along` on its bone,
 * in the flat shade of its edge, and marks them gone. True if any.
 */
function paintYoke(
  yoke: readonly number[],
  neckLimb: Limb,
  n: number,
  along: number,
  painted: LimbPaint,
): boolean {
  const { left: bx, top: by, width: bw } = painted.region;
  const w = painted.stride;
  for (const k of yoke) {
    const x = bx + (k % bw);
    const y = by + Math.floor(k / bw);
    painted.skin[k] = NECK_ROUND.edge;
    painted.painter[k] = n;
    painted.along[k] = along;
    painted.across[k] = sideOf(neckLimb, x, y);
    painted.gone[y * w + x] = 1;
  }
  return yoke.length > 0;
}

/** The photo's pixels (its size) under the new garment: what must not seed the fill. */
function coveredMask(canvas: GarmentCanvas, w: number, h: number): Uint8Array {
  const hidden = new Uint8Array(w * h);
  for (let y = 0; y < canvas.height; y++) {
    for (let x = 0; x < canvas.width; x++) {
      if ((canvas.alpha[y * canvas.width + x] ?? 0) > 0.5) hidden[(y + canvas.top) * w + x + canvas.left] = 1;
    }
  }
  return hidden;
}

/** The paint's light a pixel of its region: its shade by its limb's light (`LimbLight`), 0 unpainted. */
function limbLight(painted: LimbPaint, lights: readonly LimbLight[]): Float32Array {
  const { skin, painter, along, across } = painted;
  const light = new Float32Array(skin.length);
  for (let k = 0; k < skin.length; k++) {
    const shade = skin[k] ?? 0;
    if (shade > 0) light[k] = shade * (lights[painter[k] ?? 0]?.at(along[k] ?? 0, across[k] ?? 0) ?? 1);
  }
  return light;
}

/**
 * The person's own bare skin that stays in view in the paint's region (not painted, not gone, not hair, not
 * under the garment): what the paint must meet, and where its texture is read.
 */
function realSkin(
  painted: LimbPaint,
  seen: { parts: BodyParts; hair: Mask; canvas: GarmentCanvas; patches: BareSkin },
): Uint8Array {
  const { parts, hair, canvas, patches } = seen;
  const { skin, gone } = painted;
  const { left: bx, top: by, width: bw, height: bh } = painted.region;
  const w = parts.width;
  const real = new Uint8Array(bw * bh);
  for (let k = 0; k < bw * bh; k++) {
    if (skin[k]) continue;
    const x = bx + (k % bw);
    const y = by + Math.floor(k / bw);
    const i = y * w + x;
    real[k] =
      parts.labels[i] !== Part.background &&
      !gone[i] &&
      (hair.data[i] ?? 0) <= 96 &&
      isBareSkin(patches, x, y) &&
      coverageAt(canvas, x, y) <= 0.6
        ? 1
        : 0;
  }
  return real;
}

/**
 * The paint's colour a pixel of its region (three channels): the blended limb colour `base` by its light
 * `lighting`, with the texture of the person's own skin (`texture`), else the photo's `grain`.
 */
function skinPaint(
  painted: LimbPaint,
  base: Float32Array,
  lighting: Float32Array,
  surface: { texture: SkinTexture | null; grain: number },
): Float32Array {
  const { skin, stride: w } = painted;
  const { left: bx, top: by, width: bw, height: bh } = painted.region;
  const { texture, grain } = surface;
  const paint = new Float32Array(bw * bh * 3);
  for (let k = 0; k < bw * bh; k++) {
    const shade = skin[k] ?? 0;
    if (shade === 0) continue;
    const x = bx + (k % bw);
    const y = by + Math.floor(k / bw);
    const lit = (lighting[k] ?? shade) * (texture ? 1 + texture.at(x, y) : 1);
    // Grain: the same offset on every channel, as the photo's own noise and pores are mostly in lightness.
    const speck = texture ? 0 : grain * grainNoise(y * w + x);
    paint[k * 3] = (base[k * 3] ?? 0) * lit + speck;
    paint[k * 3 + 1] = (base[k * 3 + 1] ?? 0) * lit + speck;
    paint[k * 3 + 2] = (base[k * 3 + 2] ?? 0) * lit + speck;
  }
  return paint;
}

/** Lays the paint (with the seam's correction) on the photo where painted, `soft` at its edge. */
function layPaint(
  photo: Raster,
  painted: LimbPaint,
  paint: Float32Array,
  seam: Float32Array | null,
  soft: Float32Array,
): void {
  const { skin } = painted;
  const { left: bx, top: by, width: bw, height: bh } = painted.region;
  const w = photo.width;
  for (let k = 0; k < bw * bh; k++) {
    if (!skin[k]) continue;
    const a = Math.min(1, (soft[k] ?? 0) * 1.3);
    const i = (by + Math.floor(k / bw)) * w + bx + (k % bw);
    for (let c = 0; c < 3; c++) {
      const fill = (paint[k * 3 + c] ?? 0) + (seam?.[k * 3 + c] ?? 0);
      photo.data[i * 3 + c] = Math.round(
        (photo.data[i * 3 + c] ?? 0) * (1 - a) + Math.min(255, Math.max(0, fill)) * a,
      );
    }
  }
}

/** The parts whose bare skin gives the paint its texture: the arms, shoulder to fingers, and the neck. */
const TEXTURE_PARTS: readonly number[] = [...ARM_LABELS, Part.neck];

/** `mask` (over `region`) where the part map gives one of `wanted`, 0 elsewhere. */
function onParts(mask: Uint8Array, parts: BodyParts, region: Box, wanted: readonly number[]): Uint8Array {
  const take = new Uint8Array(256);
  for (const part of wanted) take[part] = 1;
  const { left, top, width, height } = region;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = (top + y) * parts.width + left;
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      if (mask[k] && take[parts.labels[row + x] ?? 0]) out[k] = 1;
    }
  }
  return out;
}

/** Bins of the old sleeve's light along the limb and across it. */
const LIGHT_ALONG = 3;
const LIGHT_ACROSS = 6;
/** The old sleeve's light moves the paint by at most this share either way: its print is not light. */
const LIGHT_RANGE = { min: 0.75, max: 1.2 } as const;
/** How much of the old sleeve's light variation is carried (the rest of a print's contrast is left out). */
const LIGHT_SHARE = 0.6;

/**
 * The light an old sleeve showed on a limb, as a small grid in the limb's own frame (along the bone, and
 * across it from one side to the other), each cell relative to the limb's mean: folds and a print average
 * out along the bone, while the lit and shaded sides of a rounded arm remain.
 */
class LimbLight {
  private readonly sum = new Float64Array(LIGHT_ALONG * LIGHT_ACROSS);
  private readonly count = new Float64Array(LIGHT_ALONG * LIGHT_ACROSS);
  private readonly gain = new Float32Array(LIGHT_ALONG * LIGHT_ACROSS).fill(1);

  add(along: number, across: number, lightness: number): void {
    const cell = this.cell(along, across);
    this.sum[cell] = (this.sum[cell] ?? 0) + lightness;
    this.count[cell] = (this.count[cell] ?? 0) + 1;
  }

  /** Works the cells out relative to the limb's mean; cells with too few pixels stay neutral. */
  settle(): void {
    let total = 0;
    let n = 0;
    for (let c = 0; c < this.sum.length; c++) {
      total += this.sum[c] ?? 0;
      n += this.count[c] ?? 0;
    }
    if (n < 50 || total <= 0) return;
    const mean = total / n;
    for (let c = 0; c < this.sum.length; c++) {
      const count = this.count[c] ?? 0;
      if (count < 8) continue;
      const relative = (this.sum[c] ?? 0) / count / mean;
      const carried = 1 + LIGHT_SHARE * (relative - 1);
      this.gain[c] = Math.min(LIGHT_RANGE.max, Math.max(LIGHT_RANGE.min, carried));
    }
  }

  /** The gain at a point of the limb, interpolated between cell centres both ways, so no band shows. */
  at(along: number, across: number): number {
    const y = along * LIGHT_ALONG - 0.5;
    const x = ((across + 1) / 2) * LIGHT_ACROSS - 0.5;
    return bilinear(this.gain, LIGHT_ACROSS, LIGHT_ALONG, x, y);
  }

  private cell(along: number, across: number): number {
    const row = Math.min(LIGHT_ALONG - 1, Math.max(0, Math.floor(along * LIGHT_ALONG)));
    const column = Math.min(LIGHT_ACROSS - 1, Math.max(0, Math.floor(((across + 1) / 2) * LIGHT_ACROSS)));
    return row * LIGHT_ACROSS + column;
  }
}

/**
 * An upper arm as the clean-up paints it: its bone starts a share of the span inside the shoulder joint, so
 * the round of the shoulder (the deltoid, which the pose's joint sits under) is painted with it, from the
 * strap of a tank top or dress out to the arm, instead of a capsule that starts at the joint.
 */
function upperArm(
  shoulder: Point,
  elbow: Point,
  neckBase: Point,
  span: number,
  sample: readonly number[],
  part: number | null,
): Limb {
  const inward = dist(shoulder, neckBase);
  const k = inward > 0 ? Math.min(1, (SHOULDER_INSET * span) / inward) : 0;
  const a = { x: shoulder.x + (neckBase.x - shoulder.x) * k, y: shoulder.y + (neckBase.y - shoulder.y) * k };
  const len = dist(a, elbow);
  const joint = len > 0 ? dist(a, shoulder) / len : 0;
  return limbOf({
    parts: part === null ? [] : [part],
    sample,
    a,
    b: elbow,
    ra: UPPER_ARM_GIRTH.shoulder,
    rb: UPPER_ARM_GIRTH.elbow,
    belly: { ...UPPER_ARM_BELLY, at: joint + UPPER_ARM_BELLY.at * (1 - joint) },
    torsoUntil: joint + (0.08 * span) / Math.max(1, len),
  });
}

/**
 * An upper arm's sleeve: a pixel near the shoulder (under `along` of the way down the bone) is above the
 * sleeve's top edge when the garment covers a point down the torso from it, up to `below` of the span.
 */
const SLEEVE_TOP = { along: 0.4, below: 0.3 } as const;

/**
 * Whether the garment (its sleeve, or its body beside the arm's inner side) covers a point down from (x, y):
 * a quarter, half, three quarters or all of `reach`.
 */
function coveredBelow(canvas: GarmentCanvas, x: number, y: number, reach: Point): boolean {
  for (let k = 1; k <= 4; k++) {
    if (coverageAt(canvas, Math.round(x + (reach.x * k) / 4), Math.round(y + (reach.y * k) / 4)) > 0.6)
      return true;
  }
  return false;
}

/**
 * Whether the new garment has a sleeve on an upper arm: its sleeve covers a point of the bone past the
 * shoulder (hair kept in front of the garment cuts it elsewhere: kal's braids over her shoulder).
 */
function sleeveOver(canvas: GarmentCanvas, u: Limb): boolean {
  for (const t of [0.2, 0.33, 0.5, 0.7]) {
    const x = Math.round(u.a.x + (u.b.x - u.a.x) * t);
    const y = Math.round(u.a.y + (u.b.y - u.a.y) * t);
    if (coverageAt(canvas, x, y) > 0.6 && partAt(canvas, x, y) === CanvasPart.sleeve) return true;
  }
  return false;
}

/** Whether the pose saw an arm's upper arm (its elbow) and its forearm (elbow and wrist). */
function seenArm(elbow: Keypoint, wrist: Keypoint): { upper: boolean; fore: boolean } {
  return { upper: elbow.score >= SEEN, fore: elbow.score >= SEEN && wrist.score >= SEEN };
}

/**
 * A forearm the pose did not see (its wrist cut off by the photo's edge, or blurred), where the pose saw the
 * elbow: the part map gives its pixels to the upper arm, whose paint ended at the elbow with the old sleeve
 * below filled from the backdrop, an arm cut off at the elbow. Its bone is read from those pixels: the
 * upper arm's pixels nearer the elbow than the shoulder and past the elbow along the upper arm's bone, or
 * well clear of it (`CLEAR_OF_UPPER_ARM`), from the elbow towards their middle, as far as they reach
 * (their 90th percentile along that way), at most `MAX_FOREARM` upper arms long. Null when they are too
 * few (a forearm hidden behind the body).
 */
export function forearmFromSilhouette(
  parts: BodyParts,
  shoulder: Point,
  elbow: Point,
  upperArmPart: number,
  span: number,
): Point | null {
  const upper = dist(shoulder, elbow);
  if (upper < 1) return null;
  const reach = upper * MAX_FOREARM;
  const x0 = Math.max(0, Math.floor(elbow.x - reach));
  const x1 = Math.min(parts.width, Math.ceil(elbow.x + reach));
  const y0 = Math.max(0, Math.floor(elbow.y - reach));
  const y1 = Math.min(parts.height, Math.ceil(elbow.y + reach));
  const girth = UPPER_ARM_GIRTH.elbow * span;
  const bone = { x: elbow.x - shoulder.x, y: elbow.y - shoulder.y };
  const q = { x: 0, y: 0 };
  const xs: number[] = [];
  const ys: number[] = [];
  // Every other row and column: a direction and a reach need no more.
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      if (parts.labels[y * parts.width + x] !== upperArmPart) continue;
      const toElbow = norm(x - elbow.x, y - elbow.y);
      if (toElbow > reach || toElbow >= norm(x - shoulder.x, y - shoulder.y)) continue;
      q.x = x;
      q.y = y;
      const t = ((x - shoulder.x) * bone.x + (y - shoulder.y) * bone.y) / (upper * upper);
      // Past the elbow, or well clear of the upper arm (a wide old sleeve round it is not a forearm).
      if (t <= 1 && distanceToSegment(q, shoulder, elbow) <= girth * CLEAR_OF_UPPER_ARM) continue;
      xs.push(x);
      ys.push(y);
    }
  }
  if (xs.length * 4 < (MIN_FOREARM * span) ** 2) return null;
  const cx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const cy = ys.reduce((a, b) => a + b, 0) / ys.length;
  const d = norm(cx - elbow.x, cy - elbow.y);
  if (d < 1) return null;
  const dir = { x: (cx - elbow.x) / d, y: (cy - elbow.y) / d };
  const along = xs
    .map((x, k) => (x - elbow.x) * dir.x + ((ys[k] ?? 0) - elbow.y) * dir.y)
    .sort((a, b) => a - b);
  const length = Math.min(reach, along[Math.floor(along.length * 0.9)] ?? 0);
  if (length < MIN_FOREARM * span) return null;
  return { x: elbow.x + dir.x * length, y: elbow.y + dir.y * length };
}

/** A forearm's pixels beside the upper arm lie this many times its girth at the elbow from its bone. */
const CLEAR_OF_UPPER_ARM = 2.5;
/** A forearm read from the silhouette is at most this many upper arms long. */
const MAX_FOREARM = 1.1;
/** Fewer of its pixels than a square this share of the span across, or shorter, is no forearm to paint. */
const MIN_FOREARM = 0.12;

/**
 * The part-map labels a forearm's paint takes: its own where the pose saw it; the upper arm's (past the
 * elbow) where its bone was read from the silhouette (`forearmFromSilhouette`); none otherwise.
 */
function forearmParts(
  seen: boolean,
  read: Point | null,
  forearmPart: number,
  upperArmPart: number,
): readonly number[] {
  if (seen) return [forearmPart];
  return read ? [upperArmPart] : [];
}

/**
 * Where an arm's muscles swell it past the straight taper between its ends (a capsule read as a mannequin's
 * arm): the biceps half-way down the upper arm (past the round of the shoulder), the forearm's muscles a
 * quarter of the way from the elbow.
 */
const UPPER_ARM_BELLY = { at: 0.45, amount: 0.08, width: 0.25 } as const;
const FOREARM_BELLY = { at: 0.25, amount: 0.14, width: 0.22 } as const;

/**
 * The most an upper arm is painted at the elbow for a thick forearm (the shoulder's end in proportion stays
 * within the reach the limbs' boxes give, 0.35 of the span over 1.8).
 */
const MAX_ELBOW_GIRTH = 0.14;
/** The arms' limbs in the clean-up's list: upper arm and forearm, left then right. */
const ARMS = [
  [0, 1],
  [2, 3],
] as const;

/**
 * The radius (a share of the span) of the bare forearm from `elbow` to `wrist` near the elbow, as the photo
 * shows it: across the bone at points from 10% to 45% of its length, the run of bare skin through the bone
 * (`patches`), its median over the points where the bone lies on bare skin. Null when fewer than four do
 * (a sleeve covers it, or the pose's bone is off the arm).
 */
function bareGirth(patches: BareSkin, elbow: Point, wrist: Point, span: number): number | null {
  const len = dist(elbow, wrist);
  if (len < 4) return null;
  const n = { x: -(wrist.y - elbow.y) / len, y: (wrist.x - elbow.x) / len };
  const most = Math.ceil(span * 0.25);
  const widths: number[] = [];
  for (let t = 0.1; t <= 0.45; t += 0.05) {
    const c = { x: elbow.x + (wrist.x - elbow.x) * t, y: elbow.y + (wrist.y - elbow.y) * t };
    if (!isBareSkin(patches, Math.round(c.x), Math.round(c.y))) continue;
    let width = 1;
    for (const side of [1, -1]) {
      for (let d = 1; d < most; d++) {
        if (!isBareSkin(patches, Math.round(c.x + n.x * d * side), Math.round(c.y + n.y * d * side))) break;
        width++;
      }
    }
    widths.push(width);
  }
  if (widths.length < 4) return null;
  return (median(widths) ?? 0) / 2 / span;
}

/** Within this much of the span either side of a limb's seam its paint turns to the real limb's band. */
const SEAM_FADE = 0.25;
/**
 * An upper arm's seam is sought this far past the elbow (a share of the span), where the arm bends there by
 * at most `SEAM_STRAIGHT` (radians); a forearm's up to `SEAM_BEFORE_WRIST` along it.
 */
const SEAM_PAST_ELBOW = 0.15;
const SEAM_STRAIGHT = 0.5;
const SEAM_BEFORE_WRIST = 0.8;
/** The real limb is read at the seam within this many natural girths of the bone... */
const SEAM_SCAN = 2.5;
/** ...and only if it is this wide against the natural limb, its middle within `SEAM_OFFSET` girths of the bone. */
const SEAM_WIDTH = { least: 0.6, most: 1.8 } as const;
const SEAM_OFFSET = 0.5;

/** The angle (radians) between two limbs' bones. */
function bend(u: Limb, f: Limb): number {
  const ux = u.b.x - u.a.x;
  const uy = u.b.y - u.a.y;
  const fx = f.b.x - f.a.x;
  const fy = f.b.y - f.a.y;
  const c = (ux * fx + uy * fy) / Math.max(1e-6, Math.hypot(ux, uy) * Math.hypot(fx, fy));
  return Math.acos(Math.max(-1, Math.min(1, c)));
}

/**
 * Where (x, y), `t` along the limb's bone (`len` px), lies across its painted band, from -1 to 1 (beyond:
 * outside; signed as `sideOf`): the band is the natural girth `r` round the bone (past the bone's ends, the
 * distance to its end), turning within `SEAM_FADE` of the span either side of the limb's seam to the real
 * limb's edges there.
 */
function placeAcross(
  limb: Limb,
  x: number,
  y: number,
  t: number,
  r: number,
  len: number,
  span: number,
): number {
  const { a, b, seam } = limb;
  const cross = ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)) / len;
  // Either side of the seam: past it the limb is its own (the band held on past a forearm's seam painted
  // a stripe down over party-6d's hands).
  const w = seam ? smoothstep(1 - (Math.abs(seam.t - t) * len) / (SEAM_FADE * span)) : 0;
  if (!seam || w === 0) {
    const d = distanceToSegment({ x, y }, a, b);
    return (cross < 0 ? -d : d) / r;
  }
  const lo = -r + (seam.lo + r) * w;
  const hi = r + (seam.hi - r) * w;
  const half = Math.max(1, (hi - lo) / 2);
  return (cross - (lo + hi) / 2) / half;
}

/** What `hemOf`, `seamAt` and `aimAtBareLimb` read of a limb's surroundings. */
interface SeamSight {
  patches: BareSkin;
  canvas: GarmentCanvas;
  span: number;
  /** Whether a pixel is the deep shade on a limb's own pixels (`limbShade`), for a limb's `parts`. */
  shade: (x: number, y: number, parts: readonly number[]) => boolean;
}

/**
 * Where along its bone a limb in an old sleeve comes out as bare skin: from the bone's start up to `end` (a
 * share of the bone) along it, the first point where bare skin (`patches`) that the new garment does not
 * cover takes a third of the limb's width round the bone, after a point on uncovered cloth (`isCloth`, not bare), and stays so for
 * 0.06 of the span. Null where the limb shows no such hem.
 */
function hemOf(
  limb: Limb,
  seen: SeamSight,
  end: number,
  isCloth: (x: number, y: number) => boolean,
): number | null {
  const { patches, canvas, span } = seen;
  const len = dist(limb.a, limb.b);
  if (len < 8) return null;
  const at = alongBone(limb);
  // Bare at `t`: a third of the natural limb's width round the bone is bare skin the new garment leaves
  // (the pose's bone may lie to one side of the arm).
  const bare = (t: number): boolean => {
    const r = girthAt(limb, Math.min(1, t)) * span;
    let n = 0;
    for (let d = -Math.round(r); d <= r; d++) {
      const q = at(t, d);
      if (isBareSkin(patches, q.x, q.y) && coverageAt(canvas, q.x, q.y) <= 0.6) n++;
    }
    return n >= (2 * r) / 3;
  };
  const step = 2 / len;
  const run = Math.max(4, span * 0.06) / len;
  let sleeve = false;
  for (let t = 0; t <= end; t += step) {
    if (!bare(t)) {
      const q = at(t, 0);
      if (!isBareSkin(patches, q.x, q.y) && coverageAt(canvas, q.x, q.y) <= 0.6 && isCloth(q.x, q.y))
        sleeve = true;
      continue;
    }
    if (!sleeve) continue;
    let on = true;
    for (let u = t; u <= t + run && on; u += step) on = bare(u);
    if (on) return t;
  }
  return null;
}

/** The photo's pixel `t` along a limb's bone and `across` it (px, signed as `sideOf`). */
function alongBone(limb: Limb): (t: number, across: number) => Point {
  const { a, b } = limb;
  const len = Math.max(1e-6, dist(a, b));
  const dir = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
  return (t, across) => ({
    x: Math.round(a.x + dir.x * t * len - dir.y * across),
    y: Math.round(a.y + dir.y * t * len + dir.x * across),
  });
}

/**
 * The run of bare skin across a limb at `t` along it (`bareBand`), `offset` as there; with `shaded`, the
 * limb's own pixels in deep shade count too (the crease between an arm and the body, too dark for any skin
 * test: read without it, charles's arm below his old sleeve was two thirds as wide as it is, and its inner
 * side was filled from the wall).
 */
function bandAt(
  limb: Limb,
  t: number,
  seen: SeamSight,
  offset = SEAM_OFFSET,
  shaded = false,
): { lo: number; hi: number } | null {
  const at = alongBone(limb);
  return bareBand(
    limb,
    t,
    seen.span,
    (across) => {
      const q = at(t, across);
      return isBareSkin(seen.patches, q.x, q.y) || (shaded && seen.shade(q.x, q.y, limb.parts));
    },
    offset,
  );
}

/** Below this luma a limb's own pixel is in deep shade: no cloth but black reads darker. */
const DEEP_SHADE = 40;

/**
 * Whether pixel (x, y) is one of a limb's own `parts` (the part map's) and in deep shade (luma under
 * DEEP_SHADE): next to the limb's bare skin it is the limb's shaded side.
 */
function limbShade(photo: Raster, parts: BodyParts): SeamSight['shade'] {
  return (x, y, limbParts) => {
    if (x < 0 || y < 0 || x >= parts.width || y >= parts.height) return false;
    const i = y * parts.width + x;
    return limbParts.includes(parts.labels[i] ?? 0) && lumaAt(photo, i) < DEEP_SHADE;
  };
}

/**
 * Where a limb in an old sleeve comes out as bare skin (`found`, its `hemOf`) and where the bare limb's edges
 * lie across the bone just past that (`Limb.seam`): the widest of the bare limb's bands across the bone
 * (`bareBand`) at three places. Null where the limb shows no such seam.
 */
function seamAt(limb: Limb, found: number | null, seen: SeamSight): Limb['seam'] {
  if (found === null) return null;
  const len = dist(limb.a, limb.b);
  // Just past the hem (its own soft edge is neither cloth nor skin), at three places down to 0.08 of the span
  // past it, the widest: a hem slanting across the bone cuts the nearest short.
  let widest: { lo: number; hi: number } | null = null;
  for (const beyond of [0.02, 0.05, 0.08]) {
    const band = bandAt(limb, found + Math.max(3, seen.span * beyond) / len, seen, SEAM_OFFSET, true);
    if (band && (!widest || band.hi - band.lo > widest.hi - widest.lo)) widest = band;
  }
  if (!widest) return null;
  return { t: found, lo: widest.lo - 0.5, hi: widest.hi + 0.5 };
}

/**
 * A limb that comes out of an old sleeve at `hem` (its `hemOf`), turned round its start onto the bare limb
 * below the hem where that lies off the pose's bone. The pose's joints can lie off the arm by more than a
 * seam's turn takes in (charles's elbow, 0.86 of a girth inside his upper arm): the paint from the shoulder or the elbow down to
 * the hem, round that bone, ended beside the real arm, in a step filled from the backdrop. The bare limb's
 * middle is read at `AIM_AT` shares of the span past the hem (up to the bone's end; `bareBand`, as far
 * off the bone as `SEAM_SCAN` girths); the bone turns through their mean where two or more are read, all to
 * one side by more than `SEAM_OFFSET` girths, and the turn is at most `MAX_AIM`. The limb as it was
 * otherwise.
 */
function aimAtBareLimb(limb: Limb, hem: number | null, seen: SeamSight): Limb {
  if (hem === null) return limb;
  const len = dist(limb.a, limb.b);
  const at = alongBone(limb);
  const r = girthAt(limb, Math.min(1, hem)) * seen.span;
  const middles: Point[] = [];
  let side = 0;
  for (const beyond of AIM_AT) {
    const t = hem + Math.max(3, seen.span * beyond) / len;
    if (t > 1) break;
    const band = bandAt(limb, t, seen, Number.POSITIVE_INFINITY);
    if (!band) continue;
    const middle = (band.lo + band.hi) / 2;
    if (Math.abs(middle) <= r * SEAM_OFFSET || Math.sign(middle) === -side) return limb;
    side = Math.sign(middle);
    middles.push(at(t, middle));
  }
  if (middles.length < 2) return limb;
  const aim = scale(middles.reduce(add), 1 / middles.length);
  const to = dist(limb.a, aim);
  if (to < 1) return limb;
  const dir = { x: (aim.x - limb.a.x) / to, y: (aim.y - limb.a.y) / to };
  const cos = (dir.x * (limb.b.x - limb.a.x) + dir.y * (limb.b.y - limb.a.y)) / len;
  if (Math.acos(Math.max(-1, Math.min(1, cos))) > MAX_AIM) return limb;
  return limbOf({ ...limb, b: { x: limb.a.x + dir.x * len, y: limb.a.y + dir.y * len } });
}

/** Where past an old sleeve's hem (shares of the span) the bare limb's middle is read: at two at least. */
const AIM_AT = [0.02, 0.05, 0.08] as const;
/** The most a limb turns onto its bare part (radians, about 30 degrees). */
const MAX_AIM = 0.5;

/**
 * The run of bare skin (`bareAt` an offset across the bone, px) across a limb at `t`, through the bone or
 * nearest it (gaps of up to 3 px bridged), within `SEAM_SCAN` natural girths: if it ends inside those on
 * both sides, is `SEAM_WIDTH` of the natural limb wide and its middle within `offset` girths of the bone
 * (`SEAM_OFFSET` for a seam; any, for `aimAtBareLimb`). Null otherwise.
 */
function bareBand(
  limb: Limb,
  t: number,
  span: number,
  bareAt: (across: number) => boolean,
  offset = SEAM_OFFSET,
): { lo: number; hi: number } | null {
  const r = girthAt(limb, Math.min(1, t)) * span;
  const reach = Math.ceil(r * SEAM_SCAN);
  let best: { lo: number; hi: number; gap: number } | null = null;
  let start: number | null = null;
  let last = 0;
  const close = (lo: number, hi: number): void => {
    const gap = lo > 0 ? lo : hi < 0 ? -hi : 0;
    if (!best || gap < best.gap) best = { lo, hi, gap };
  };
  for (let d = -reach; d <= reach; d++) {
    if (!bareAt(d)) continue;
    if (start === null || d - last > 3) {
      if (start !== null) close(start, last);
      start = d;
    }
    last = d;
  }
  if (start !== null) close(start, last);
  const band = best as { lo: number; hi: number } | null;
  if (!band || band.lo <= -reach || band.hi >= reach) return null;
  const width = band.hi - band.lo + 1;
  if (width < 2 * r * SEAM_WIDTH.least || width > 2 * r * SEAM_WIDTH.most) return null;
  // A band far to one side of the bone is more than the arm (a bent arm's forearm beside it) or another
  // limb: turning the paint to it swelled an elbow, or left a hole where the paint had been.
  if (Math.abs(band.lo + band.hi) / 2 > r * offset) return null;
  return { lo: band.lo, hi: band.hi };
}

/** A forearm as the clean-up paints it: elbow to wrist, at its natural girth. */
function forearm(elbow: Point, wrist: Point, sample: readonly number[], parts: readonly number[]): Limb {
  return limbOf({
    parts,
    sample,
    a: elbow,
    b: wrist,
    ra: FOREARM_GIRTH.elbow,
    rb: FOREARM_GIRTH.wrist,
    belly: FOREARM_BELLY,
  });
}

/**
 * The neck as the clean-up paints it, from its base up to half-way to the face; with `chest`, its bone starts
 * `CHEST_DEPTH` of the span further down the torso and takes the torso's pixels round it within
 * `CHEST_RADIUS`, so an open neckline (a tank's scoop, a dress's V) shows the wearer's chest, not the old
 * top. Without (a jacket, worn over a top), what shows in its opening below the neck stays as it is.
 */
function neckAndChest(neckBase: Point, top: Point, down: Point, span: number, chest: boolean): Limb {
  // Round a neck the old clothes are a collar, lapels and a shirt: their colours (carried as light, they
  // drew vertical bands down a painted chest), not light.
  const neck = {
    parts: [Part.neck],
    sample: [Part.neck],
    ra: 0.17,
    rb: 0.14,
    round: NECK_ROUND,
    takesLight: false,
  };
  if (!chest) return limbOf({ ...neck, a: neckBase, b: top });
  const a = { x: neckBase.x + down.x * span * CHEST_DEPTH, y: neckBase.y + down.y * span * CHEST_DEPTH };
  const len = Math.max(1, dist(a, top));
  return limbOf({
    ...neck,
    a,
    b: top,
    // Torso pixels from the chest up to just above the neck's base.
    torsoUntil: (span * (CHEST_DEPTH + 0.05)) / len,
    torsoRadius: CHEST_RADIUS,
  });
}

/**
 * Skin is a patch at least twice this across (a share of the span): a finger is wider, a thread of a plaid
 * or a print's speck of skin colour is not (`bareSkinLevels`).
 */
const SKIN_PATCH = 0.015;
/** A patch of skin smaller than a square of this side (a share of the span) is a print's, not the person's. */
const SKIN_SPECK = 0.1;

/** A box with whole-pixel edges. */
function roundBox(b: Box): Box {
  const left = Math.floor(b.left);
  const top = Math.floor(b.top);
  return {
    left,
    top,
    width: Math.ceil(b.left + b.width) - left,
    height: Math.ceil(b.top + b.height) - top,
  };
}

/**
 * A chest's bare skin is about this light against the face's (lightness ratio): 0.81 to 0.96 over the shipped
 * photos that show one (kal, ivana, party-6a, 6c, 6d), whose necks read 0.76 to 0.95 of it, while a neck in
 * the chin's shade reads 0.57 to 0.6 (charles, jordan, party-1c): a chest painted in that shade was a dark
 * hole in a tank's neckline.
 */
const CHEST_LIT = 0.85;
/** Below the neck's base the paint turns from the neck's colour to the chest's over this far (of the span). */
const CHEST_FADE = 0.15;

/**
 * The colour of a chest below a neck painted `neck`: the neck's, lifted towards the face's lit tone until it is
 * `CHEST_LIT` as light. Null where the neck is that light already.
 */
export function litChest(
  neck: { r: number; g: number; b: number },
  tone: { r: number; g: number; b: number },
): { r: number; g: number; b: number } | null {
  const from = luma(neck.r, neck.g, neck.b);
  const lit = luma(tone.r, tone.g, tone.b);
  const target = lit * CHEST_LIT;
  if (from >= target || lit <= from) return null;
  const t = (target - from) / (lit - from);
  return {
    r: neck.r + (tone.r - neck.r) * t,
    g: neck.g + (tone.g - neck.g) * t,
    b: neck.b + (tone.b - neck.b) * t,
  };
}

/**
 * The neck's paint (`painter` n) below its base turns to the chest's colour: none at `along` `from` (the neck's
 * base on its bone), all of it at `to` and below, smoothly between.
 */
function lightenChest(
  base: Float32Array,
  painted: LimbPaint,
  n: number,
  along: { from: number; to: number },
  chest: { r: number; g: number; b: number },
  neck: { r: number; g: number; b: number },
): void {
  const { skin, painter } = painted;
  const range = Math.max(1e-6, along.from - along.to);
  for (let k = 0; k < skin.length; k++) {
    if (!((skin[k] ?? 0) > 0) || painter[k] !== n) continue;
    const w = smoothstep((along.from - (painted.along[k] ?? along.from)) / range);
    if (w === 0) continue;
    base[k * 3] = (base[k * 3] ?? 0) + (chest.r - neck.r) * w;
    base[k * 3 + 1] = (base[k * 3 + 1] ?? 0) + (chest.g - neck.g) * w;
    base[k * 3 + 2] = (base[k * 3 + 2] ?? 0) + (chest.b - neck.b) * w;
  }
}

/** How far down the torso (a share of the span) an open neckline's chest is painted, and how wide. */
const CHEST_DEPTH = 0.45;
const CHEST_RADIUS = 0.3;
/** An old collar is marked for the fill down to this far below the shoulder joints (a share of the span). */
const COLLAR_DEPTH = 0.05;

/** How far inside the shoulder joint (a share of the span) an upper arm's painted bone starts. */
const SHOULDER_INSET = 0.14;
/**
 * How far from that bone the round of the shoulder is painted (a share of the span): the pose's joint sits
 * well under the top of a sloping shoulder, and the silhouette of the old top bounds it above.
 */
const SHOULDER_RADIUS = 0.13;

/** Each arm's labels, shoulder to fingers (upper arm, forearm, hand): the bare skin that colours its paint. */
const LEFT_ARM: readonly number[] = [Part.leftUpperArm, Part.leftForearm, Part.leftHand];
const RIGHT_ARM: readonly number[] = [Part.rightUpperArm, Part.rightForearm, Part.rightHand];
/** Bare skin of a limb counts as a sample from this many pixels (a share of the span squared). */
const MIN_SAMPLE = 0.01;

/**
 * For each group of parts, the median colour of the bare skin the photo shows on them within `region`,
 * outside the new garment (a forearm below an old sleeve, a hand): the limb's own tone in the photo's own
 * light there, which a tone read from the face misses on a tanned arm, in shade or under a hat; unlabelled
 * pixels within the girth of a `beyond` limb (a forearm the part map gives no part) count for its group.
 * Null for a group that shows too little of it.
 */
function bareSkinColours(
  photo: Raster,
  parts: BodyParts,
  groups: readonly (readonly number[])[],
  region: { left: number; top: number; width: number; height: number },
  canvas: GarmentCanvas,
  tone: SkinTone,
  span: number,
  shade?: { group: readonly number[]; inShade: (i: number) => boolean },
  beyond: readonly Pick<Limb, 'a' | 'b' | 'ra' | 'rb' | 'sample'>[] = [],
): {
  colours: ({ r: number; g: number; b: number } | null)[];
  halfLit: { r: number; g: number; b: number } | null;
} {
  const samples = groups.map(() => ({ r: [] as number[], g: [] as number[], b: [] as number[] }));
  const shadeGroup = shade ? samples[groups.indexOf(shade.group)] : undefined;
  const inDeepShade = { r: [] as number[], g: [] as number[], b: [] as number[] };
  // Each part's group, looked up by label (a search of the groups a pixel costs a render tens of ms).
  const groupOf = new Int8Array(256).fill(-1);
  groups.forEach((group, n) => {
    for (const part of group) groupOf[part] = n;
  });
  // An unlabelled pixel within the girth of a `beyond` limb's bone is its group's.
  const beyondGroups = beyond.map((limb) => groups.indexOf(limb.sample));
  const q = { x: 0, y: 0 };
  const beyondOf = (x: number, y: number): number => {
    q.x = x;
    q.y = y;
    const n = beyond.findIndex(
      (limb) => distanceToSegment(q, limb.a, limb.b) <= Math.max(limb.ra, limb.rb) * span,
    );
    return beyondGroups[n] ?? -1;
  };
  // Every other row and column: a median colour needs no more.
  for (let y = region.top; y < region.top + region.height; y += 2) {
    for (let x = region.left; x < region.left + region.width; x += 2) {
      const i = y * parts.width + x;
      const label = parts.labels[i] ?? 0;
      const group = label === Part.background && beyond.length > 0 ? beyondOf(x, y) : groupOf[label];
      const into = samples[group ?? -1];
      // The arm's skin in its own light: like the face's skin by chroma (a tan), or by hue (in shade); the
      // neck's in deep shade too.
      if (!into) continue;
      const skinLike = looksLikeSkin(tone, photo, i) || looksLikeSkinInShade(tone, photo, i);
      const shaded = !skinLike && into === shadeGroup && shade?.inShade(i) === true;
      if (!(skinLike || shaded)) continue;
      if (coverageAt(canvas, x, y) > 0.1) continue;
      const to = shaded ? inDeepShade : into;
      to.r.push(photo.data[i * 3] ?? 0);
      to.g.push(photo.data[i * 3 + 1] ?? 0);
      to.b.push(photo.data[i * 3 + 2] ?? 0);
    }
  }
  const toneLuma = luma(tone.r, tone.g, tone.b);
  const enough = (MIN_SAMPLE * span * span) / 4;
  const medianOf = (sample: typeof inDeepShade): { r: number; g: number; b: number } => ({
    r: median(sample.r) ?? 0,
    g: median(sample.g) ?? 0,
    b: median(sample.b) ?? 0,
  });
  let halfLit: { r: number; g: number; b: number } | null = null;
  const colours = samples.map((sample) => {
    let colour: { r: number; g: number; b: number } | null = null;
    let tooDark = false;
    if (sample.r.length >= enough) {
      colour = medianOf(sample);
      // Far lighter or darker than the face is not the arm's skin but something of its hue held or worn
      // (a pink stripe of a shirt, a cup): the face's tone is the safer paint.
      const k = luma(colour.r, colour.g, colour.b) / Math.max(1, toneLuma);
      tooDark = k < LIMB_DARKER;
      if (k > LIMB_LIGHTER || tooDark) colour = null;
    }
    // A neck in deep shade (its skin the photo shows far darker than the face, or mostly past any skin
    // test): the paint below it half-way between the lit skin and the shade, as a chest beneath a shaded
    // throat is half lit (the lit face's tone was a light collar round a dark throat, the shade alone a
    // black chest).
    if (sample !== shadeGroup) return colour;
    const shaded = inDeepShade.r.length;
    if (!(tooDark || (shaded >= enough && shaded > sample.r.length))) return colour;
    const dark = medianOf({
      r: [...sample.r, ...inDeepShade.r],
      g: [...sample.g, ...inDeepShade.g],
      b: [...sample.b, ...inDeepShade.b],
    });
    const lit = colour ?? tone;
    halfLit = { r: (lit.r + dark.r) / 2, g: (lit.g + dark.g) / 2, b: (lit.b + dark.b) / 2 };
    return halfLit;
  });
  return { colours, halfLit };
}

/** `Derived` that keeps nothing: each answer made when asked. */
const madeNow: Derived = (_name, _from, make) => make();

/** A limb's bare skin is at most this much lighter than the face's tone, or darker (lightness ratios). */
const LIMB_LIGHTER = 1.4;
const LIMB_DARKER = 0.4;

/** How far into the fill (a share of the span) the backdrop's texture is carried, fading out. */
const FILL_TEXTURE = 0.1;

/** How far outside the silhouette (a share of the span) the fill follows old clothes it missed. */
const MISSED_REACH = 0.15;
/** At most this much of it (a share of the span squared): more is a backdrop of the old top's colour. */
const MISSED_MOST = 0.08;

/**
 * The old clothes' edge lies a pixel or two outside the silhouette (its anti-aliased rim, a soft
 * segmentation border): filled with the rest, it would stay as a faint outline of the old sleeve in the
 * background. A share of the span, at least two pixels.
 */
const EDGE_REACH = 0.012;

/**
 * Marks the background pixels within `reach` of a marked pixel (a square reach, row then column), except
 * `hidden` ones, so the fill takes the old clothes' edge with them. Works over the marked pixels' bounds only.
 */
function growIntoBackground(marked: Uint8Array, parts: BodyParts, hidden: Uint8Array, reach: number): void {
  const { width: w, height: h } = parts;
  const found = boxAbove(marked, w, 0);
  if (found.width === 0) return;
  const x0 = Math.max(0, found.left - reach);
  const y0 = Math.max(0, found.top - reach);
  const x1 = Math.min(w - 1, found.left + found.width - 1 + reach);
  const y1 = Math.min(h - 1, found.top + found.height - 1 + reach);
  const bw = x1 - x0 + 1;
  // Within `reach` of a marked pixel in the same row, over the bounds.
  const rows = new Uint8Array(bw * (y1 - y0 + 1));
  for (let y = y0; y <= y1; y++) {
    let last = -Infinity;
    for (let x = x0; x <= x1; x++) {
      if (marked[y * w + x]) last = x;
      if (x - last <= reach) rows[(y - y0) * bw + x - x0] = 1;
    }
    last = Infinity;
    for (let x = x1; x >= x0; x--) {
      if (marked[y * w + x]) last = x;
      if (last - x <= reach) rows[(y - y0) * bw + x - x0] = 1;
    }
  }
  for (let x = x0; x <= x1; x++) {
    let last = -Infinity;
    for (let y = y0; y <= y1; y++) {
      if (rows[(y - y0) * bw + x - x0]) last = y;
      const i = y * w + x;
      if (y - last <= reach && !(parts.labels[i] ?? 0) && !hidden[i]) marked[i] = 1;
    }
    last = Infinity;
    for (let y = y1; y >= y0; y--) {
      if (rows[(y - y0) * bw + x - x0]) last = y;
      const i = y * w + x;
      if (last - y <= reach && !(parts.labels[i] ?? 0) && !hidden[i]) marked[i] = 1;
    }
  }
}

/** An unseen forearm is spared (`spareSkin`) when at least this share of its unlabelled pixels is skin. */
const SPARED_BARE = 0.5;

/**
 * Sets `mask` (the photo's size) to 1 over the skin within `r` of the segment from `a` to `b`, and within
 * `reach` (a square) of that skin but for what `isOld` takes for the old top; nothing when under
 * `SPARED_BARE` of the capsule's `unlabelled` pixels are skin.
 */
export function spareSkin(
  mask: Uint8Array,
  photo: Raster,
  { a, b, r }: { a: Point; b: Point; r: number },
  sight: {
    isSkin: (i: number) => boolean;
    isOld: (i: number) => boolean;
    unlabelled: (i: number) => boolean;
    reach: number;
  },
): void {
  const { width: w, height: h } = photo;
  const { reach } = sight;
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
  const x1 = Math.min(w - 1, Math.ceil(Math.max(a.x, b.x) + r));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(a.y, b.y) + r));
  const bw = x1 - x0 + 1;
  const skin = new Uint8Array(bw * (y1 - y0 + 1));
  const q = { x: 0, y: 0 };
  let inside = 0;
  let bare = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      q.x = x;
      q.y = y;
      // Only the unlabelled pixels: the grow takes no others, and past the old sleeve's hem they are the arm.
      if (distanceToSegment(q, a, b) > r || !sight.unlabelled(y * w + x)) continue;
      inside++;
      if (!sight.isSkin(y * w + x)) continue;
      skin[(y - y0) * bw + x - x0] = 1;
      bare++;
    }
  }
  // A forearm mostly not skin is in a sleeve or glove: what shows of skin there is not the arm's (party-1b's
  // fishnet stockings beside her gloved hand were kept as a streak in the fill).
  if (bare < SPARED_BARE * inside) return;
  const bounds = { x0, y0, x1, y1 };
  const skinAt = (u: number, v: number): boolean => skin[(v - y0) * bw + u - x0] === 1;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      if (!mask[i] && !sight.isOld(i) && anyNear(x, y, reach, bounds, skinAt)) mask[i] = 1;
    }
  }
}

/** Whether canvas pixel (x, y) (canvas coordinates) is covered by the garment. */
function coveredIn(canvas: GarmentCanvas, x: number, y: number): boolean {
  return (canvas.alpha[y * canvas.width + x] ?? 0) > 0.5;
}

/**
 * Marks the torso pixels beside the garment (within a fifth of the span of its edge, in that row) and just
 * above its top edge up to `collar.until` below the shoulder joints' line (an old collar or shoulder seam
 * peeking over the neckline; deeper, in an open neckline, the top underneath is the paint's or stays, as
 * under a jacket) that are not skin (`skin`: the body's, as `looksLikeBodySkin` tells it): the old top
 * showing past a narrower garment. True if any.
 */
function markRim(
  parts: BodyParts,
  canvas: GarmentCanvas,
  skin: BareSkin,
  span: number,
  collar: { neck: Point; down: Point; until: number },
  hair: Mask | null,
  marked: Uint8Array,
): boolean {
  const reach = Math.round(span * 0.2);
  // Hair kept in front of the new garment hangs beside it too (braids over an old dress): not the rim. The
  // old clothes between its strands are, and the fill takes them from the strands and the background.
  const { width: cw, height: ch } = canvas;
  let any = false;
  for (let y = 0; y < ch; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < cw; x++) {
      if (!coveredIn(canvas, x, y)) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0) continue;
    // Just above the garment's top edge too: an old collar or shoulder seam peeking over the neckline.
    for (let x = first; x <= last; x++) {
      if (!coveredIn(canvas, x, y) || (y > 0 && coveredIn(canvas, x, y - 1))) continue;
      const px = x + canvas.left;
      const py = y + canvas.top;
      if ((px - collar.neck.x) * collar.down.x + (py - collar.neck.y) * collar.down.y > collar.until)
        continue;
      for (let k = 1; k <= reach / 2 && y - k >= 0; k++) {
        const i = (y - k + canvas.top) * parts.width + x + canvas.left;
        const label = parts.labels[i] ?? 0;
        if (label !== Part.torso && label !== Part.neck) break;
        if (isBareSkin(skin, x + canvas.left, y - k + canvas.top) || isHairAt(hair, i)) continue;
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
        if (parts.labels[i] !== Part.torso || coveredIn(canvas, x, y)) continue;
        if (isBareSkin(skin, px, py) || isHairAt(hair, i)) continue;
        marked[i] = 1;
        any = true;
      }
    }
  }
  return any;
}

const ARM_PARTS: ReadonlySet<number> = new Set([
  Part.leftUpperArm,
  Part.leftForearm,
  Part.rightUpperArm,
  Part.rightForearm,
]);

/**
 * A bare limb's pixel beyond its girth is its own skin, left as it is, when it has the hue of that limb's own
 * bare skin within this chroma spread (`skinHueLikeness`) ...
 */
const OWN_SPREAD = 7;
/** ... and at least this share of its lightness: darker, hair of the skin's hue behind the shoulder. */
const OWN_DARKEST = 0.55;
/** How far (pixels) from a bare limb's own skin its edge is taken with it (`ownSkin`) ... */
const OWN_EDGE = 2;
/** ... at least this share of the skin's lightness (the backdrop beside it is dark). */
const OWN_EDGE_DARKEST = 0.35;

/** A limb's colour as the tone `ownSkin` reads its own skin by. */
function ownTone(colour: { r: number; g: number; b: number } | undefined): SkinTone | null {
  return colour ? toneOf(colour.r, colour.g, colour.b, OWN_SPREAD) : null;
}

/**
 * Whether pixel (`x`, `y`) is of a bare limb's own skin, of colour `own` (see `OWN_SPREAD`), or lies on the
 * limb's edge next to it (within `OWN_EDGE` pixels) at least `OWN_EDGE_DARKEST` of its lightness: the edge's
 * pixels mix the skin with what is behind it, and filled from the backdrop they drew a ragged fringe of
 * it along party-6d's arm.
 */
function ownSkin(own: SkinTone, photo: Raster, x: number, y: number): boolean {
  const lightness = luma(own.r, own.g, own.b);
  const w = photo.width;
  const skinAt = (u: number, v: number): boolean => {
    const i = v * w + u;
    const r = photo.data[i * 3] ?? 0;
    const g = photo.data[i * 3 + 1] ?? 0;
    const b = photo.data[i * 3 + 2] ?? 0;
    return luma(r, g, b) >= OWN_DARKEST * lightness && skinHueLikeness(own, r, g, b) > 0.3;
  };
  if (skinAt(x, y)) return true;
  if (lumaAt(photo, y * w + x) < OWN_EDGE_DARKEST * lightness) return false;
  return anyNear(x, y, OWN_EDGE, { x0: 0, y0: 0, x1: w - 1, y1: photo.height - 1 }, skinAt);
}

/** Whether `test` holds at any pixel within `reach` (a square) of (`x`, `y`), inside `bounds` (inclusive). */
function anyNear(
  x: number,
  y: number,
  reach: number,
  bounds: { x0: number; y0: number; x1: number; y1: number },
  test: (u: number, v: number) => boolean,
): boolean {
  for (let v = Math.max(bounds.y0, y - reach); v <= Math.min(bounds.y1, y + reach); v++) {
    for (let u = Math.max(bounds.x0, x - reach); u <= Math.min(bounds.x1, x + reach); u++) {
      if (test(u, v)) return true;
    }
  }
  return false;
}

/**
 * A limb is bare when at least this share of the girth it shows is skin, and in each fifth of its length it
 * shows at least `BARE_FIFTH`: an old sleeve covers a stretch of the limb whole, while an elbow's fifth can
 * take in the old top beside it (the pose's elbow on the arm's inner edge: party-6d's bare forearm read 47%
 * skin there, 76% over its length, and was painted over in a flat tone lighter than her arm).
 */
const BARE_LIMB = 0.6;
/** See `BARE_LIMB`. */
const BARE_FIFTH = 0.4;
/**
 * A limb read in fewer fifths than this says too little to be called bare; two suffice where the new
 * garment's sleeve covers the rest of an upper arm (party-6d's under a T-shirt's sleeve showed two).
 */
const BARE_READ = 2;

/**
 * Whether a limb of the pose is bare: over its own pixels within its natural girth that the new garment
 * leaves uncovered (hair aside), each fifth of its length with enough of them to read (a sixth of the
 * girth's area there at least; three fifths at least) is BARE_LIMB skin. An old sleeve covers a stretch of
 * the limb from one end, where the share falls to nothing; shade and backlight run along it.
 */
function isBareLimb(limb: Limb, box: LimbBox, seen: LimbSight, span: number): boolean {
  const { photo, parts, hair, canvas, patches, tone } = seen;
  // Arms only: the neck's paint is for a collar, which covers the neck all round.
  if (!limb.parts.some((part) => ARM_PARTS.has(part))) return false;
  const len = Math.max(1, dist(limb.a, limb.b));
  const bins = 5;
  const all = new Float64Array(bins);
  const skin = new Float64Array(bins);
  const q = { x: 0, y: 0 };
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * parts.width + x;
      if (!limb.parts.includes(parts.labels[i] ?? 0) || isHairAt(hair, i) || coverageAt(canvas, x, y) > 0.6)
        continue;
      const t =
        ((x - limb.a.x) * (limb.b.x - limb.a.x) + (y - limb.a.y) * (limb.b.y - limb.a.y)) / (len * len);
      if (t < 0 || t > 1) continue;
      q.x = x;
      q.y = y;
      if (distanceToSegment(q, limb.a, limb.b) > girthAt(limb, t) * span) continue;
      const bin = Math.min(bins - 1, Math.floor(t * bins));
      all[bin] = (all[bin] ?? 0) + 1;
      if (isBareSkin(patches, x, y) || looksLikeSkinInShade(tone, photo, i)) skin[bin] = (skin[bin] ?? 0) + 1;
    }
  }
  // Enough pixels to read a fifth: a sixth of the girth's area over it.
  const enough = (((limb.ra + limb.rb) * span * len) / bins) * (1 / 6);
  let read = 0;
  let readAll = 0;
  let readSkin = 0;
  for (let b = 0; b < bins; b++) {
    const a = all[b] ?? 0;
    const s = skin[b] ?? 0;
    if (a < enough) continue;
    if (s < BARE_FIFTH * a) return false;
    read++;
    readAll += a;
    readSkin += s;
  }
  return read >= BARE_READ && readSkin >= BARE_LIMB * readAll;
}

/**
 * `shaded` (by photo index) over the neck's box, but for its patches smaller than a square NECK_SHADE_LEAST of
 * the span across: the neck in deep shade is a stretch of the throat, not a speck. False outside the box.
 */
export function deepShade(
  cv: OpenCv,
  shaded: (i: number) => boolean,
  box: LimbBox,
  w: number,
  span: number,
): (i: number) => boolean {
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  if (bw <= 0 || bh <= 0) return () => false;
  const mask = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) mask[y * bw + x] = shaded((box.y0 + y) * w + box.x0 + x) ? 1 : 0;
  }
  dropSpecks(cv, mask, bw, bh, Math.round((span * NECK_SHADE_LEAST) ** 2));
  return (i: number): boolean => {
    const x = (i % w) - box.x0;
    const y = Math.floor(i / w) - box.y0;
    return x >= 0 && y >= 0 && x < bw && y < bh && mask[y * bw + x] === 1;
  };
}

/** The neck in deep shade is at least a square this side across (a share of the span). */
const NECK_SHADE_LEAST = 0.08;

/**
 * A neck's pixel darker than this share of the face's tone, of next to no colour (`isGrey`) and unlike the
 * old top, is the neck in shade.
 */
const NECK_SHADE = 0.35;

/**
 * Whether photo pixel `i` has next to no colour, as skin in deep shade (jordan's neck read 35, 31, 31): a dark
 * red collar (93, 11, 5) is cloth, not shade.
 */
function isGrey(photo: Raster, i: number): boolean {
  return channelSpreadAt(photo, i) <= SHADE_CHROMA;
}

/** Skin in deep shade differs across its channels by at most this many levels. */
const SHADE_CHROMA = 24;

/** The yoke runs from the neck's paint to the shoulder joints and this far below their line (shares of the span). */
const YOKE_REACH = { from: 0.1, to: 0.42, below: 0.1 } as const;
/** The yoke is painted where the shoulders span at least this share of the torso's length. */
const YOKE_TURNED = 0.4;
/** What the yoke may take: the upper body, not the head's disc (hair in shade beside the neck) nor the legs. */
const YOKE_PARTS: ReadonlySet<number> = new Set([
  Part.torso,
  Part.neck,
  Part.leftUpperArm,
  Part.rightUpperArm,
]);

/**
 * The pixels (indices into `region`) of the shoulders' yoke that the old clothes cover and the new garment
 * leaves in view: beside the neck, out to the shoulder joints, from a little below their line up to the body's
 * natural outline (`naturalTop`, the trapezius sloping down to the round of the shoulder), or up to the new
 * garment's top edge further out on the same side (`garmentTops`) where that is higher: a strap lies on the
 * body, which only rises towards the neck, so what lies between the neck and a strap below the strap's top is
 * the body. The pose's joints sit low under some shoulders: charles's football shirt's collar, between his neck
 * and a tank's straps 0.2 to 0.3 of the span above them, was filled from the wall behind him, white blocks
 * beside the neck. Not what `painted` already paints, the person's own bare skin, hair or what the garment
 * covers. Under a garment with sleeves (`sleeved`) the shoulders' tops are the garment's: only up to its top
 * edge.
 */
export function yokeOf(
  seen: { parts: BodyParts; hair: Mask; canvas: GarmentCanvas; patches: BareSkin },
  line: { neck: Point; down: Point; span: number; sleeved?: boolean },
  region: Box,
  painted: Float32Array,
): number[] {
  const { parts, hair, canvas, patches } = seen;
  const { neck, down, span } = line;
  const found: number[] = [];
  // Only over the yoke's own box within the region (the corners of its reach across and up and down).
  const across = { x: -down.y, y: down.x };
  const tops = garmentTops(canvas, line);
  const highest = Math.max(naturalTop(0), ...tops.left, ...tops.right);
  const corners = [-YOKE_REACH.to, YOKE_REACH.to].flatMap((off) =>
    [-YOKE_REACH.below, highest].map((height) => ({
      x: neck.x + (off * across.x - height * down.x) * span,
      y: neck.y + (off * across.y - height * down.y) * span,
    })),
  );
  const x0 = Math.max(region.left, Math.floor(Math.min(...corners.map((c) => c.x))));
  const x1 = Math.min(region.left + region.width, Math.ceil(Math.max(...corners.map((c) => c.x))) + 1);
  const y0 = Math.max(region.top, Math.floor(Math.min(...corners.map((c) => c.y))));
  const y1 = Math.min(region.top + region.height, Math.ceil(Math.max(...corners.map((c) => c.y))) + 1);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const k = (y - region.top) * region.width + (x - region.left);
      if ((painted[k] ?? 0) > 0) continue;
      const height = -((x - neck.x) * down.x + (y - neck.y) * down.y) / span;
      if (height < -YOKE_REACH.below) continue;
      const signed = ((x - neck.x) * across.x + (y - neck.y) * across.y) / span;
      const off = Math.abs(signed);
      if (off < YOKE_REACH.from || off > YOKE_REACH.to) continue;
      const strap = (signed < 0 ? tops.left : tops.right)[Math.floor(off / TOP_STEP)] ?? 0;
      if (height > (line.sleeved ? strap : Math.max(naturalTop(off), strap))) continue;
      const i = y * parts.width + x;
      if (!YOKE_PARTS.has(parts.labels[i] ?? 0) || isHairAt(hair, i) || coverageAt(canvas, x, y) > 0.6)
        continue;
      if (isBareSkin(patches, x, y)) continue;
      found.push(k);
    }
  }
  return found;
}

/** `garmentTops` reads the garment's top edge in steps of this share of the span across... */
const TOP_STEP = 0.01;
/** ...and from each step this far further out (the strap beside the neck's base). */
const TOP_REACH = 0.15;
/** Nowhere higher than this above the shoulder joints' line (shares of the span): a hood worn down stands there. */
const TOP_MOST = 0.35;

/**
 * The new garment's top edge on each side of the axis, as the height above the joints' line (shares of the
 * span) of its highest covered pixel at each step out from the axis (`TOP_STEP`) or within `TOP_REACH`
 * further out, up to `YOKE_REACH.to` and never above `TOP_MOST`; -1 where it covers nothing.
 */
function garmentTops(
  canvas: GarmentCanvas,
  line: { neck: Point; down: Point; span: number },
): { left: Float32Array; right: Float32Array } {
  const { neck, down, span } = line;
  const across = { x: -down.y, y: down.x };
  const steps = Math.ceil(YOKE_REACH.to / TOP_STEP) + 1;
  const reach = Math.ceil(TOP_REACH / TOP_STEP);
  const raw = [new Float32Array(steps + reach).fill(-1), new Float32Array(steps + reach).fill(-1)] as const;
  const box = clipBox(
    {
      left: Math.floor(neck.x - (YOKE_REACH.to + TOP_REACH) * span),
      top: Math.floor(neck.y - TOP_MOST * span),
      width: Math.ceil(2 * (YOKE_REACH.to + TOP_REACH) * span),
      height: Math.ceil(TOP_MOST * span),
    },
    canvas,
  );
  readTops(canvas, box, { neck, down, across, span }, raw);
  const spread = (values: Float32Array): Float32Array =>
    Float32Array.from({ length: steps }, (_, k) => Math.max(...values.subarray(k, k + reach + 1)));
  return { left: spread(raw[0]), right: spread(raw[1]) };
}

/** The highest covered height at each step out, left of the axis into `tops[0]`, right into `tops[1]`. */
function readTops(
  canvas: GarmentCanvas,
  box: Box,
  line: { neck: Point; down: Point; across: Point; span: number },
  tops: readonly [Float32Array, Float32Array],
): void {
  const { neck, down, across, span } = line;
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++) {
      if (coverageAt(canvas, x, y) <= 0.6) continue;
      const height = -((x - neck.x) * down.x + (y - neck.y) * down.y) / span;
      if (height > TOP_MOST) continue;
      const signed = ((x - neck.x) * across.x + (y - neck.y) * across.y) / span;
      const side = signed < 0 ? tops[0] : tops[1];
      const k = Math.floor(Math.abs(signed) / TOP_STEP);
      if (k < side.length && height > (side[k] ?? -1)) side[k] = height;
    }
  }
}

/** How far (a share of the span) two limbs' colours are blended where their paint meets. */
const COLOUR_BLEND = 0.06;

/**
 * The paint's colour a pixel of the region (`painted` over 0): the colour of the limb that paints it
 * (`painter`), averaged with its painted neighbours' within `radius`, so limbs of different colours meet
 * in a gradient. Three channels a pixel. The averages are worked at half the resolution (blocks of 2 x 2)
 * and read back bilinearly: they vary smoothly over `radius`, and the four blurs at full size cost about
 * 25 ms a try-on.
 */
export function blendColours(
  painted: Float32Array,
  painter: Uint8Array,
  colours: readonly { r: number; g: number; b: number }[],
  size: { width: number; height: number },
  radius: number,
): Float32Array {
  const { width: w, height: h } = size;
  const hw = Math.ceil(w / 2);
  const hh = Math.ceil(h / 2);
  const weight = new Float32Array(hw * hh);
  const channels = [new Float32Array(hw * hh), new Float32Array(hw * hh), new Float32Array(hw * hh)] as const;
  for (let y = 0; y < h; y++) {
    const row = (y >> 1) * hw;
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      if (!((painted[k] ?? 0) > 0)) continue;
      const c = colours[painter[k] ?? 0];
      if (!c) continue;
      const b = row + (x >> 1);
      weight[b] = (weight[b] ?? 0) + 1;
      channels[0][b] = (channels[0][b] ?? 0) + c.r;
      channels[1][b] = (channels[1][b] ?? 0) + c.g;
      channels[2][b] = (channels[2][b] ?? 0) + c.b;
    }
  }
  const r = Math.max(1, Math.round(radius / 2));
  // Blurred over the paint's bounds only (all is 0 beyond): the same result.
  const box = boxAbove(weight, hw, 0);
  const spread = boxBlurAround(weight, hw, hh, r, box);
  const out = new Float32Array(w * h * 3);
  for (const [ch, values] of channels.entries()) {
    readBack(painted, boxBlurAround(values, hw, hh, r, box), spread, { width: w, height: h }, out, ch);
  }
  return out;
}

/**
 * Channel `ch` of `out` (three a pixel, full size) where `painted` is over 0: the half-size `sum` over its
 * `weight`, read bilinearly between the blocks' centres.
 */
function readBack(
  painted: Float32Array,
  sum: Float32Array,
  weight: Float32Array,
  size: { width: number; height: number },
  out: Float32Array,
  ch: number,
): void {
  const { width: w, height: h } = size;
  const hw = Math.ceil(w / 2);
  const hh = Math.ceil(h / 2);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(hh - 1, Math.max(0, (y - 0.5) / 2));
    const y0 = Math.floor(fy);
    const y1 = Math.min(hh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      if (!((painted[k] ?? 0) > 0)) continue;
      const fx = Math.min(hw - 1, Math.max(0, (x - 0.5) / 2));
      const x0 = Math.floor(fx);
      const x1 = Math.min(hw - 1, x0 + 1);
      const tx = fx - x0;
      const a = y0 * hw;
      const b = y1 * hw;
      const s =
        ((sum[a + x0] ?? 0) * (1 - tx) + (sum[a + x1] ?? 0) * tx) * (1 - ty) +
        ((sum[b + x0] ?? 0) * (1 - tx) + (sum[b + x1] ?? 0) * tx) * ty;
      const n =
        ((weight[a + x0] ?? 0) * (1 - tx) + (weight[a + x1] ?? 0) * tx) * (1 - ty) +
        ((weight[b + x0] ?? 0) * (1 - tx) + (weight[b + x1] ?? 0) * tx) * ty;
      out[k * 3 + ch] = n > 0 ? s / n : 0;
    }
  }
}

/**
 * `values` (over 0 where painted) averaged with their painted neighbours' within `radius`, but only where
 * pixels of another painter are among those neighbours, and as far as they are: a limb's own variation
 * (its lit middle, its shaded side) stays; two limbs' steps where they meet become a gradient. One value a
 * pixel; `painters` is how many painters `painter` numbers. The neighbourhoods are read at half the
 * resolution (blocks of 2 x 2): the averages are smooth over `radius`, and at full size the seven blurs of
 * a region round both arms cost about 45 ms a try-on.
 */
export function blendAtSeams(
  values: Float32Array,
  painter: Uint8Array,
  painters: number,
  size: { width: number; height: number },
  radius: number,
): Float32Array {
  const { width: w, height: h } = size;
  const hw = Math.ceil(w / 2);
  const hh = Math.ceil(h / 2);
  const spread = new Float32Array(hw * hh);
  const sum = new Float32Array(hw * hh);
  /** Each painter's pixels a block, one grid after another. */
  const mine = new Float32Array(painters * hw * hh);
  /** The block of each painted pixel (-1 where unpainted), worked out once by row. */
  const blockOf = new Int32Array(w * h).fill(-1);
  for (let y = 0; y < h; y++) {
    const row = (y >> 1) * hw;
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      const v = values[k] ?? 0;
      if (!(v > 0)) continue;
      const b = row + (x >> 1);
      blockOf[k] = b;
      spread[b] = (spread[b] ?? 0) + 1;
      sum[b] = (sum[b] ?? 0) + v;
      const m = (painter[k] ?? 0) * hw * hh + b;
      mine[m] = (mine[m] ?? 0) + 1;
    }
  }
  const r = Math.max(1, Math.round(radius / 2));
  // Blurred over the painted blocks' bounds only (all is 0 beyond): the same result.
  const box = boxAbove(spread, hw, 0);
  const near = boxBlurAround(spread, hw, hh, r, box);
  const mean = boxBlurAround(sum, hw, hh, r, box);
  const nearMine = new Float32Array(painters * hw * hh);
  for (let p = 0; p < painters; p++) {
    const grid = mine.subarray(p * hw * hh, (p + 1) * hw * hh);
    if (grid.some((c) => c > 0)) nearMine.set(boxBlurAround(grid, hw, hh, r, box), p * hw * hh);
  }
  const out = new Float32Array(values);
  for (let k = 0; k < w * h; k++) {
    const b = blockOf[k] ?? -1;
    if (b < 0) continue;
    const all = Math.max(1e-6, near[b] ?? 0);
    // The share of the pixel's painted neighbours that its own painter painted: all of them, unchanged;
    // half (right at the seam), the mean.
    const own = (nearMine[(painter[k] ?? 0) * hw * hh + b] ?? 0) / all;
    const weight = Math.min(1, 2 * (1 - own));
    if (weight <= 1e-4) continue;
    out[k] = (values[k] ?? 0) * (1 - weight) + ((mean[b] ?? 0) / all) * weight;
  }
  return out;
}
