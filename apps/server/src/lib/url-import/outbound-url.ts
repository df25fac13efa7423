import { AppError } from '../app-error.ts';
import { parseImportUrl } from './import-url.ts';
import { isPublicAddress } from './ip-policy.ts';

/**
 * Checks a URL the server will call on a shop's behalf (a webhook) as it is given: http(s), no credentials, no
 * private IP literal unless private networks are allowed. Host names are checked again when connecting.
 */
export function checkOutboundUrl(url: string, allowPrivateNetworks: boolean): string {
  try {
    return parseImportUrl(url, allowPrivateNetworks ? () => true : isPublicAddress).href;
  } catch (error) {
    if (error instanceof AppError) throw new AppError('WEBHOOK_URL_NOT_ALLOWED');
    throw error;
  }
}
