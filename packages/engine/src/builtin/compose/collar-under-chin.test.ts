import { describe, expect, it } from 'vitest';
import {
  bodyShapes,
  disc,
  drawMask,
  frontPose,
  PHOTO,
  paint,
  rectangle,
  type Shape,
  SKIN,
  solidRgb,
} from '../../../test/fixtures/synthetic-person.ts';
import type { Raster } from '../image/raster.ts';
import { type BodyParts, bodyParts, Part } from '../person/body-parts.ts';
import { emptyMask, type Mask } from '../person/mask.ts';
import { collarUnderChin } from './collar-under-chin.ts';
import { type SkinTone, skinTone } from './skin-tone.ts';

const SHIRT = [60, 90, 170] as const;
const BEARD = [70, 45, 30] as const;
const SCARF = [40, 150, 60] as const;

const pose = frontPose();
/** A shirt collar standing up under the chin (the synthetic face's chin is at y 124, the mouth at y 100). */
const collar = rectangle(186, 120, 214, 150);

/** The synthetic person in a blue shirt, face and neck skin, with `extra` shapes painted in their colours. */
function scene(extra: readonly { shape: Shape; rgb: readonly [number, number, number] }[]): {
  photo: Raster;
  parts: BodyParts;
  tone: SkinTone;
} {
  const silhouette = drawMask(PHOTO.width, PHOTO.height, bodyShapes(pose));
  const photo = solidRgb(PHOTO.width, PHOTO.height, [235, 235, 235]);
  paint(photo, silhouette, SHIRT);
  paint(photo, drawMask(PHOTO.width, PHOTO.height, [disc(200, 84, 40), rectangle(186, 110, 214, 150)]), SKIN);
  for (const { shape, rgb } of extra) {
    const mask = drawMask(PHOTO.width, PHOTO.height, [shape]);
    for (let i = 0; i < mask.data.length; i++)
      if (mask.data[i] && silhouette.data[i]) photo.data.set(rgb, i * 3);
  }
  const tone = skinTone(photo, pose);
  if (!tone) throw new Error('no skin tone');
  return { photo, parts: bodyParts(pose, silhouette), tone };
}

const label = (parts: BodyParts, x: number, y: number): number => parts.labels[y * parts.width + x] ?? -1;
const noHair: Mask = emptyMask(PHOTO.width, PHOTO.height);

describe('collarUnderChin', () => {
  it('gives an old collar under the chin, which the part map calls head, back to the neck', () => {
    const { photo, parts, tone } = scene([{ shape: collar, rgb: SHIRT }]);
    // The premise: the part map takes the collar under the chin for the head.
    expect(label(parts, 200, 130)).toBe(Part.head);
    const out = collarUnderChin(photo, pose, parts, noHair, tone);
    expect(label(out, 200, 130)).toBe(Part.neck);
    expect(label(out, 190, 122)).toBe(Part.neck);
    // The face above it stays the head.
    expect(label(out, 200, 90)).toBe(Part.head);
    expect(label(out, 200, 112)).toBe(Part.head);
  });

  it('leaves a beard the face shows above the mouth too, and skin', () => {
    // A beard over the cheeks and the chin, down over the neck past the head's labels to the collar: the
    // beard's colour is round the neck's base as the old top's is, but the face shows it above the mouth.
    const beard = { shape: rectangle(172, 92, 228, 144), rgb: BEARD };
    const { photo, parts, tone } = scene([beard, { shape: rectangle(186, 144, 214, 150), rgb: SHIRT }]);
    expect(label(parts, 200, 142)).toBe(Part.neck);
    expect(label(parts, 200, 128)).toBe(Part.head);
    const out = collarUnderChin(photo, pose, parts, noHair, tone);
    expect(label(out, 200, 128)).toBe(Part.head);
    expect(label(parts, 184, 116)).toBe(Part.head);
    expect(label(out, 184, 116)).toBe(Part.head);
  });

  it('leaves what is not of the old top, and what is not joined to it', () => {
    // A green knot above a blue collar: the old top round the neck is blue; the collar goes, the knot stays.
    const knot = scene([
      { shape: rectangle(186, 117, 214, 127), rgb: SCARF },
      { shape: rectangle(186, 127, 214, 150), rgb: SHIRT },
    ]);
    const out = collarUnderChin(knot.photo, pose, knot.parts, noHair, knot.tone);
    expect(label(out, 200, 134)).toBe(Part.neck);
    expect(label(knot.parts, 200, 119)).toBe(Part.head);
    expect(label(out, 200, 119)).toBe(Part.head);
    // A patch of the shirt's blue under the chin with skin all round it (a pendant, say).
    const pendant = scene([{ shape: rectangle(194, 118, 206, 128), rgb: SHIRT }]);
    const alone = collarUnderChin(pendant.photo, pose, pendant.parts, noHair, pendant.tone);
    expect(label(alone, 200, 122)).toBe(Part.head);
    // And hair over the collar is hair, not the collar.
    const over = scene([{ shape: collar, rgb: SHIRT }]);
    const hair = drawMask(PHOTO.width, PHOTO.height, [rectangle(186, 118, 200, 150)]);
    const kept = collarUnderChin(over.photo, pose, over.parts, hair, over.tone);
    expect(label(kept, 192, 126)).toBe(Part.head);
    expect(label(kept, 208, 126)).toBe(Part.neck);
  });
});
