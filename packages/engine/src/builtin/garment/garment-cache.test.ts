import { describe, expect, it } from 'vitest';
import type { GarmentAnalysis } from './garment.ts';
import { GarmentCache } from './garment-cache.ts';

const analysis = (kind: GarmentAnalysis['kind']): GarmentAnalysis => ({
  kind,
  image: { data: new Uint8Array(4), width: 1, height: 1, channels: 4 },
  parts: new Uint8Array(1),
  landmarks: { hem: { left: { x: 0, y: 0 }, right: { x: 1, y: 0 } } },
});

describe('GarmentCache', () => {
  it('analyses a garment photo once for the same bytes and category', async () => {
    const cache = new GarmentCache();
    let runs = 0;
    const analyse = async () => {
      runs++;
      return analysis('t-shirt');
    };
    const first = await cache.get(Uint8Array.of(1, 2, 3), 'tops', analyse);
    expect(await cache.get(Uint8Array.of(1, 2, 3), 'tops', analyse)).toBe(first);
    expect(runs).toBe(1);
    await cache.get(Uint8Array.of(1, 2, 3), 'jeans', analyse);
    await cache.get(Uint8Array.of(1, 2, 4), 'tops', analyse);
    expect(runs).toBe(3);
  });

  it('forgets the least recently used beyond eight, and nothing that failed', async () => {
    const cache = new GarmentCache();
    let runs = 0;
    const analyse = async () => {
      runs++;
      return analysis('dress');
    };
    for (let i = 0; i < 9; i++) await cache.get(Uint8Array.of(i), undefined, analyse);
    expect(runs).toBe(9);
    await cache.get(Uint8Array.of(8), undefined, analyse);
    expect(runs).toBe(9);
    await cache.get(Uint8Array.of(0), undefined, analyse);
    expect(runs).toBe(10);
    const refused = () => Promise.reject(new Error('busy background'));
    await expect(cache.get(Uint8Array.of(99), undefined, refused)).rejects.toThrow('busy background');
    await expect(cache.get(Uint8Array.of(99), undefined, refused)).rejects.toThrow('busy background');
  });
});
