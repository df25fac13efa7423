import { beforeAll, describe, expect, it } from 'vitest';
import { body, personPhoto } from '../../../test/fixtures/people.ts';
import { frontPose } from '../../../test/fixtures/synthetic-person.ts';
import { mid } from '../geometry/point.ts';
import { decodeRgb } from '../image/raster.ts';
import { loadModels, type Models } from '../worker/load-models.ts';
import { detectBodyPose } from './body-pose.ts';
import type { Box } from './mask.ts';
import { emptyMask } from './mask.ts';
import { personBox, segmentPerson } from './segment-person.ts';

const contains = (box: Box, q: { x: number; y: number }, pad = 0): boolean =>
  q.x >= box.left + pad &&
  q.x <= box.left + box.width - pad &&
  q.y >= box.top + pad &&
  q.y <= box.top + box.height - pad;

describe('personBox', () => {
  it('bounds the seen keypoints, padded on every side, stopping below the feet when they are in the photo', () => {
    const pose = frontPose();
    const box = personBox(pose, 400, 800);
    for (const q of Object.values(pose.points)) expect(contains(box, q, 20)).toBe(true);
    // Padding: 0.35 of the span each side, 0.3 below the feet (span = max(width, 0.4 height) = 205 px).
    expect(box.left).toBe(Math.floor(108 - 205.2 * 0.35));
    expect(box.left + box.width).toBe(Math.ceil(292 + 205.2 * 0.35));
    expect(box.top).toBe(0);
    expect(box.top + box.height).toBe(Math.ceil(585 + 205.2 * 0.3));
  });

  it('runs to the photo’s bottom when the feet are not both seen', () => {
    const box = personBox(frontPose({ leftAnkle: { score: 0.2 } }), 400, 800);
    expect(box.top + box.height).toBe(800);
  });

  it('ignores unseen keypoints except the head and shoulders, which always count', () => {
    const far = frontPose({ rightWrist: { x: 5, score: 0.1 }, rightShoulder: { x: 30, score: 0.1 } });
    const box = personBox(far, 400, 800);
    // The guessed shoulder counts; the guessed wrist further out does not.
    expect(box.left).toBeLessThan(30);
    const noWrist = personBox(frontPose({ rightWrist: { x: 5, score: 0.1 } }), 400, 800);
    expect(noWrist.left).toBe(personBox(frontPose(), 400, 800).left);
  });

  it('stays inside the photo', () => {
    const box = personBox(frontPose(), 300, 500);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.left + box.width).toBeLessThanOrEqual(300);
    expect(box.top + box.height).toBeLessThanOrEqual(500);
  });
});

describe('emptyMask', () => {
  it('is all background', () => {
    const mask = emptyMask(4, 3);
    expect(mask.data.length).toBe(12);
    expect(mask.data.every((v) => v === 0)).toBe(true);
  });
});

describe('segmentPerson', () => {
  let models: Models;
  beforeAll(async () => {
    models = await loadModels();
  }, 120_000);

  it('lays the silhouette over the person where the photo shows them, at the photo’s size', async () => {
    // A person standing full length against a backdrop: the model sees its crop at 256 x 256, and the
    // silhouette comes back over the crop at the photo's size.
    const photo = await decodeRgb(await personPhoto(body('studio-2'), 1024));
    const pose = await detectBodyPose(models, photo);
    if (!pose) throw new Error('no pose');
    const mask = await segmentPerson(models, photo, pose);
    expect([mask.width, mask.height]).toEqual([photo.width, photo.height]);
    const at = (q: { x: number; y: number }): number =>
      mask.data[Math.round(q.y) * mask.width + Math.round(q.x)] ?? -1;
    const p = pose.points;
    const span = Math.hypot(p.leftShoulder.x - p.rightShoulder.x, p.leftShoulder.y - p.rightShoulder.y);
    const chest = mid(mid(p.leftShoulder, p.rightShoulder), mid(p.leftHip, p.rightHip));
    for (const q of [chest, p.nose, mid(p.leftKnee, p.leftAnkle), mid(p.rightHip, p.rightKnee)]) {
      expect(at(q)).toBeGreaterThan(200);
    }
    // The backdrop a span and a half beside the chest either way, and above the head.
    for (const q of [
      { x: chest.x - 1.5 * span, y: chest.y },
      { x: chest.x + 1.5 * span, y: chest.y },
      { x: p.nose.x, y: p.nose.y - span },
    ]) {
      expect(at(q)).toBeLessThan(40);
    }
  }, 60_000);
});
