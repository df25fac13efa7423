import { describe, expect, it } from 'vitest';
import { frontPose } from '../../../test/fixtures/synthetic-person.ts';
import type { Box } from './mask.ts';
import { emptyMask } from './mask.ts';
import { personBox } from './segment-person.ts';

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
