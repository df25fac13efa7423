export const languages = ['en', 'ru', 'pl'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

export const languageLabels: Record<Language, string> = { en: 'English', ru: 'Русский', pl: 'Polski' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** 'pl-PL' -> 'pl'; anything we do not speak -> undefined. */
export function toLanguage(value: string | null | undefined): Language | undefined {
  const base = value?.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/** Spec §3: the lang query parameter, then the stored language, then the browser's, then English. */
export function detectLanguage(input: {
  search: string;
  stored: string | null;
  browser: readonly string[];
}): Language {
  const fromQuery = toLanguage(new URLSearchParams(input.search).get('lang'));
  if (fromQuery) return fromQuery;
  const fromStore = toLanguage(input.stored);
  if (fromStore) return fromStore;
  for (const candidate of input.browser) {
    const fromBrowser = toLanguage(candidate);
    if (fromBrowser) return fromBrowser;
  }
  return fallbackLanguage;
}
