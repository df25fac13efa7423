import { describe, expect, it } from 'vitest';
import { solidRgb } from '../../../test/fixtures/synthetic-person.ts';
import { Part } from '../person/body-parts.ts';
import { emptyMask } from '../person/mask.ts';
import { growIntoMissedClothes } from './missed-clothes.ts';

const W = 100;
const H = 40;
const OLD = { r: 120, g: 124, b: 130 };

describe('growIntoMissedClothes', () => {
  // The silhouette ends at x 40; the old top goes on outside it to x 70 (the segmentation missed it), then
  // the blue backdrop. The fill already takes x 30-39.
  const photo = solidRgb(W, H, [30, 90, 200]);
  const labels = new Uint8Array(W * H);
  const marked = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < 70; x++) photo.data.set([OLD.r + (x % 3), OLD.g, OLD.b], (y * W + x) * 3);
    for (let x = 0; x < 40; x++) labels[y * W + x] = Part.torso;
    for (let x = 30; x < 40; x++) marked[y * W + x] = 1;
  }
  const parts = { labels, width: W, height: H };
  // Rows 0-4 of the missed strip are hair.
  const hair = emptyMask(W, H);
  hair.data.fill(255, 0, 5 * W);
  // The new garment covers rows 35-39.
  const hidden = new Uint8Array(W * H).fill(1, 35 * W);
  growIntoMissedClothes(photo, parts, hair, hidden, marked, OLD, 20, 2000);

  it('takes the old top outside the silhouette next to the fill, up to its reach', () => {
    expect(marked[20 * W + 40]).toBe(1);
    expect(marked[20 * W + 59]).toBe(1);
    expect(marked[20 * W + 61]).toBe(0);
  });

  it('stops at the backdrop, hair and what the garment covers, and leaves the silhouette to the other rules', () => {
    const far = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 30; x < 40; x++) far[y * W + x] = 1;
    const short = solidRgb(W, H, [30, 90, 200]);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < 50; x++) short.data.set([OLD.r, OLD.g, OLD.b], (y * W + x) * 3);
    growIntoMissedClothes(short, parts, emptyMask(W, H), new Uint8Array(W * H), far, OLD, 30, 2000);
    expect(far[20 * W + 49]).toBe(1);
    expect(far[20 * W + 50]).toBe(0);
    expect(marked[2 * W + 45]).toBe(0);
    expect(marked[37 * W + 45]).toBe(0);
    expect(marked[20 * W + 10]).toBe(0);
  });

  it('takes nothing when the old top runs on into a backdrop of its colour', () => {
    const wide = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) for (let x = 30; x < 40; x++) wide[y * W + x] = 1;
    growIntoMissedClothes(photo, parts, emptyMask(W, H), new Uint8Array(W * H), wide, OLD, 20, 300);
    expect(wide[20 * W + 40]).toBe(0);
    expect(wide[20 * W + 35]).toBe(1);
  });
});
