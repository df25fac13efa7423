import sharp from 'sharp';
import { cutOutGarment } from '../garment/cut-out-garment.ts';
import { garmentLandmarks } from '../garment/garment-landmarks.ts';
import { decodeRgb } from '../image/raster.ts';
import { detectPose } from '../pose/detect-pose.ts';
import type { Models } from '../worker/load-models.ts';
import { type Rendered, RenderRefusal } from '../worker/render-refusal.ts';
import { armMasks } from './arm-masks.ts';
import { fitGarment } from './fit-garment.ts';
import { hairMask } from './hair-mask.ts';
import { shadeGarment } from './shade-garment.ts';
import { landingBox, warpGarment } from './warp-garment.ts';

/** Garment photos are cut out at this size at most: enough for a torso in a 2-megapixel photo. */
const GARMENT_SIDE = 900;

/** The try-on pipeline: pose, garment cut-out, fit, occlusion, warp, shading, composite. */
export async function renderTryOn(
  models: Models,
  input: { person: Uint8Array; garment: Uint8Array },
  checkpoint: () => void,
): Promise<Rendered> {
  const person = await decodeRgb(input.person);
  const garment = await decodeRgb(input.garment, GARMENT_SIDE);
  checkpoint();
  const pose = await detectPose(models, person, { upperBody: true });
  if (!pose) throw new RenderRefusal('NO_PERSON', 'No person with visible shoulders was found in the photo.');
  checkpoint();
  const cutout = cutOutGarment(models.cv, garment);
  const landmarks = cutout && garmentLandmarks(cutout.image);
  if (!cutout || !landmarks) {
    throw new RenderRefusal('NO_GARMENT', 'No garment on a plain background was found in the garment photo.');
  }
  checkpoint();
  const fit = fitGarment(pose, landmarks, person.height);
  const box = landingBox(fit, landmarks, cutout.image, person.width, person.height);
  if (!box) throw new RenderRefusal('NO_PERSON', 'The person is too far outside the photo to dress.');
  const occluders = {
    ...armMasks(models.cv, pose, box, fit.span),
    hair: hairMask(models.cv, person, pose, box, fit.span),
  };
  checkpoint();
  const layer = warpGarment(models.cv, cutout.image, landmarks, fit, box, occluders);
  shadeGarment(models.cv, person, layer, fit.span);
  checkpoint();
  const bytes = await sharp(person.data, { raw: { width: person.width, height: person.height, channels: 3 } })
    .composite([
      {
        input: Buffer.from(layer.image.data.buffer, layer.image.data.byteOffset, layer.image.data.length),
        raw: { width: layer.image.width, height: layer.image.height, channels: 4 },
        left: layer.left,
        top: layer.top,
      },
    ])
    .webp({ quality: 90, effort: 2 })
    .toBuffer();
  return { bytes, width: person.width, height: person.height, contentType: 'image/webp' };
}
