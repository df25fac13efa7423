import 'i18next';
import type { Catalogue } from './catalogue.ts';

/** Makes every t() key typed against the English catalogue. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
