import { useEffect } from 'react';
import { switchLanguage } from '../lib/i18n/i18n.ts';
import { useParameters } from '../lib/store/parameters-hooks.ts';

/** Follows the chosen language: loads its catalogue and switches the texts. */
export function LanguageSync() {
  const { lang } = useParameters();
  useEffect(() => {
    switchLanguage(lang).catch((error: unknown) => console.error('could not load language', lang, error));
  }, [lang]);
  return null;
}
