import { describe, expect, it } from 'vitest';
import { bodySkin } from './body-skin.ts';

/** Lab pixels: sampled face skin, a shaded neck, blond hair, lips, a blue top, and skin-coloured wall. */
function scene(): { lab: Float32Array; sample: Uint8Array; person: Float32Array; kinds: string[] } {
  const kinds: string[] = [];
  const values: number[] = [];
  const person: number[] = [];
  let seed = 5;
  const noise = (): number => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 4;
  };
  const add = (kind: string, l: number, a: number, b: number, inside: number, n: number): void => {
    for (let i = 0; i < n; i++) {
      kinds.push(kind);
      values.push(l + noise() * 2, a + noise(), b + noise());
      person.push(inside);
    }
  };
  add('face', 66, 15, 19, 1, 300);
  add('neck', 54, 14, 18, 1, 60);
  add('blond hair', 72, 3, 38, 1, 60);
  // As near skin in colour distance as a shaded cheek, but yellower: golden hair beside a tan face.
  add('golden hair', 68, 9, 25, 1, 60);
  add('lips', 50, 32, 16, 1, 60);
  add('top', 40, 0, -30, 1, 60);
  add('wall', 66, 15, 19, 0, 60);
  const sample = Uint8Array.from(kinds, (k) => (k === 'face' ? 1 : 0));
  return { lab: Float32Array.from(values), sample, person: Float32Array.from(person), kinds };
}

describe('bodySkin', () => {
  it("weighs the person's skin fully and leaves hair, lips, clothes and background out", () => {
    const { lab, sample, person, kinds } = scene();
    const weight = bodySkin(lab, sample, person, (v) => v);
    const mean = (kind: string): number => {
      const w = kinds.flatMap((k, i) => (k === kind ? [weight[i] ?? 0] : []));
      return w.reduce((s, v) => s + v, 0) / w.length;
    };
    expect(mean('face')).toBeGreaterThan(0.9);
    expect(mean('neck')).toBeGreaterThan(0.8);
    expect(mean('blond hair')).toBeLessThan(0.05);
    expect(mean('golden hair')).toBeLessThan(0.1);
    expect(mean('lips')).toBeLessThan(0.1);
    expect(mean('top')).toBe(0);
    expect(mean('wall')).toBe(0);
  });
});
