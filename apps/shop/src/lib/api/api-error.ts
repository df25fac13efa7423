import { type ClientError, errorCodeOf } from '@tryon/client';

/** Codes that mean this page cannot work at all with its key, where it is: shown in place of the page. */
export const blockingCodes = [
  'DOMAIN_NOT_ALLOWED',
  'API_KEY_MISSING',
  'API_KEY_INVALID',
  'API_KEY_INACTIVE',
  'SHOP_DISABLED',
] as const;
export type BlockingCode = (typeof blockingCodes)[number];

export const blockingCodeOf = (error: ClientError | undefined): BlockingCode | undefined => {
  const code = error ? errorCodeOf(error) : undefined;
  return (blockingCodes as readonly string[]).includes(code ?? '') ? (code as BlockingCode) : undefined;
};
