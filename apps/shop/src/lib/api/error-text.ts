import { type ClientError, errorCodeOf, errorDetailsOf } from '@tryon/client';
import { hasText, translate } from '../i18n/i18n.ts';

/**
 * Text for a failed call: the translation of its errorCodeStr (every code of the contract has one, see
 * i18n-completeness.test.ts), else of the transport failure, else a general one.
 */
export function errorText(error: ClientError | undefined): string {
  const code = error ? errorCodeOf(error) : undefined;
  if (code) {
    const key = `errors.${code}`;
    if (hasText(key)) return translate(key, error && errorDetailsOf(error));
    const transport = `transport.${code}`;
    if (hasText(transport)) return translate(transport);
  }
  return translate('transport.unknown');
}

/** Text for a render that failed with an error code (NO_PERSON, RENDER_TIMEOUT, ...). */
export function renderErrorText(code: string | null): string {
  const key = `errors.${code ?? ''}`;
  return hasText(key) ? translate(key) : translate('errors.RENDER_FAILED');
}
