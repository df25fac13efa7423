import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price.ts';

describe('prices with the shop currency', () => {
  it('formats a plain number in the page language with the currency', () => {
    expect(formatPrice('29.90', 'EUR', 'en')).toBe('€29.90');
    expect(formatPrice('29,90', 'PLN', 'pl').replace(/\s/g, ' ')).toBe('29,90 zł');
    expect(formatPrice('1500', 'RUB', 'ru').replace(/\s/g, ' ')).toBe('1 500,00 ₽');
  });

  it('keeps what it cannot read, and the price as written without a currency', () => {
    expect(formatPrice('from 20', 'EUR', 'en')).toBe('from 20 EUR');
    expect(formatPrice('29.90', '', 'en')).toBe('29.90');
    expect(formatPrice('', 'EUR', 'en')).toBe('');
  });
});
