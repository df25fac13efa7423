import { domainToASCII } from 'node:url';
import { ANY_DOMAIN } from '@tryon/contract';

/**
 * Allowed domains of a public key: a list of entries separated by commas, spaces or new lines.
 * - `*` allows any site.
 * - `shop.com` allows exactly that host (any scheme and port).
 * - `*.shop.com` allows every subdomain of shop.com (www.shop.com, a.b.shop.com), not shop.com itself:
 *   list both to allow both.
 * A scheme, port or path written in an entry is ignored, so a pasted URL works; a URL with a space in it is
 * refused rather than read as two hosts. International names are kept in their ASCII (punycode) form, as
 * browsers send them.
 */
const HOST_LABELS =
  /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type DomainListResult = { ok: true; entries: string[] } | { ok: false; invalid: string };

/** The entries of a list: commas and new lines separate; spaces too, except inside something URL-like. */
function splitEntries(input: string): string[] | { invalid: string } {
  const entries: string[] = [];
  for (const item of input.split(/[,\n]+/).map((s) => s.trim())) {
    const parts = item.split(/\s+/).filter(Boolean);
    if (parts.length > 1 && parts.some((part) => part.includes('/'))) return { invalid: item };
    entries.push(...parts);
  }
  return entries;
}

export function parseAllowedDomains(input: string): DomainListResult {
  const entries: string[] = [];
  const raws = splitEntries(input);
  if (!Array.isArray(raws)) return { ok: false, invalid: raws.invalid };
  for (const raw of raws) {
    const entry = normaliseEntry(raw);
    if (entry === null) return { ok: false, invalid: raw };
    if (!entries.includes(entry)) entries.push(entry);
  }
  return { ok: true, entries };
}

function normaliseEntry(raw: string): string | null {
  if (raw === ANY_DOMAIN) return ANY_DOMAIN;
  const withoutScheme = raw.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const written = withoutScheme.split(/[/?#]/, 1)[0]?.replace(/:\d+$/, '').replace(/\.$/, '') ?? '';
  const wildcard = written.startsWith('*.') ? '*.' : '';
  const name = written.slice(wildcard.length);
  // bücher.de is xn--bcher-kva.de on the wire; an invalid international name converts to ''.
  const ascii = /^[ -~]*$/.test(name) ? name : domainToASCII(name);
  const host = `${wildcard}${ascii}`;
  if (!ascii || host.length > 253 || !HOST_LABELS.test(host)) return null;
  return host;
}

/** The host of an origin or URL, lower-case, without port; null when it is not an http(s) URL. */
export function hostOf(urlOrOrigin: string): string | null {
  try {
    const url = new URL(urlOrOrigin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

export function isHostAllowed(entries: readonly string[], host: string | null): boolean {
  if (entries.includes(ANY_DOMAIN)) return true;
  if (host === null) return false;
  return entries.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}
