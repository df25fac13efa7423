import type { Point } from '../geometry/point.ts';
import { insidePolygon } from '../geometry/polygon.ts';
import { labToRgb } from '../image/lab-to-rgb.ts';
import type { Raster } from '../image/raster.ts';
import { rgbToLab } from '../image/rgb-to-lab.ts';
import { detectBodyPose } from '../person/body-pose.ts';
import { segmentPerson } from '../person/segment-person.ts';
import type { Models } from '../worker/load-models.ts';
import { bodySkin } from './body-skin.ts';
import { FACE_OVAL } from './face-oval.ts';
import { FACE_PARTS } from './face-parts.ts';
import { blurred } from './match-colour.ts';
import { retoneSkin } from './retone-skin.ts';
import { skinStats } from './skin-stats.ts';
import { smoothness } from './smoothness.ts';

/** Skin is sampled in discs of this radius (share of the face width) around the cheeks and nose bridge. */
const SAMPLE_RADIUS = 0.08;
/** Skin is looked for this far (share of the face width) around surely skin-coloured pixels. */
const AROUND = 0.06;
/** Texture is read over this share of the face width: strands of hair, not the features. */
const FINE = 0.025;
/** The recolouring fades in over this share of the face width at the skin's edges. */
const EDGE = 0.015;

/**
 * Moves all of the model's visible skin (neck, ears, hands, arms, chest, and the face the shopper's lands
 * on) to the tone of the shopper's face, in place: the shopper's face then needs little recolouring and
 * keeps their own tone, and no edge between two tones reads as a mask. The person's silhouette keeps a
 * background of skin colour out.
 */
export async function carrySkinTone(
  models: Models,
  face: Raster,
  facePoints: readonly Point[],
  faceWidth: number,
  model: Raster,
  modelPoints: readonly Point[],
  modelWidth: number,
): Promise<void> {
  const at = (points: readonly Point[]) => FACE_PARTS.skinSamples.map((k) => points[k] ?? { x: 0, y: 0 });
  const shopper = skinStats(
    rgbToLab(Float32Array.from(face.data)),
    face.width,
    at(facePoints),
    faceWidth * SAMPLE_RADIUS,
  );
  const modelLab = rgbToLab(Float32Array.from(model.data));
  const centres = at(modelPoints);
  const radius = modelWidth * SAMPLE_RADIUS;
  const own = skinStats(modelLab, model.width, centres, radius);
  if (!shopper || !own) return;
  const pose = await detectBodyPose(models, model);
  if (!pose) return;
  const silhouette = await segmentPerson(models, model, pose);
  const person = Float32Array.from(silhouette.data, (v) => v / 255);
  const sample = new Uint8Array(model.width * model.height);
  for (const c of centres) {
    for (let y = Math.max(0, Math.round(c.y - radius)); y <= Math.min(model.height - 1, c.y + radius); y++) {
      for (let x = Math.max(0, Math.round(c.x - radius)); x <= Math.min(model.width - 1, c.x + radius); x++) {
        if ((x - c.x) ** 2 + (y - c.y) ** 2 <= radius * radius) sample[y * model.width + x] = 1;
      }
    }
  }
  const full = { left: 0, top: 0, width: model.width, height: model.height };
  const around = (values: Float32Array) => blurred(models.cv, full, values, Math.max(1, modelWidth * AROUND));
  const fine = (values: Float32Array) => blurred(models.cv, full, values, Math.max(1, modelWidth * FINE));
  const skin = bodySkin(modelLab, sample, person, around);
  const smooth = smoothness(modelLab, skin, fine);
  // The face's features are texture too, but its skin must take the new tone: the shopper's face is
  // matched to it next.
  const oval = FACE_OVAL.map((k) => modelPoints[k] ?? { x: 0, y: 0 });
  const top = Math.max(0, Math.floor(Math.min(...oval.map((p) => p.y))));
  const bottom = Math.min(model.height - 1, Math.ceil(Math.max(...oval.map((p) => p.y))));
  const left = Math.max(0, Math.floor(Math.min(...oval.map((p) => p.x))));
  const right = Math.min(model.width - 1, Math.ceil(Math.max(...oval.map((p) => p.x))));
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      if (insidePolygon({ x, y }, oval)) smooth[y * model.width + x] = 1;
    }
  }
  for (let i = 0; i < skin.length; i++) skin[i] = (skin[i] ?? 0) * (smooth[i] ?? 0);
  const weight = blurred(models.cv, full, skin, Math.max(1, modelWidth * EDGE));
  retoneSkin(modelLab, weight, own, shopper);
  const rgb = labToRgb(modelLab);
  for (let i = 0; i < weight.length; i++) {
    if ((weight[i] ?? 0) <= 0.002) continue;
    for (let c = 0; c < 3; c++) {
      model.data[i * 3 + c] = Math.min(255, Math.max(0, Math.round(rgb[i * 3 + c] ?? 0)));
    }
  }
}
