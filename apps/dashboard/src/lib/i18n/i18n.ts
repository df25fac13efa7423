import { fallbackLanguage, type Language } from '@tryon/web';
// The texts of the codes the sign-in calls can answer (their contract errors, bad input, transport and server
// failures); `addFullEnglish` adds the rest.
import {
  BAD_REQUEST,
  CODE_EXPIRED,
  DAILY_CODE_LIMIT,
  GOOGLE_SIGNIN_DISABLED,
  GOOGLE_SIGNIN_FAILED,
  HEADERS_TOO_LARGE,
  INTERNAL_ERROR,
  INVALID_JSON,
  MAIL_SEND_FAILED,
  PAYLOAD_TOO_LARGE,
  RATE_LIMITED,
  REQUEST_TIMEOUT,
  ROUTE_NOT_FOUND,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_CODES,
  UNSUPPORTED_MEDIA_TYPE,
  VALIDATION_ERROR,
  WRONG_CODE,
  WRONG_EMAIL,
} from '@tryon/web/error-texts/en.json';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from './catalogue.ts';
// Only what the login screen needs ships with the first screen; `addFullEnglish` adds the rest.
import { app, language, login, transport } from './locales/en.json';

/** The error texts the first screen ships: those of every code the sign-in calls can answer. */
export const signInErrorTexts = {
  BAD_REQUEST,
  CODE_EXPIRED,
  DAILY_CODE_LIMIT,
  GOOGLE_SIGNIN_DISABLED,
  GOOGLE_SIGNIN_FAILED,
  HEADERS_TOO_LARGE,
  INTERNAL_ERROR,
  INVALID_JSON,
  MAIL_SEND_FAILED,
  PAYLOAD_TOO_LARGE,
  RATE_LIMITED,
  REQUEST_TIMEOUT,
  ROUTE_NOT_FOUND,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_CODES,
  UNSUPPORTED_MEDIA_TYPE,
  VALIDATION_ERROR,
  WRONG_CODE,
  WRONG_EMAIL,
};

/**
 * English ships with the first screen; the other catalogues load when chosen, each with the error texts both
 * front ends share (`@tryon/web/error-texts`).
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  ru: () => catalogue(import('./locales/ru.json'), import('@tryon/web/error-texts/ru.json')),
  pl: () => catalogue(import('./locales/pl.json'), import('@tryon/web/error-texts/pl.json')),
};

/** A language's pages and its error texts (the imports stay literal, so the bundler splits each file). */
async function catalogue(
  pages: Promise<{ default: Omit<Catalogue, 'errors'> }>,
  texts: Promise<{ default: Catalogue['errors'] }>,
): Promise<Catalogue> {
  const [p, t] = await Promise.all([pages, texts]);
  return { ...p.default, errors: t.default };
}

export async function initI18n(lang: Language): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    lng: fallbackLanguage,
    fallbackLng: fallbackLanguage,
    resources: {
      en: {
        translation: {
          app,
          // A copy: i18next extends the bundle in place when the full catalogue is added.
          errors: { ...signInErrorTexts },
          language,
          login,
          transport,
        },
      },
    },
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
