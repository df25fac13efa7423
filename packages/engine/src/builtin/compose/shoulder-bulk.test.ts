import { describe, expect, it } from 'vitest';
import { emptyCanvas } from '../../../test/fixtures/layers.ts';
import { solidRgb } from '../../../test/fixtures/synthetic-person.ts';
import { Part } from '../person/body-parts.ts';
import { emptyMask } from '../person/mask.ts';
import type { BareSkin } from './bare-skin.ts';
import { markShoulderBulk, naturalTop } from './shoulder-bulk.ts';

const W = 400;
const H = 400;
const OLD = { r: 120, g: 124, b: 130 };
const SPAN = 120;

describe('markShoulderBulk', () => {
  // Shoulder joints at (140, 150) and (260, 150). A bulky old top (grey) rises to y 100 from x 90 to 310;
  // the new garment covers it from y 150 down. A head (label) round (200, 84) down to y 125.
  const photo = solidRgb(W, H, [30, 90, 200]);
  const labels = new Uint8Array(W * H);
  for (let y = 100; y < 330; y++) {
    for (let x = 90; x < 310; x++) {
      labels[y * W + x] = Part.torso;
      photo.data.set([OLD.r, OLD.g, OLD.b], (y * W + x) * 3);
    }
  }
  for (let y = 40; y < 126; y++) for (let x = 160; x < 240; x++) labels[y * W + x] = Part.head;
  // A red scarf over the right shoulder's top, and hair over the left's.
  for (let y = 100; y < 115; y++)
    for (let x = 100; x < 120; x++) photo.data.set([200, 20, 20], (y * W + x) * 3);
  const hair = emptyMask(W, H);
  for (let y = 100; y < 115; y++) hair.data.fill(255, y * W + 280, y * W + 300);
  const canvas = emptyCanvas({ left: 0, top: 0, width: W, height: H });
  canvas.alpha.fill(1, 150 * W);
  const noSkin: BareSkin = { left: 0, top: 0, width: W, height: H, data: new Uint8Array(W * H), level: 1 };
  const line = {
    neck: { x: 200, y: 150 },
    down: { x: 0, y: 1 },
    span: SPAN,
    mouthHeight: 45,
  };
  const marked = new Uint8Array(W * H);
  const any = markShoulderBulk(
    photo,
    { labels, width: W, height: H },
    canvas,
    noSkin,
    hair,
    line,
    OLD,
    marked,
  );
  const at = (x: number, y: number): number => marked[y * W + x] ?? 0;

  it('marks the old top standing above the shoulders higher than a bare body reaches', () => {
    expect(any).toBe(true);
    // 40 px across from the axis the body reaches ~15 px above the joints: 35 px above is the old top.
    expect(at(240, 115)).toBe(1);
    expect(at(150, 115)).toBe(1);
    // Beyond the shoulder's round nothing of a bare body is above the joints' line.
    expect(at(300, 145)).toBe(1);
    // Not in the head's disc, though below the mouth.
    expect(at(230, 120)).toBe(0);
  });

  it('leaves the shoulders a bare body has, the neck, what the garment covers and all from the mouth up', () => {
    expect(at(240, 140)).toBe(0);
    expect(at(200, 130)).toBe(0);
    expect(at(200, 110)).toBe(0);
    expect(at(240, 160)).toBe(0);
    // 46 px above the joints' line: level with the mouth (hair the hair mask missed may be there).
    expect(at(270, 104)).toBe(0);
    expect(at(270, 106)).toBe(1);
    const high = new Uint8Array(W * H);
    markShoulderBulk(
      photo,
      { labels, width: W, height: H },
      canvas,
      noSkin,
      hair,
      { ...line, mouthHeight: 20 },
      OLD,
      high,
    );
    expect(at(270, 120)).toBe(1);
    expect(high[120 * W + 270]).toBe(0);
  });

  it('leaves what is not the old top: a scarf of another colour, hair', () => {
    expect(at(110, 105)).toBe(0);
    expect(at(290, 105)).toBe(0);
  });

  it("reads a bare body's top highest beside the neck, falling to nothing past the shoulder", () => {
    expect(naturalTop(0.1)).toBeCloseTo(0.16);
    expect(naturalTop(0.5)).toBeCloseTo(0.09);
    expect(naturalTop(0.6)).toBeCloseTo(0.045);
    expect(naturalTop(0.9)).toBe(0);
  });
});
