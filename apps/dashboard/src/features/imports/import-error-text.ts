import type { ErrorCode } from '@tryon/contract';
import type { TFunction } from 'i18next';

/** The text of an import's error: the download codes name the feed or store here, not an image. */
export function importErrorText(t: TFunction, code: string): string {
  if (code === 'URL_FETCH_FAILED' || code === 'URL_FETCH_TIMEOUT') return t(`imports.sourceError.${code}`);
  return t(`errors.${code as ErrorCode}`, { defaultValue: code });
}
