import { detectLanguage, fallbackLanguage, type Language, safeStorage } from '@tryon/web';
import errors from '@tryon/web/error-texts/en.json';
import { useSyncExternalStore } from 'react';
import { storageKeys } from '../storage/storage-keys.ts';
import pages from './locales/en.json';

/** The pages' own texts and the error texts both front ends share (`@tryon/web/error-texts`). */
const en = { ...pages, errors };
export type Catalogue = typeof en;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** Every text of the pages, typed against the English catalogue. */
export type TextKey = Leaves<Catalogue>;
export type TextVars = Record<string, string | number>;

/**
 * A small typed translator (i18next with react-i18next would take a sixth of the outfit page's JavaScript
 * budget): English ships with the page, Russian and Polish load when chosen, a missing text falls back to
 * English, and `{{name}}` placeholders are filled in.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  ru: async () => {
    const [own, texts] = await Promise.all([
      import('./locales/ru.json'),
      import('@tryon/web/error-texts/ru.json'),
    ]);
    return { ...own.default, errors: texts.default };
  },
  pl: async () => {
    const [own, texts] = await Promise.all([
      import('./locales/pl.json'),
      import('@tryon/web/error-texts/pl.json'),
    ]);
    return { ...own.default, errors: texts.default };
  },
};

const loaded: Partial<Record<Language, Catalogue>> = { en };
let current: Language = fallbackLanguage;
const listeners = new Set<() => void>();

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** Whether a text exists (error codes the server may send that this build does not know). */
export const hasText = (key: string): key is TextKey => lookup(en, key) !== undefined;

export function translate(key: TextKey, vars?: TextVars): string {
  const text = lookup(loaded[current], key) ?? lookup(en, key) ?? key;
  return vars ? text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => String(vars[name] ?? whole)) : text;
}

/** Switches the language (loading its catalogue first); `remember` stores the shopper's own choice. */
export async function setLanguage(lang: Language, remember = false): Promise<void> {
  if (!loaded[lang] && lang !== 'en') loaded[lang] = await loaders[lang]();
  current = lang;
  if (remember) safeStorage.set(storageKeys.lang, lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

/** The language a page starts in (spec §3). */
export const initialLanguage = (): Language =>
  detectLanguage({
    search: globalThis.location?.search ?? '',
    stored: safeStorage.get(storageKeys.lang),
    browser: globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? ''],
  });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The translator; components re-render when the language changes. */
export function useT() {
  const lang = useSyncExternalStore(subscribe, () => current);
  return { t: translate, lang, setLanguage };
}
