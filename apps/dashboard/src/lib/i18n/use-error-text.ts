import type { ErrorCode } from '@tryon/contract';
import { useTranslation } from 'react-i18next';
import { type ApiFailure, apiErrorCode, apiErrorDetails, transportFailure } from '../api/api-error.ts';

/**
 * Text for a failed call: the translation of its errorCodeStr when the server sent one we know (every code of
 * the contract has one, see i18n-completeness.test.ts), else of the transport failure, else the screen's text.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: ApiFailure, fallback: string): string => {
    const code = apiErrorCode(error);
    if (code && i18n.exists(`errors.${code}`)) {
      return t(`errors.${code as ErrorCode}`, apiErrorDetails(error) ?? {});
    }
    const transport = transportFailure(error);
    if (transport) return t(`transport.${transport}`);
    return fallback;
  };
}
