// The same for the error texts: the first screen has only the sign-in calls' ones.
import errors from '@tryon/web/error-texts/en.json?raw';
import { i18n } from './i18n.ts';
import type en from './locales/en.json';
// A second, raw copy of the catalogue: importing the JSON module itself here would put all of it back into
// the first screen's chunk, which imports a few of its keys.
import english from './locales/en.json?raw';

/** Adds every English text; the signed-in app calls it before its first screen. */
export function addFullEnglish(): void {
  const texts = {
    ...(JSON.parse(english) as typeof en),
    errors: JSON.parse(errors) as Record<string, string>,
  };
  i18n.addResourceBundle('en', 'translation', texts, true, true);
}
