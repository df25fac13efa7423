import type { Point } from '../geometry/point.ts';
import { dist, norm } from '../geometry/point.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { FACE_PARTS, LANDMARK } from './face-parts.ts';
import { innerFace } from './inner-face.ts';
import { skinPixels } from './skin-pixels.ts';
import type { Region } from './warp-triangles.ts';

export interface FaceMasks {
  /** 1 where the shopper's face replaces the model's. */
  blend: Uint8Array;
  /** 1 on skin both faces show there (features left out): where colour and light are compared. */
  skin: Uint8Array;
  /** 1 where the shopper's warped face is skin-coloured: eyes, brows and lips are not. */
  shopperSkin: Uint8Array;
  /** Where each face's light is read: its skin within the inner face, features left out, the model's deep shade kept in. */
  shade: { shopper: Uint8Array; model: Uint8Array };
  /** The shopper's nose where it lands (bridge, tip and wings). */
  nose: Uint8Array;
}

/** Mahalanobis distance a pixel may be from the sampled skin colour and still be skin. */
const SKIN_DISTANCE = 3;
/** Looser, for reading the model's light: the dark side of a face lit from one side is still its skin. */
const SHADE_DISTANCE = 5;
const SAMPLE_RADIUS = 0.07;
/** The share of the chin (between the lower lip and the chin's tip) that is not skin when the shopper wears a beard. */
const BEARD_SHARE = 0.6;
const { lowerLip: LOWER_LIP, upperLip: UPPER_LIP, chin: CHIN } = LANDMARK;
const { mouthRight: MOUTH_RIGHT, mouthLeft: MOUTH_LEFT } = LANDMARK;
/** The mesh's lower face: from one cheek edge under the nose to the other, round the jaw and chin. */
const LOWER_FACE = [
  454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 2,
];
const CLEAN_SIZE = 0.02;
/** FaceMesh points round the middle of the face under the eyes (`midFace`). */
const MID_FACE = [145, 133, 362, 374, 425, 291, 17, 61, 205] as const;

/**
 * Where the look puts the shopper's face, over `region` of the model photo (`model` is the model's mesh,
 * `placed` where the shopper's points land). It starts from the inner face
 * (cheeks, chin, lower forehead), keeps the features (brows, eyes, nose, lips) whatever their colour, and
 * elsewhere keeps only pixels that are skin in both photos: a strand of the shopper's hair is not pasted,
 * and the model's own hair over their face stays in front. `modelMouth`, when given, is the model's open
 * mouth, left out.
 */
export function faceMask(
  cv: OpenCv,
  meshes: { model: readonly Point[]; placed: readonly Point[] },
  region: Region,
  warpedLab: Float32Array,
  covered: Uint8Array,
  modelLab: Float32Array,
  faceWidth: number,
  modelMouth: Point[] | null = null,
): FaceMasks {
  const at = (i: number): Point => meshes.model[i] ?? { x: 0, y: 0 };
  const inner = polygons(cv, region, [innerFace(meshes.model)]);
  // The model's own features are covered too where the shopper's land a little apart, or the model's brows
  // and make-up would show beside them.
  const parts = [FACE_PARTS.rightBrowAndEye, FACE_PARTS.leftBrowAndEye, FACE_PARTS.lips];
  const hulls = (list: readonly (readonly number[])[]): Point[][] =>
    [meshes.model, meshes.placed].flatMap((mesh) =>
      list.map((part) => hull(part.map((i) => mesh[i] ?? at(i)))),
    );
  // Eyes, brows and lips; the nose is skin, and its light is read with the cheeks' (a sunlit shopper's
  // shiny nose otherwise stays a white patch on a model lit softly).
  const unlike = polygons(cv, region, hulls(parts));
  const features = polygons(cv, region, hulls([...parts, FACE_PARTS.nose]));
  const sample = discs(region, FACE_PARTS.skinSamples.map(at), faceWidth * SAMPLE_RADIUS);
  keepWhere(sample, covered, inner);
  const clean = Math.max(3, Math.round(faceWidth * CLEAN_SIZE) | 1);
  const shopperSkin = tidy(cv, region, skinPixels(warpedLab, sample, SKIN_DISTANCE), clean);
  const modelSkin = tidy(cv, region, skinPixels(modelLab, sample, SKIN_DISTANCE), clean);
  const modelShaded = skinPixels(modelLab, sample, SHADE_DISTANCE);

  const shopperHair = fromOutside(cv, region, inner, features, shopperSkin);
  // The model's hair is told from their skin by the looser test: a jaw in shadow, or stubble, is the face's
  // own and is replaced; hair is further from any skin tone than shade is.
  const modelHair = fromOutside(cv, region, inner, features, tidy(cv, region, modelShaded, clean));
  // A beard is much of who someone is. The shopper's, when their chin is hair, is carried whole rather than
  // punched out around the lips (which left the model's mouth showing through); the model's is replaced
  // with the rest of their lower face, or the shopper's lips sit in the model's beard. Hair that frames a
  // face reaches its cheeks, seldom the middle of the chin, and stays as it was.
  for (const [mesh, skin, hair] of [
    [meshes.placed, shopperSkin, shopperHair],
    [meshes.model, modelSkin, modelHair],
  ] as const) {
    if (!bearded(region, mesh, covered, skin)) continue;
    const lower = polygons(cv, region, [lowerFace(mesh)]);
    clearWhere(hair, lower);
  }
  // What is dark around and below the model's mouth is the laugh's creases and the mouth's shadow, and in the
  // middle of the face under the eyes shade or make-up (a turned face's far side in shade runs into the hair
  // beside it), not hair: hair over a face comes in from its top and sides. There the shopper's face goes over.
  const neverHair = polygons(cv, region, [underMouth(meshes.model), midFace(meshes.model)]);
  clearWhere(modelHair, neverHair);
  const blend = new Uint8Array(inner.length);
  const skin = new Uint8Array(inner.length);
  blendAndSkin({ inner, covered, features, shopperSkin, modelSkin, shopperHair, modelHair }, { blend, skin });
  // Where the shopper's lips follow a model's open mouth, its inside (teeth, tongue) stays the model's.
  if (modelMouth) clearWhere(blend, polygons(cv, region, [modelMouth]));
  const shade = { shopper: new Uint8Array(inner.length), model: new Uint8Array(inner.length) };
  shadeMasks({ inner, unlike, covered, shopperSkin, modelShaded }, shade);
  const nose = polygons(cv, region, [hull(FACE_PARTS.nose.map((i) => meshes.placed[i] ?? at(i)))]);
  return { blend: tidy(cv, region, blend, clean), skin, shopperSkin, shade, nose };
}

