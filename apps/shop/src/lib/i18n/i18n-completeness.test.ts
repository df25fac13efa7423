import errorsEn from '@tryon/web/error-texts/en.json';
import errorsPl from '@tryon/web/error-texts/pl.json';
import errorsRu from '@tryon/web/error-texts/ru.json';
import { describeTranslations } from '@tryon/web/test/describe-translations';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import pl from './locales/pl.json';
import ru from './locales/ru.json';

describeTranslations({
  en: { ...en, errors: errorsEn },
  ru: { ...ru, errors: errorsRu },
  pl: { ...pl, errors: errorsPl },
});

describe("the spec's shopper message", () => {
  it('has a text in every language', () => {
    for (const catalogue of [en, ru, pl]) expect(catalogue.tryon.noPerson).toBeTruthy();
  });
  it("keeps the spec's English wording", () => {
    expect(en.tryon.noPerson).toBe('Select person to try on.');
  });
});
