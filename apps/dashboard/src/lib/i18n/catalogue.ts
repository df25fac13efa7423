import type errors from '@tryon/web/error-texts/en.json';
import type en from './locales/en.json';

/** The dashboard's texts: its own catalogue and the error texts both front ends share. */
export type Catalogue = typeof en & { errors: typeof errors };
