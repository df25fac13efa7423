import { describe, expect, it } from 'vitest';
import {
  bodyShapes,
  drawMask,
  frontPose,
  mapPose,
  PHOTO,
  silhouetteOf,
} from '../../../test/fixtures/synthetic-person.ts';
import { emptyMask } from './mask.ts';
import { headAbove, personPresent, thighsEmpty } from './person-present.ts';

describe('personPresent', () => {
  const pose = frontPose();

  it('takes a silhouette with a chest below the shoulders and a neck above them', () => {
    expect(personPresent(silhouetteOf(pose), pose)).toBe(true);
  });

  it('refuses a pose over nothing the segmentation took for a person', () => {
    expect(personPresent(emptyMask(PHOTO.width, PHOTO.height), pose)).toBe(false);
  });

  it('refuses a garment laid flat: a body and sleeves, nothing above the neckline', () => {
    // The body's shapes without the head disc and the neck: what a flat-lay T-shirt's segmentation shows.
    const [, , ...garment] = bodyShapes(pose);
    expect(personPresent(drawMask(PHOTO.width, PHOTO.height, garment), pose)).toBe(false);
  });

  it('refuses a head with no body below the shoulders', () => {
    const headAndNeck = bodyShapes(pose).slice(0, 2);
    expect(personPresent(drawMask(PHOTO.width, PHOTO.height, headAndNeck), pose)).toBe(false);
  });

  it('takes a photo cut off at the neck on its chest alone', () => {
    // The same body moved up until the shoulders are 20 px below the photo's top: no neck to read.
    const high = mapPose(pose, (q) => ({ x: q.x, y: q.y - 130 }));
    const [, , ...body] = bodyShapes(high);
    const mask = drawMask(PHOTO.width, PHOTO.height, body);
    expect(personPresent(mask, high)).toBe(true);
    // With nothing below the shoulders either, it is still no one.
    expect(personPresent(emptyMask(PHOTO.width, PHOTO.height), high)).toBe(false);
  });

  it('refuses a pose whose shoulders fall on one point', () => {
    const squeezed = frontPose({ leftShoulder: { x: 200 }, rightShoulder: { x: 200 } });
    expect(personPresent(silhouetteOf(pose), squeezed)).toBe(false);
  });
});

describe('thighsEmpty', () => {
  const pose = frontPose();
  const shapes = bodyShapes(pose);
  /** The body's shapes less the legs (the last four capsules): a top laid flat, with the pose's legs below its hem. */
  const noLegs = shapes.slice(0, -4);

  it('is false for a body whose thighs the silhouette fills', () => {
    expect(thighsEmpty(silhouetteOf(pose), pose)).toBe(false);
  });

  it('is true where the pose puts thighs in the photo over nothing', () => {
    expect(thighsEmpty(drawMask(PHOTO.width, PHOTO.height, noLegs), pose)).toBe(true);
  });

  it('is false where the photo ends above the thighs (cut at the waist): nothing there to read', () => {
    const cut = { ...PHOTO, height: 340 };
    const mask = drawMask(cut.width, cut.height, noLegs);
    expect(thighsEmpty(mask, pose)).toBe(false);
  });

  it('reads one thigh when only one lies in the photo', () => {
    // The body moved left until the right thigh's box leaves the photo; the left one is read alone.
    const shifted = mapPose(pose, (q) => ({ x: q.x - 150, y: q.y }));
    const body = bodyShapes(shifted);
    expect(thighsEmpty(drawMask(PHOTO.width, PHOTO.height, body.slice(0, -4)), shifted)).toBe(true);
    expect(thighsEmpty(drawMask(PHOTO.width, PHOTO.height, body), shifted)).toBe(false);
  });
});

describe('headAbove', () => {
  const pose = frontPose();

  it('finds the head of a body seen from any side', () => {
    expect(headAbove(silhouetteOf(pose), pose)).toBe(true);
  });

  it('finds none above a garment laid flat whose neckline rim fills the neck', () => {
    // The body's shapes less the head disc: a long sleeve laid flat, its collar where a neck would be.
    const [, ...garment] = bodyShapes(pose);
    expect(headAbove(drawMask(PHOTO.width, PHOTO.height, garment), pose)).toBe(false);
  });

  it('cannot tell on a photo cut off at the chin, and does not refuse it', () => {
    const high = mapPose(pose, (q) => ({ x: q.x, y: q.y - 130 }));
    expect(headAbove(emptyMask(PHOTO.width, PHOTO.height), high)).toBe(true);
  });
});
