import { fallbackLanguage, type Language } from '@tryon/web';
import errors from '@tryon/web/error-texts/en.json';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './catalogue.ts';
// Only what the login screen needs ships with the first screen; `addFullEnglish` adds the rest.
import { app, language, login, transport } from './locales/en.json';

/**
 * English ships with the first screen; the other catalogues load when chosen, each with the error texts both
 * front ends share (`@tryon/web/error-texts`).
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  ru: async () => {
    const [pages, texts] = await Promise.all([
      import('./locales/ru.json'),
      import('@tryon/web/error-texts/ru.json'),
    ]);
    return { ...pages.default, errors: texts.default };
  },
  pl: async () => {
    const [pages, texts] = await Promise.all([
      import('./locales/pl.json'),
      import('@tryon/web/error-texts/pl.json'),
    ]);
    return { ...pages.default, errors: texts.default };
  },
};

export async function initI18n(lang: Language): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    lng: fallbackLanguage,
    fallbackLng: fallbackLanguage,
    resources: { en: { translation: { app, errors, language, login, transport } } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await switchLanguage(lang);
  return i18n;
}

export async function switchLanguage(lang: Language): Promise<void> {
  if (lang !== 'en' && !i18n.hasResourceBundle(lang, 'translation')) {
    i18n.addResourceBundle(lang, 'translation', await loaders[lang]());
  }
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export { i18n };
