import { describe, expect, it } from 'vitest';
import {
  bodyShapes,
  disc,
  drawMask,
  frontPose,
  PHOTO,
  paint,
  rectangle,
  SKIN,
  solidRgb,
} from '../../../test/fixtures/synthetic-person.ts';
import type { Raster } from '../image/raster.ts';
import { bodyParts, Part } from '../person/body-parts.ts';
import type { Mask } from '../person/mask.ts';
import { hairMask } from './hair-mask.ts';
import { skinTone } from './skin-tone.ts';

const HAIR = [70, 45, 30] as const;
const SHIRT = [60, 90, 170] as const;

const pose = frontPose();
/** A long strand hanging from the hair beside the face down over the person's left shoulder and chest. */
const strand = rectangle(232, 55, 250, 330);
/** A dark brown belt across the hips, hair-coloured but not joined to the hair. */
const belt = rectangle(160, 300, 226, 312);

/** The same strand starting below the eyes (a scarf's tassel, say), for a head with no hair above the eyes. */
const lowStrand = rectangle(232, 80, 250, 330);

function scene(withHair = true): { photo: Raster; silhouette: Mask } {
  const shapes = [...bodyShapes(pose), withHair ? strand : lowStrand];
  const silhouette = drawMask(PHOTO.width, PHOTO.height, shapes);
  const photo = solidRgb(PHOTO.width, PHOTO.height, [235, 235, 235]);
  paint(photo, silhouette, SHIRT);
  paint(photo, drawMask(PHOTO.width, PHOTO.height, [disc(200, 84, 40)]), SKIN);
  paint(photo, drawMask(PHOTO.width, PHOTO.height, [belt]), HAIR);
  if (withHair) {
    paint(photo, drawMask(PHOTO.width, PHOTO.height, [rectangle(150, 30, 250, 62), strand]), HAIR);
    // Repaint the background around the head (the hair's rectangle only counts on the person).
    for (let i = 0; i < silhouette.data.length; i++) {
      if (!silhouette.data[i]) photo.data.set([235, 235, 235], i * 3);
    }
  } else {
    // A hair-coloured strand and a tuft of 9 hair pixels on the crown: too few to learn a hair colour from.
    paint(photo, drawMask(PHOTO.width, PHOTO.height, [lowStrand, rectangle(198.5, 46.5, 201.5, 49.5)]), HAIR);
  }
  return { photo, silhouette };
}

const at = (mask: Mask, x: number, y: number): number => mask.data[y * mask.width + x] ?? -1;

describe('hairMask', () => {
  const { photo, silhouette } = scene();
  const parts = bodyParts(pose, silhouette);
  const tone = skinTone(photo, pose);
  const hair = hairMask(photo, pose, parts, tone).front;

  it('marks hair hanging from the head over the shoulder and chest', () => {
    expect(tone).not.toBeNull();
    expect(at(hair, 200, 45)).toBe(255);
    expect(at(hair, 241, 150)).toBe(255);
    expect(at(hair, 241, 200)).toBe(255);
  });

  it("reads the hair's colour past a shiny forehead, which is not skin either", () => {
    // Half of the head above the eyes (the silhouette's head starts at y 50) is a grey sheen (no skin chroma): a mean of the head's non-skin
    // pixels would be the colour of neither, and the strand would not be found.
    const shiny = scene().photo;
    const band = drawMask(PHOTO.width, PHOTO.height, [rectangle(150, 60, 230, 70)]);
    for (let i = 0; i < band.data.length; i++) {
      if (band.data[i] && silhouette.data[i]) shiny.data.set([205, 205, 210], i * 3);
    }
    const found = hairMask(shiny, pose, parts, skinTone(shiny, pose)).front;
    expect(at(found, 241, 150)).toBe(255);
    expect(at(found, 241, 200)).toBe(255);
    expect(at(found, 200, 60)).toBe(0);
  });

  it('leaves the face, the garment and the background alone', () => {
    expect(at(hair, 200, 90)).toBe(0);
    expect(at(hair, 200, 220)).toBe(0);
    expect(at(hair, 20, 20)).toBe(0);
    expect(at(hair, 300, 40)).toBe(0);
  });

  it('does not take hair-coloured things that the hair does not reach', () => {
    // The belt is the hair's colour but not joined to it.
    expect(at(hair, 190, 306)).toBe(0);
    // Long hair and braids reach the waist: followed down to 1.4 shoulder spans under the shoulders (and
    // 2 spans from the eyes), not further.
    expect(at(hair, 241, 300)).toBe(255);
    expect(at(hair, 241, 325)).toBe(0);
  });

  it('takes hair falling beside the throat, but not down the middle of the chest', () => {
    // A curtain of hair from the crown down past the chest, 12 to 22 px right of the neck's middle (x 200,
    // y 150; the span is 120).
    const curtain = rectangle(212, 55, 222, 280);
    const photo = scene().photo;
    paint(photo, drawMask(PHOTO.width, PHOTO.height, [curtain]), HAIR);
    const found = hairMask(photo, pose, parts, skinTone(photo, pose)).front;
    // Just below the throat the chest's middle left clear of hair is narrow: the curtain beside it is hair
    // (a band as wide as the chest from there had cut it off square, and the chest's paint with it).
    expect(at(found, 217, 172)).toBe(255);
    // Further down it is the chest's middle, where a dark top would pass for hair.
    expect(at(found, 217, 250)).toBe(0);
  });

  it("leaves an old top's stripe in shade between the strands, near the hair in RGB but far more colourful", () => {
    // Dark hair with lighter strands (rows alternately near black and dark brown), and a dark blue stripe
    // running from the strand across the chest: within the hair's colour spread in RGB, but colourful.
    const striped = (stripeColour: readonly [number, number, number]): Raster => {
      const photo = scene().photo;
      const hairShapes = drawMask(PHOTO.width, PHOTO.height, [rectangle(150, 30, 250, 62), strand]);
      for (let i = 0; i < hairShapes.data.length; i++) {
        if (!hairShapes.data[i] || !silhouette.data[i]) continue;
        photo.data.set(Math.floor(i / PHOTO.width) % 2 ? [22, 20, 18] : [70, 52, 40], i * 3);
      }
      const stripe = drawMask(PHOTO.width, PHOTO.height, [rectangle(200, 180, 232, 186)]);
      for (let i = 0; i < stripe.data.length; i++) {
        if (stripe.data[i] && silhouette.data[i]) photo.data.set(stripeColour, i * 3);
      }
      return photo;
    };
    const blue = striped([22, 28, 80]);
    const found = hairMask(blue, pose, parts, skinTone(blue, pose)).front;
    expect(at(found, 241, 150)).toBe(255);
    expect(at(found, 228, 183)).toBe(0);
    // A stripe no more colourful than the hair is taken with it (it cannot be told from a strand).
    const brown = striped([60, 45, 36]);
    expect(at(hairMask(brown, pose, parts, skinTone(brown, pose)).front, 228, 183)).toBe(255);
  });

  it('takes a highlight the strand encloses for hair, but not a hole of another colour', () => {
    // Two 6 x 6 holes in the strand, both far from the hair's colour: a highlight (the hair's colour 2.3
    // times as light) and a patch of a blue old top between locks.
    const photo = scene().photo;
    paint(photo, drawMask(PHOTO.width, PHOTO.height, [rectangle(238, 150, 244, 156)]), [161, 104, 69]);
    paint(photo, drawMask(PHOTO.width, PHOTO.height, [rectangle(238, 200, 244, 206)]), [40, 60, 170]);
    const found = hairMask(photo, pose, parts, skinTone(photo, pose)).front;
    expect(at(found, 241, 153)).toBe(255);
    expect(at(found, 241, 203)).toBe(0);
    // The strand round them is hair either way.
    expect(at(found, 235, 203)).toBe(255);
  });

  it('finds no hair on a head with (almost) none above the eyes', () => {
    const bald = scene(false);
    const { front: mask, seen } = hairMask(
      bald.photo,
      pose,
      bodyParts(pose, bald.silhouette),
      skinTone(bald.photo, pose),
    );
    expect(seen.data.every((v) => v === 0)).toBe(true);
    expect(mask.data.every((v) => v === 0)).toBe(true);
  });
});

