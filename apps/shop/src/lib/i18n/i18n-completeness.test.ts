import { describeTranslations } from '@tryon/web/test/describe-translations';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import pl from './locales/pl.json';
import ru from './locales/ru.json';

describeTranslations({ en, ru, pl });

describe("the spec's shopper message", () => {
  it('has a text in every language', () => {
    for (const catalogue of [en, ru, pl]) expect(catalogue.tryon.noPerson).toBeTruthy();
  });
  it("keeps the spec's English wording", () => {
    expect(en.tryon.noPerson).toBe('Select person to try on.');
  });
});
