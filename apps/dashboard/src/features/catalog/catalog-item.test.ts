import { describe, expect, it } from 'vitest';
import { formatPrice, priceNumber } from './catalog-item.ts';

describe('prices with the shop currency', () => {
  it('reads the number of a price as the catalogue keeps it', () => {
    expect(priceNumber('19.99')).toBe(19.99);
    expect(priceNumber('19,99 EUR')).toBe(19.99);
    expect(priceNumber('USD 5')).toBe(5);
    expect(priceNumber('')).toBeNull();
    expect(priceNumber('free')).toBeNull();
  });

  it("formats it in the shop's currency and the reader's language, or leaves it as written", () => {
    expect(formatPrice('19.9', 'EUR', 'en')).toBe('€19.90');
    expect(formatPrice('19.9', 'PLN', 'pl').replace(/\s/g, ' ')).toBe('19,90 zł');
    expect(formatPrice('19.9', '', 'en')).toBe('19.9');
    expect(formatPrice('', 'EUR', 'en')).toBe('');
    expect(formatPrice('12', 'XX', 'en')).toBe('12');
  });
});
