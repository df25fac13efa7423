import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, personPhoto } from '../../../test/fixtures/people.ts';
import { landscapePhoto } from '../../../test/fixtures/sample-photos.ts';
import { decodeRgb, type Raster } from '../image/raster.ts';
import { loadModels, type Models } from '../worker/load-models.ts';
import { type BodyPose, detectBodyPose } from './body-pose.ts';

let models: Models;
beforeAll(async () => {
  models = await loadModels();
}, 120_000);

const JOINTS = ['leftShoulder', 'rightShoulder', 'leftHip', 'rightHip', 'leftElbow', 'rightElbow'] as const;

/** The largest distance, in pixels, between the same joints of two poses, the second moved by `dx`. */
function apart(a: BodyPose, b: BodyPose, dx = 0): number {
  return Math.max(
    ...JOINTS.map((j) => Math.hypot(a.points[j].x - b.points[j].x - dx, a.points[j].y - b.points[j].y)),
  );
}

describe('detectBodyPose', () => {
  it('places a square photo’s joints the same whatever photo was seen before it, and where they are', async () => {
    // A person photo made square by grey either side; the person's joints are those of the photo itself,
    // moved right by the grey's width.
    const photo = await personPhoto(body('studio-2'), 768);
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    const side = Math.max(width, height);
    const grey = Math.floor((side - width) / 2);
    const square = await decodeRgb(
      await sharp(photo)
        .extend({ left: grey, right: side - width - grey, background: '#808080' })
        .png()
        .toBuffer(),
    );
    expect(square.width).toBe(square.height);
    const pose = async (image: Raster): Promise<BodyPose> => {
      const found = await detectBodyPose(models, image);
      if (!found) throw new Error('no pose');
      return found;
    };
    const original = await pose(await decodeRgb(photo));
    const first = await pose(square);
    expect(apart(first, original, grey)).toBeLessThan(4);
    // A portrait, then a landscape photo: BlazePose's wrapper keeps each one's padding for the next tensor.
    await detectBodyPose(models, await decodeRgb(await personPhoto(body('studio-3'), 768)));
    expect(apart(await pose(square), first)).toBeLessThan(1);
    await detectBodyPose(models, await decodeRgb(await landscapePhoto()));
    expect(apart(await pose(square), first)).toBeLessThan(1);
  }, 60_000);
});
