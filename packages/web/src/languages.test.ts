import { describe, expect, it } from 'vitest';
import { detectLanguage } from './languages.ts';

describe('language detection (spec §3)', () => {
  it('takes the lang query parameter, then the stored language, then the browser, then English', () => {
    expect(detectLanguage({ search: '?lang=pl', stored: 'ru', browser: ['en-US'] })).toBe('pl');
    expect(detectLanguage({ search: '?lang=xx', stored: 'ru', browser: ['pl-PL'] })).toBe('ru');
    expect(detectLanguage({ search: '?lang=de', stored: 'ru', browser: ['pl-PL'] })).toBe('ru');
    expect(detectLanguage({ search: '', stored: null, browser: ['de-DE', 'pl-PL'] })).toBe('pl');
    expect(detectLanguage({ search: '', stored: 'zz', browser: ['de'] })).toBe('en');
    expect(detectLanguage({ search: '', stored: 'xx', browser: ['fr'] })).toBe('en');
  });
});