// faceMask's loops, each a function of its own: in its body V8 compiled the whole of it again for each loop
// on every look.

/** Keeps `mask` (changed) only where `a` and `b` are set too. */
function keepWhere(mask: Uint8Array, a: Uint8Array, b: Uint8Array): void {
  for (let i = 0; i < mask.length; i++) mask[i] = mask[i] && a[i] && b[i] ? 1 : 0;
}

/** Clears `mask` (changed) where `where` is set. */
function clearWhere(mask: Uint8Array, where: Uint8Array): void {
  for (let i = 0; i < where.length; i++) if (where[i]) mask[i] = 0;
}

/**
 * Where the shopper's face is blended in (`blend`: the inner face, covered by the warp, hair in neither
 * photo) and, of it, what is skin in both photos outside the features (`skin`).
 */
function blendAndSkin(
  seen: {
    inner: Uint8Array;
    covered: Uint8Array;
    features: Uint8Array;
    shopperSkin: Uint8Array;
    modelSkin: Uint8Array;
    shopperHair: Uint8Array;
    modelHair: Uint8Array;
  },
  out: { blend: Uint8Array; skin: Uint8Array },
): void {
  const { inner, covered, features, shopperSkin, modelSkin, shopperHair, modelHair } = seen;
  for (let i = 0; i < inner.length; i++) {
    if (!inner[i] || !covered[i] || shopperHair[i] || modelHair[i]) continue;
    out.blend[i] = 1;
    out.skin[i] = !features[i] && shopperSkin[i] && modelSkin[i] ? 1 : 0;
  }
}

/** The skin whose light is read in each photo: the inner face outside the eyes, brows and lips. */
function shadeMasks(
  seen: {
    inner: Uint8Array;
    unlike: Uint8Array;
    covered: Uint8Array;
    shopperSkin: Uint8Array;
    modelShaded: Uint8Array;
  },
  out: { shopper: Uint8Array; model: Uint8Array },
): void {
  const { inner, unlike, covered, shopperSkin, modelShaded } = seen;
  for (let i = 0; i < inner.length; i++) {
    if (!inner[i] || unlike[i]) continue;
    out.shopper[i] = covered[i] && shopperSkin[i] ? 1 : 0;
    out.model[i] = modelShaded[i] ?? 0;
  }
}

/** Whether the middle of the chin, between the lower lip and the chin's tip, is mostly not skin. */
function bearded(region: Region, mesh: readonly Point[], covered: Uint8Array, skin: Uint8Array): boolean {
  const lip = mesh[LOWER_LIP] ?? { x: 0, y: 0 };
  const chin = mesh[CHIN] ?? lip;
  const middle = { x: (lip.x + chin.x) / 2, y: (lip.y + chin.y) / 2 };
  const disc = discs(region, [middle], dist(chin, lip) * 0.35);
  let area = 0;
  let hair = 0;
  for (let i = 0; i < disc.length; i++) {
    if (!disc[i] || !covered[i]) continue;
    area++;
    if (!skin[i]) hair++;
  }
  return area > 0 && hair > area * BEARD_SHARE;
}

