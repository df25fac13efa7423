import { describe, expect, it } from 'vitest';
import { sizedImage } from './image-sizes.ts';

describe('sizedImage', () => {
  const link = '/v1/tryon/image/try_1?v=abc&exp=7200&sig=s%2Fg&part=person';

  it('adds the size parameters of a named size to a signed link, keeping its own', () => {
    const url = new URL(sizedImage(link, 'square'), 'http://x');
    expect(url.pathname).toBe('/v1/tryon/image/try_1');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      v: 'abc',
      exp: '7200',
      sig: 's/g',
      part: 'person',
      width: '384',
      height: '384',
    });
  });

  it('replaces a size the link already has; full size has none', () => {
    const card = sizedImage(sizedImage(link, 'square'), 'card');
    expect(new URL(card, 'http://x').searchParams.get('height')).toBeNull();
    expect(new URL(card, 'http://x').searchParams.get('width')).toBe('384');
    expect(new URL(sizedImage(card, 'full'), 'http://x').searchParams.has('width')).toBe(false);
  });

  it('keeps a link of another origin absolute, and gives nothing for no link', () => {
    expect(sizedImage('https://cdn.example/v1/garment/image/g?v=1', 'thumb')).toBe(
      'https://cdn.example/v1/garment/image/g?v=1&width=64',
    );
    expect(sizedImage(null, 'card')).toBe('');
  });
});
