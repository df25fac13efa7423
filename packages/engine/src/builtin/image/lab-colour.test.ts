import { describe, expect, it } from 'vitest';
import { labToRgb } from './lab-to-rgb.ts';
import { rgbToLab } from './rgb-to-lab.ts';

describe('rgbToLab and labToRgb', () => {
  it('give the textbook Lab of white, black and sRGB red', () => {
    const lab = rgbToLab(Float32Array.from([255, 255, 255, 0, 0, 0, 255, 0, 0]));
    expect(lab[0]).toBeCloseTo(100, 0);
    expect(Math.abs(lab[1] ?? 1)).toBeLessThan(0.5);
    expect(lab[3]).toBeCloseTo(0, 0);
    expect(lab[6]).toBeCloseTo(53.2, 0);
    expect(lab[7]).toBeCloseTo(80.1, 0);
    expect(lab[8]).toBeCloseTo(67.2, 0);
  });

  it('round-trip skin, hair and shadow tones within half a level', () => {
    const rgb = Float32Array.from([224, 172, 140, 60, 40, 30, 12, 10, 9, 250, 235, 220, 128.5, 90.25, 70]);
    const back = labToRgb(rgbToLab(rgb));
    rgb.forEach((v, i) => {
      expect(Math.abs((back[i] ?? 0) - v)).toBeLessThan(0.6);
    });
  });
});