/** The middle of the face under the eyes: lower lids and inner corners, mid-cheeks, mouth corners, lower lip. */
function midFace(mesh: readonly Point[]): Point[] {
  return hull(MID_FACE.map((i) => mesh[i] ?? { x: 0, y: 0 }));
}

/** From beyond each mouth corner (a quarter of the mouth's width out) down to the chin. */
function underMouth(mesh: readonly Point[]): Point[] {
  const right = mesh[MOUTH_RIGHT] ?? { x: 0, y: 0 };
  const left = mesh[MOUTH_LEFT] ?? right;
  const dx = (left.x - right.x) * 0.25;
  const dy = (left.y - right.y) * 0.25;
  const top = mesh[UPPER_LIP] ?? right;
  return [
    { x: right.x - dx, y: right.y - dy },
    top,
    { x: left.x + dx, y: left.y + dy },
    ...[377, 152, 148].map((i) => mesh[i] ?? right),
  ];
}

function lowerFace(mesh: readonly Point[]): Point[] {
  return LOWER_FACE.map((i) => mesh[i] ?? { x: 0, y: 0 });
}

/** The union of the shapes, 0/1. Each is filled on its own: one fillPoly call XORs where shapes overlap. */
function polygons(cv: OpenCv, region: Region, shapes: Point[][]): Uint8Array {
  const mat = cv.Mat.zeros(region.height, region.width, cv.CV_8UC1);
  try {
    for (const shape of shapes) {
      const flat = shape.flatMap((p) => [Math.round(p.x - region.left), Math.round(p.y - region.top)]);
      const contour = cv.matFromArray(shape.length, 1, cv.CV_32SC2, flat);
      const contours = new cv.MatVector();
      contours.push_back(contour);
      cv.fillPoly(mat, contours, new cv.Scalar(1));
      contours.delete();
      contour.delete();
    }
    return new Uint8Array(mat.data);
  } finally {
    mat.delete();
  }
}

/**
 * Non-skin pixels joined to the outside of the inner face: hair reaches over a face from its edge, while a
 * shadow, a mole or lipstick off the lips lies within it and is the face's own.
 */
function fromOutside(
  cv: OpenCv,
  region: Region,
  inner: Uint8Array,
  features: Uint8Array,
  skin: Uint8Array,
): Uint8Array {
  const open = new Uint8Array(inner.length);
  for (let i = 0; i < open.length; i++) open[i] = !inner[i] || (!features[i] && !skin[i]) ? 1 : 0;
  const mat = new cv.Mat(region.height, region.width, cv.CV_8UC1);
  const labels = new cv.Mat();
  try {
    mat.data.set(open);
    cv.connectedComponents(mat, labels, 4, cv.CV_32S);
    const outside = new Set<number>();
    const ids = labels.data32S;
    for (let i = 0; i < open.length; i++) if (!inner[i]) outside.add(ids[i] ?? 0);
    outside.delete(0);
    const out = new Uint8Array(open.length);
    for (let i = 0; i < open.length; i++) out[i] = inner[i] && outside.has(ids[i] ?? 0) ? 1 : 0;
    return out;
  } finally {
    mat.delete();
    labels.delete();
  }
}

function discs(region: Region, centres: Point[], radius: number): Uint8Array {
  const out = new Uint8Array(region.width * region.height);
  for (const c of centres) {
    const x0 = Math.max(0, Math.floor(c.x - radius - region.left));
    const x1 = Math.min(region.width - 1, Math.ceil(c.x + radius - region.left));
    const y0 = Math.max(0, Math.floor(c.y - radius - region.top));
    const y1 = Math.min(region.height - 1, Math.ceil(c.y + radius - region.top));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (norm(x + region.left - c.x, y + region.top - c.y) <= radius) out[y * region.width + x] = 1;
      }
    }
  }
  return out;
}

/**
 * An opening: drops specks of "skin" the colour test found among hair. No closing: it would fill thin dark
 * strands back in; pores and highlights the test missed are kept by `fromOutside` instead.
 */
function tidy(cv: OpenCv, region: Region, mask: Uint8Array, size: number): Uint8Array {
  const mat = new cv.Mat(region.height, region.width, cv.CV_8UC1);
  mat.data.set(mask);
  const kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(size, size));
  try {
    cv.morphologyEx(mat, mat, cv.MORPH_OPEN, kernel);
    return new Uint8Array(mat.data);
  } finally {
    mat.delete();
    kernel.delete();
  }
}

/** Convex hull (monotone chain), so a part's points can be listed in any order. */
function hull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o: Point, a: Point, b: Point): number =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const half = (list: Point[]): Point[] => {
    const out: Point[] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2] ?? p, out[out.length - 1] ?? p, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}