describe('hairMask with a top of the hair’s colour', () => {
  // The same person in a top as dark as the hair, joined to it at the neck: colour alone would take the
  // whole top for hair and cut the new garment to pieces.
  const { photo, silhouette } = scene();
  const shoulders = Math.min(pose.points.leftShoulder.y, pose.points.rightShoulder.y);
  const span = Math.hypot(
    pose.points.leftShoulder.x - pose.points.rightShoulder.x,
    pose.points.leftShoulder.y - pose.points.rightShoulder.y,
  );
  for (let i = 0; i < silhouette.data.length; i++) {
    const y = Math.floor(i / silhouette.width);
    if (silhouette.data[i] && y > shoulders - 10 && y < shoulders + span * 1.2) photo.data.set(HAIR, i * 3);
  }
  const parts = bodyParts(pose, silhouette);
  const { front: hair, seen } = hairMask(photo, pose, parts, skinTone(photo, pose));

  it('fades the hair out above the shoulders, with no straight cut, when too much of the torso looks like hair', () => {
    expect(at(hair, 200, 45)).toBe(255);
    expect(at(hair, 241, Math.round(shoulders + span * 0.1))).toBe(0);
    expect(at(hair, 241, Math.round(shoulders + span * 0.5))).toBe(0);
    expect(at(hair, 200, Math.round(shoulders + span * 0.5))).toBe(0);
    // Over the last tenth of a span above the shoulders it thins out row by row.
    const upper = at(hair, 241, Math.round(shoulders - span * 0.08));
    const lower = at(hair, 241, Math.round(shoulders - span * 0.02));
    expect(upper).toBeGreaterThan(lower);
    expect(lower).toBeGreaterThan(0);
    expect(upper).toBeLessThan(255);
  });

  it('still tells what it saw as hair below the shoulders, which is not to be painted over as skin', () => {
    expect(at(seen, 241, Math.round(shoulders + span * 0.1))).toBe(255);
    expect(at(seen, 241, Math.round(shoulders + span * 0.5))).toBe(255);
    expect(at(seen, 200, 45)).toBe(255);
  });

  it("takes the hair's lighter ends beside the jaw for hair, where the head's disc used to keep them", () => {
    // A lighter brown (39 levels from the hair, past the 30 its single colour allows) on the strand beside
    // the jaw (in the head's disc, below the mouth, beyond the jaw's width) and again further down it.
    const LIGHTER = [95, 68, 50] as const;
    const ends = scene().photo;
    paint(ends, drawMask(PHOTO.width, PHOTO.height, [rectangle(232, 104, 250, 120)]), LIGHTER);
    paint(ends, drawMask(PHOTO.width, PHOTO.height, [rectangle(232, 160, 250, 176)]), LIGHTER);
    const { seen } = hairMask(ends, pose, parts, skinTone(ends, pose));
    expect(parts.labels[112 * PHOTO.width + 241]).not.toBe(Part.head);
    expect(at(seen, 241, 112)).toBe(255);
    // Past the disc the same colour is not the hair's: the strand below it is still found round it.
    expect(at(seen, 241, 168)).toBe(0);
    expect(at(seen, 241, 140)).toBe(255);
  });
});
