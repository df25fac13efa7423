import { isIP } from 'node:net';
import { AppError } from '../app-error.ts';
import { unbracket } from './ip-policy.ts';

/**
 * Parses the URL of one hop (the one given, or a redirect's Location against the previous hop) and refuses
 * what may never be fetched: schemes other than http(s), credentials, and IP literals that are not allowed.
 * Literals need this check up front because net connects to them without calling `lookup`. WHATWG parsing
 * has already rewritten odd IPv4 spellings (2130706433, 0x7f.1, 0177.0.0.1, 127.1) to dotted quads.
 */
export function parseImportUrl(
  input: string,
  isAddressAllowed: (address: string) => boolean,
  base?: URL,
): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    throw new AppError('URL_NOT_ALLOWED');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('URL_NOT_ALLOWED');
  if (url.username !== '' || url.password !== '') throw new AppError('URL_NOT_ALLOWED');
  const host = unbracket(url.hostname);
  if (host === '' || (isIP(host) !== 0 && !isAddressAllowed(host))) throw new AppError('URL_NOT_ALLOWED');
  return url;
}
