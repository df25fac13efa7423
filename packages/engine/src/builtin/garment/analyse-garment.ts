import type { Raster } from '../image/raster.ts';
import type { OpenCv } from '../worker/opencv.ts';
import { cutOut } from './cut-out.ts';
import { type GarmentAnalysis, isLowerBody } from './garment.ts';
import { garmentShape, runAt } from './garment-shape.ts';
import { kindFromCategory } from './kind-from-category.ts';
import { hasHood, isLowerShape, lowerKind, upperKind } from './kind-from-shape.ts';
import { legGap } from './leg-gap.ts';
import { lowerLandmarks } from './lower-landmarks.ts';
import { lowerParts } from './lower-parts.ts';
import { openNeckline } from './open-neckline.ts';
import { upperLandmarks } from './upper-landmarks.ts';
import { upperParts } from './upper-parts.ts';

/**
 * Understands a garment from its flat-lay product photo: cuts it out, tells its kind (from its shape, or
 * the shop's category when that names one), finds its landmarks and labels its parts. Throws RenderRefusal
 * ('GARMENT_BACKGROUND_BUSY', 'NO_GARMENT') when the photo cannot be cut out.
 */
export function analyseGarment(cv: OpenCv, rgb: Raster, hint?: { category?: string }): GarmentAnalysis {
  const cut = cutOut(cv, rgb);
  const { width: w, height: h } = cut.image;
  const shape = garmentShape(cut.mask, w, h);
  // Kind and landmarks from the shape as cut (its corners sharp); the parts over the smoothed outline the
  // image's alpha has, so no pixel of the garment is left without a part.
  const outline = garmentShape(cut.outline, w, h);
  const hinted = kindFromCategory(hint?.category);
  if (hinted ? isLowerBody(hinted) : isLowerShape(shape)) {
    const found = legGap(shape);
    const kind = hinted ?? lowerKind(shape, found);
    const gap = kind === 'skirt' ? null : found;
    return {
      kind,
      image: cut.image,
      parts: lowerParts(outline, gap),
      landmarks: lowerLandmarks(shape, gap),
      box: cut.box,
    };
  }
  const body = runAt(shape, h * 0.7, shape.centre, w * 0.05);
  const bodyWidth = body ? body.to - body.from : w / 2;
  const hood = hasHood(shape, bodyWidth) && (!hinted || hinted === 'hoodie');
  const grey = greyOf(cut.image);
  const upper = upperLandmarks(shape, grey, hood);
  const kind = hinted ?? upperKind(upper.measures, hood);
  const parts = upperParts(outline, upper.landmarks, upper.waist, hood);
  if (!hood && upper.landmarks.neck) openNeckline(parts, outline, grey, upper.landmarks.neck);
  return {
    kind,
    image: cut.image,
    parts,
    landmarks: upper.landmarks,
    box: cut.box,
  };
}

function greyOf(image: Raster): Uint8Array {
  const n = image.width * image.height;
  const out = new Uint8Array(n);
  const c = image.channels;
  for (let i = 0; i < n; i++)
    out[i] =
      ((image.data[i * c] ?? 0) * 77 +
        (image.data[i * c + 1] ?? 0) * 150 +
        (image.data[i * c + 2] ?? 0) * 29) >>
      8;
  return out;
}
