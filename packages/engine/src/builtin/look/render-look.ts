import type { Point } from '../geometry/point.ts';
import { labToRgb } from '../image/lab-to-rgb.ts';
import { decodeRgb, encodeResult, type Raster } from '../image/raster.ts';
import { rgbToLab } from '../image/rgb-to-lab.ts';
import { seamMembrane } from '../image/seam-membrane.ts';
import { boxAbove } from '../person/mask.ts';
import type { Models } from '../worker/load-models.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { type Rendered, RenderRefusal } from '../worker/render-refusal.ts';
import { blendShape } from './blend-shape.ts';
import { eyesHidden, eyeUnderHair, glassesGlare } from './covered-eyes.ts';
import { detectFace } from './detect-face.ts';
import { type FaceMasks, faceMask } from './face-mask.ts';
import { FACE_OVAL } from './face-oval.ts';
import { farSideWeight } from './far-side.ts';
import { featheredMask } from './feathered-mask.ts';
import { headPose } from './head-pose.ts';
import { interiorDepth } from './interior-depth.ts';
import { longBeard } from './long-beard.ts';
import { blurred, matchColour } from './match-colour.ts';
import { matchHeadPoses } from './match-head-poses.ts';
import { matchSharpness } from './match-sharpness.ts';
import { mirrorFace } from './mirror-face.ts';
import { expressionShare, followLowerFace, keptMouth } from './mouth-expression.ts';
import { softenNoseHighlight } from './nose-highlight.ts';
import { pyramidBlend } from './pyramid-blend.ts';
import { resample } from './resample.ts';
import { shrinkFace } from './shrink-face.ts';
import { type Region, warpTriangles } from './warp-triangles.ts';

/** Face photos are searched and sampled at this size at most; a face never needs more. */
const FACE_SIDE = 1280;
/** Room around the face for the coarse pyramid bands to fade out in, as a share of the face width. */
const MARGIN = 0.3;
const FEATHER = 0.012;
/** The shopper's face is sampled from at most this many times the size it lands at. */
const SOURCE_DETAIL = 1.5;
/** The face width (cheek to cheek, in pixels) the look is worked out at, at most. */
const WORK_WIDTH = 240;
/**
 * How far the shopper's own proportions are carried into the face: all the way, as they are much of who
 * someone is; blendShape fades them out toward the outline so the seam stays on the model's jaw.
 */
const SHAPE = 1;
/**
 * Yaw gaps (degrees, after any mirroring) over which a turned face is treated as one: from `from` the fit
 * may widen the face across the eye line to undo the turn's narrowing and make it symmetric again (a turn
 * puts the features to one side of the eyes' middle: the mouth landed beside the model's chin), fully by
 * `to`, and the shopper's proportions across the eye line are carried `shapeLoss` less (0.6 before the
 * face was made symmetric). Those along the nose (eyes to nose to mouth to chin), much of who someone is, a
 * turn leaves alone: carried whole. Carried less, a laughing model's open mouth pulled a turned shopper's
 * closed lips open, smeared over the model's teeth, and the shopper was nearer the model than themselves in
 * 6 of 17 looks on the bench (5 with them carried whole).
 */
const TURN = { from: 8, to: 28, shapeLoss: 0.2 } as const;
/** The band inside the seam where the two skins are compared, as a share of the face width. */
const SEAM_RING = 0.06;
/** The seam correction varies over no less than this share of the face width. */
const SEAM_SMOOTH = 0.12;
/** The share of the seam correction that eyes, brows and lips take. */
const FEATURE_SHARE = 0.6;

/**
 * The look pipeline: both face meshes and head poses (mirroring the shopper's face to turn the model's way,
 * or refusing), a piecewise-affine warp, a mask of the face's skin and features, Lab colour and light
 * matched to the model, and a Laplacian pyramid blend.
 */
