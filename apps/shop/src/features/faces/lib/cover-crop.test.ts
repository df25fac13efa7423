import { describe, expect, it } from 'vitest';
import { coverCrop } from './cover-crop.ts';

describe('coverCrop', () => {
  it('keeps the middle of a landscape webcam frame shown in a portrait preview', () => {
    expect(coverCrop(1280, 720, 3 / 4)).toEqual({ x: 370, y: 0, width: 540, height: 720 });
  });

  it('keeps the middle band of a tall phone frame', () => {
    expect(coverCrop(720, 1280, 3 / 4)).toEqual({ x: 0, y: 160, width: 720, height: 960 });
  });

  it('keeps the whole frame when it already has the preview shape, give or take a rounded pixel', () => {
    expect(coverCrop(768, 1024, 3 / 4)).toEqual({ x: 0, y: 0, width: 768, height: 1024 });
    expect(coverCrop(768, 1024, 365.5 / 488)).toEqual({ x: 0, y: 0, width: 768, height: 1024 });
  });

  it('keeps the whole frame when the preview has no size yet', () => {
    expect(coverCrop(640, 480, 0)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
    expect(coverCrop(640, 480, Number.NaN)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
    expect(coverCrop(640, 480, Number.POSITIVE_INFINITY)).toEqual({ x: 0, y: 0, width: 640, height: 480 });
  });
});
