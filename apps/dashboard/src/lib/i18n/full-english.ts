import { i18n } from './i18n.ts';
import type en from './locales/en.json';
// A second, raw copy of the catalogue: importing the JSON module itself here would put all of it back into
// the first screen's chunk, which imports a few of its keys.
import english from './locales/en.json?raw';

/** Adds every English text; the signed-in app calls it before its first screen. */
export function addFullEnglish(): void {
  i18n.addResourceBundle('en', 'translation', JSON.parse(english) as typeof en, true, true);
}
