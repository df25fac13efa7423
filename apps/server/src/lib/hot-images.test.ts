import { describe, expect, it } from 'vitest';
import { createHotImages, forgetPrefix } from './hot-images.ts';

describe('hot images', () => {
  it('evicts the least recently used entries past its size and expires old ones', () => {
    let now = 1;
    const cache = createHotImages(80, 1000, () => now);
    cache.set('a', Buffer.alloc(10));
    cache.set('b', Buffer.alloc(10));
    expect(cache.get('a')?.length).toBe(10);
    for (let i = 0; i < 7; i++) cache.set(`x${i}`, Buffer.alloc(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    now = 1002;
    expect(cache.get('a')).toBeUndefined();
    cache.set('big', Buffer.alloc(11));
    expect(cache.get('big')).toBeUndefined();
  });

  it('forgets a prefix', () => {
    const cache = createHotImages(1000, 1000);
    cache.set('garment/1/w64', Buffer.alloc(1));
    cache.set('garment/12/w64', Buffer.alloc(1));
    forgetPrefix(cache, 'garment/1/');
    expect(cache.get('garment/1/w64')).toBeUndefined();
    expect(cache.get('garment/12/w64')).toBeDefined();
  });
});