export async function renderLook(
  models: Models,
  input: { face: Uint8Array; model: Uint8Array },
  checkpoint: () => void,
): Promise<Rendered> {
  let face = await decodeRgb(input.face, FACE_SIDE);
  const model = await decodeRgb(input.model);
  checkpoint();
  let source = await detectFace(models, face);
  if (!source) throw new RenderRefusal('NO_FACE', 'No face was found in the face photo.');
  checkpoint();
  const target = await detectFace(models, model);
  if (!target) throw new RenderRefusal('NO_FACE', 'No face was found on the model photo.');
  checkpoint();

  if (eyesHidden(face, source.points)) {
    throw new RenderRefusal('FACE_COVERED', 'The eyes in the face photo are hidden or closed.');
  }
  if (eyesHidden(model, target.points)) {
    throw new RenderRefusal('FACE_COVERED', 'The eyes on the model photo are hidden or closed.');
  }
  if (glassesGlare(face, source.points)) {
    throw new RenderRefusal(
      'FACE_COVERED',
      'Light reflected in the glasses in the face photo hides the eyes.',
    );
  }
  if (glassesGlare(model, target.points)) {
    throw new RenderRefusal(
      'FACE_COVERED',
      'Light reflected in the glasses on the model photo hides the eyes.',
    );
  }

  const targetPose = headPose(target.points);
  const sourcePose = headPose(source.points);
  const { mirror } = matchHeadPoses(sourcePose, targetPose);
  // Only the shopper's: the model's own hair over an eye stays in front (the mask leaves it out).
  if (eyeUnderHair(face, source.points, sourcePose.yaw)) {
    throw new RenderRefusal('FACE_COVERED', 'An eye in the face photo is behind hair.');
  }
  if (longBeard(face, source.points)) {
    throw new RenderRefusal('FACE_LONG_BEARD', 'The beard in the face photo reaches below the chin.');
  }
  const landing = Math.min(targetPose.width, WORK_WIDTH);
  ({ image: face, mesh: source } = await shrinkFace(face, source, sourcePose.width, landing * SOURCE_DETAIL));
  if (mirror) ({ image: face, mesh: source } = mirrorFace(face, source));

  // Large faces are worked on at a capped size: every step costs per pixel, and a face photo seldom has
  // more detail than this to give. Only the blended face is scaled back up.
  const scale = Math.min(1, WORK_WIDTH / targetPose.width);
  const faceWidth = targetPose.width * scale;
  const oval = FACE_OVAL.map((i) => target.points[i] ?? { x: 0, y: 0 });
  const region = boundsOf(oval, model, targetPose.width * MARGIN);
  const work = {
    left: 0,
    top: 0,
    width: Math.round(region.width * scale),
    height: Math.round(region.height * scale),
  };
  const toWork = (p: Point): Point => ({ x: (p.x - region.left) * scale, y: (p.y - region.top) * scale });
  const modelMesh = target.points.map(toWork);
  const gap = Math.abs((mirror ? -sourcePose.yaw : sourcePose.yaw) - targetPose.yaw);
  const stretch = Math.min(1, Math.max(0, (gap - TURN.from) / (TURN.to - TURN.from)));
  const shape = blendShape(
    source.points,
    modelMesh,
    { across: SHAPE * (1 - TURN.shapeLoss * stretch), along: SHAPE },
    stretch,
  );
  const expression = expressionShare(source.points, target.points);
  followLowerFace(shape, modelMesh, expression);
  const triangles = models.faceTriangles;
  const warped = warpTriangles(face, source.points, shape, triangles, work);
  const far = farSideWeight(source.points, modelMesh, work);
  if (far) {
    // The far half of a turned face, taken from the near half mirrored.
    const flipped = mirrorFace(face, source);
    const other = warpTriangles(flipped.image, flipped.mesh.points, shape, triangles, work);
    mixIn(warped.rgb, other.rgb, far);
  }
  const under = crop(model.data, model.width, region, 3);
  const underWork = resample(models.cv, under, region, work, 3);
  const warpedLab = rgbToLab(warped.rgb);
  const modelLab = rgbToLab(underWork);
  const masks = faceMask(
    models.cv,
    { model: modelMesh, placed: shape },
    work,
    warpedLab,
    warped.covered,
    modelLab,
    faceWidth,
    keptMouth(modelMesh, expression),
  );
  matchColour(models.cv, warpedLab, modelLab, masks, work, faceWidth);
  softenNoseHighlight(models.cv, warpedLab, masks, work, faceWidth);
  meetAtSeam(models.cv, warpedLab, modelLab, masks, work, faceWidth);
  const over = labToRgb(warpedLab);
  matchSharpness(models.cv, over, underWork, masks.blend, work);
  // Outside the face the blend's coarse bands must see the model photo, or the shopper's hair and
  // background would tint the seam.
  copyOutside(over, underWork, masks.blend);
  const soft = featheredMask(models.cv, masks.blend, work, Math.max(1, faceWidth * FEATHER));
  const levels = Math.max(1, Math.min(5, Math.floor(Math.log2(faceWidth / 8))));
  const blended = pyramidBlend(models.cv, underWork, over, soft, work.width, work.height, levels);
  if (scale === 1) write(model, region, blended);
  else {
    // Scaled back up, the blend is laid over the sharp model photo through its own mask, so pixels it
    // did not change keep their full detail.
    const up = resample(models.cv, blended, work, region, 3);
    const reach = resample(models.cv, soft, work, region, 1);
    sharpenUpscaled(models.cv, { face: up, model: under, reach }, region, faceWidth / scale);
    throughReach(up, under, reach);
    write(model, region, up);
  }
  return {
    bytes: await encodeResult(model),
    width: model.width,
    height: model.height,
    contentType: 'image/webp',
  };
}

/**
 * What the global colour match left at the seam, read on the skin just inside it and spread smoothly over
 * the face (seamMembrane), added in: the face meets the model's jaw, temples and forehead in tone. Eyes,
 * brows and lips take part of it, or eye whites would go grey on a darker model.
 */
