import { fallbackLanguage, type Language } from '@tryon/web';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from './locales/en.json';
// Only what the login screen needs ships with the first screen; `addFullEnglish` adds the rest.
import { app, errors, language, login, transport } from './locales/en.json';

/** English ships with the first screen; the other catalogues load when chosen. */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: typeof en }>> = {
  ru: () => import('./locales/ru.json'),
  pl: () => import('./locales/pl.json'),
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
    const catalogue = await loaders[lang]();
    i18n.addResourceBundle(lang, 'translation', catalogue.default);
  }
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export { i18n };
