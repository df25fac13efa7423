import { decodeRgb, encodeResult, type Raster } from '../image/raster.ts';
import type { Models } from '../worker/load-models.ts';
import { type Rendered, RenderRefusal } from '../worker/render-refusal.ts';
import { detectFace } from './detect-face.ts';
import { FACE_OVAL } from './face-oval.ts';
import { featheredMask } from './feathered-mask.ts';
import { matchColour } from './match-colour.ts';
import { type Region, warpTriangles } from './warp-triangles.ts';

/** Face photos are searched and sampled at this size at most; a face never needs more. */
const FACE_SIDE = 1280;

/** The look pipeline: both face meshes, a per-triangle warp, colour match, feathered blend. */
export async function renderLook(
  models: Models,
  input: { face: Uint8Array; model: Uint8Array },
  checkpoint: () => void,
): Promise<Rendered> {
  const face = await decodeRgb(input.face, FACE_SIDE);
  const model = await decodeRgb(input.model);
  checkpoint();
  const source = await detectFace(models, face);
  if (!source) throw new RenderRefusal('NO_FACE', 'No face was found in the face photo.');
  checkpoint();
  const target = await detectFace(models, model);
  if (!target) throw new RenderRefusal('NO_FACE', 'No face was found on the model photo.');
  checkpoint();

  const oval = FACE_OVAL.map((i) => target.points[i] ?? { x: 0, y: 0 });
  const region = boundsOf(oval, model);
  const faceWidth = region.width;
  const warped = warpTriangles(face, source.points, target.points, models.faceTriangles, region);
  const mask = featheredMask(models.cv, oval, region, faceWidth * 0.04);
  for (let i = 0; i < mask.length; i++) if (!warped.covered[i]) mask[i] = 0;
  const under = regionOf(model, region);
  matchColour(warped.rgb, under, mask);
  blend(model, region, warped.rgb, mask);
  return {
    bytes: await encodeResult(model),
    width: model.width,
    height: model.height,
    contentType: 'image/webp',
  };
}

function boundsOf(points: { x: number; y: number }[], image: Raster): Region {
  const pad = 4;
  const left = Math.max(0, Math.floor(Math.min(...points.map((p) => p.x))) - pad);
  const top = Math.max(0, Math.floor(Math.min(...points.map((p) => p.y))) - pad);
  const right = Math.min(image.width, Math.ceil(Math.max(...points.map((p) => p.x))) + pad);
  const bottom = Math.min(image.height, Math.ceil(Math.max(...points.map((p) => p.y))) + pad);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

function regionOf(image: Raster, r: Region): Float32Array {
  const out = new Float32Array(r.width * r.height * 3);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const s = ((y + r.top) * image.width + (x + r.left)) * 3;
      const o = (y * r.width + x) * 3;
      for (let c = 0; c < 3; c++) out[o + c] = image.data[s + c] ?? 0;
    }
  }
  return out;
}

function blend(image: Raster, r: Region, rgb: Float32Array, mask: Float32Array): void {
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const m = mask[y * r.width + x] ?? 0;
      if (m <= 0) continue;
      const s = ((y + r.top) * image.width + (x + r.left)) * 3;
      const o = (y * r.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        image.data[s + c] = Math.round((image.data[s + c] ?? 0) * (1 - m) + (rgb[o + c] ?? 0) * m);
      }
    }
  }
}