function meetAtSeam(
  cv: Models['cv'],
  lab: Float32Array,
  modelLab: Float32Array,
  masks: FaceMasks,
  work: Region,
  faceWidth: number,
): void {
  const depth = interiorDepth(cv, masks.blend, work, faceWidth * SEAM_RING);
  const ring = new Uint8Array(masks.blend.length);
  for (let i = 0; i < ring.length; i++) ring[i] = masks.skin[i] && (depth[i] ?? 1) < 1 ? 1 : 0;
  const smooth = Math.max(0, Math.round(Math.log2(faceWidth * SEAM_SMOOTH)));
  const correction = seamMembrane(lab, modelLab, ring, work, smooth);
  // Blurred, not shrunk first (as featheredMask does): the skin right at an eyelid takes the whole correction.
  const skin = blurred(cv, work, Float32Array.from(masks.shopperSkin), Math.max(1, faceWidth * 0.015));
  for (let i = 0; i < masks.blend.length; i++) {
    if (!masks.blend[i]) continue;
    const share = FEATURE_SHARE + (1 - FEATURE_SHARE) * (skin[i] ?? 0);
    for (let c = 0; c < 3; c++) lab[i * 3 + c] = (lab[i * 3 + c] ?? 0) + share * (correction[i * 3 + c] ?? 0);
  }
}

/**
 * The blended face, upscaled, is softer than the model photo round it: its detail is raised to the model's
 * (`matchSharpness`) over the box the face covers, fading out toward the seam, where the model's own edges are.
 */
function sharpenUpscaled(
  cv: OpenCv,
  images: { face: Float32Array; model: Float32Array; reach: Float32Array },
  region: Region,
  faceWidth: number,
): void {
  const { width } = region;
  const box = boxAbove(images.reach, width, 0.5);
  if (box.width === 0) return;
  const face = crop(images.face, width, box, 3);
  const inside = Uint8Array.from(crop(images.reach, width, box, 1), (m) => (m > 0.5 ? 1 : 0));
  const whole = { left: 0, top: 0, width: box.width, height: box.height };
  const weight = interiorDepth(cv, inside, whole, faceWidth * SEAM_RING);
  const factor = faceWidth / WORK_WIDTH;
  matchSharpness(cv, face, crop(images.model, width, box, 3), inside, whole, { factor, weight });
  for (let y = 0; y < box.height; y++) {
    const from = y * box.width * 3;
    images.face.set(face.subarray(from, from + box.width * 3), ((y + box.top) * width + box.left) * 3);
  }
}

// renderLook's loops, each a function of its own: in its body V8 compiled the whole of it again for each
// loop on every look.

/** Mixes `source` into `target` (three channels a pixel, changed) by `weight` a pixel where it is over 0. */
function mixIn(target: Float32Array, source: Float32Array, weight: Float32Array): void {
  for (let i = 0; i < weight.length; i++) {
    const k = weight[i] ?? 0;
    if (k <= 0) continue;
    for (let c = 0; c < 3; c++) {
      const j = i * 3 + c;
      target[j] = (target[j] ?? 0) * (1 - k) + (source[j] ?? 0) * k;
    }
  }
}

/** `under`'s colours into `over` (three channels a pixel) wherever `blend` is not set. */
function copyOutside(over: Float32Array, under: Float32Array, blend: Uint8Array): void {
  for (let i = 0; i < blend.length; i++) {
    if (blend[i]) continue;
    for (let c = 0; c < 3; c++) over[i * 3 + c] = under[i * 3 + c] ?? 0;
  }
}

/**
 * The upscaled blend `up` (changed) laid over the sharp model photo `under` through its own mask `reach`,
 * widened a little: the upscaled mask is softer than the blend it came from.
 */
function throughReach(up: Float32Array, under: Float32Array, reach: Float32Array): void {
  for (let i = 0; i < reach.length; i++) {
    const m = Math.min(1, (reach[i] ?? 0) * 1.5);
    for (let c = 0; c < 3; c++) {
      const k = i * 3 + c;
      up[k] = (under[k] ?? 0) * (1 - m) + (up[k] ?? 0) * m;
    }
  }
}

/** The `box` of a grid `width` wide with `channels` values a pixel, as floats. */
function crop(values: Float32Array | Uint8Array, width: number, box: Region, channels: number): Float32Array {
  const out = new Float32Array(box.width * box.height * channels);
  for (let y = 0; y < box.height; y++) {
    const from = ((y + box.top) * width + box.left) * channels;
    out.set(values.subarray(from, from + box.width * channels), y * box.width * channels);
  }
  return out;
}

function boundsOf(points: { x: number; y: number }[], image: Raster, margin: number): Region {
  const pad = Math.ceil(margin);
  const left = Math.max(0, Math.floor(Math.min(...points.map((p) => p.x))) - pad);
  const top = Math.max(0, Math.floor(Math.min(...points.map((p) => p.y))) - pad);
  const right = Math.min(image.width, Math.ceil(Math.max(...points.map((p) => p.x))) + pad);
  const bottom = Math.min(image.height, Math.ceil(Math.max(...points.map((p) => p.y))) + pad);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

function write(image: Raster, r: Region, rgb: Float32Array): void {
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const s = ((y + r.top) * image.width + (x + r.left)) * 3;
      const o = (y * r.width + x) * 3;
      for (let c = 0; c < 3; c++) image.data[s + c] = Math.min(255, Math.max(0, Math.round(rgb[o + c] ?? 0)));
    }
  }
}
