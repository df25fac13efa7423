import { describe, expect, it } from 'vitest';
import { skinPixels } from './skin-pixels.ts';

/** Lab pixels: a noisy skin tone, then dark brown hair, blonde hair, a shaded cheek and a blue-lit patch. */
function scene(): { lab: Float32Array; sample: Uint8Array; kinds: string[] } {
  const kinds: string[] = [];
  const values: number[] = [];
  let seed = 7;
  const noise = (): number => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 4;
  };
  const add = (kind: string, l: number, a: number, b: number, n: number): void => {
    for (let i = 0; i < n; i++) {
      kinds.push(kind);
      values.push(l + noise() * 2, a + noise(), b + noise());
    }
  };
  add('skin', 68, 14, 20, 400);
  add('dark hair', 22, 6, 10, 50);
  add('blonde hair', 72, 4, 38, 50);
  add('shaded skin', 50, 13, 18, 50);
  add('blue light', 60, -2, -15, 50);
  const sample = Uint8Array.from(kinds, (k, i) => (k === 'skin' && i < 300 ? 1 : 0));
  return { lab: Float32Array.from(values), sample, kinds };
}

describe('skinPixels', () => {
  it('keeps skin, shaded skin too, and drops hair and coloured light', () => {
    const { lab, sample, kinds } = scene();
    const skin = skinPixels(lab, sample, 3.2);
    const share = (kind: string): number => {
      const idx = kinds.flatMap((k, i) => (k === kind ? [i] : []));
      return idx.filter((i) => skin[i]).length / idx.length;
    };
    expect(share('skin')).toBeGreaterThan(0.97);
    expect(share('shaded skin')).toBeGreaterThan(0.9);
    expect(share('dark hair')).toBe(0);
    expect(share('blonde hair')).toBe(0);
    expect(share('blue light')).toBe(0);
  });

  it('calls everything skin when there is too little to sample', () => {
    const { lab } = scene();
    expect(skinPixels(lab, new Uint8Array(lab.length / 3), 3.2).every((v) => v === 1)).toBe(true);
  });
});
