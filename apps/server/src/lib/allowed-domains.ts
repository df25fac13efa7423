import { ANY_DOMAIN } from '@tryon/contract';

/**
 * Allowed domains of a public key: a list of entries separated by commas, spaces or new lines.
 * - `*` allows any site.
 * - `shop.com` allows exactly that host (any scheme and port).
 * - `*.shop.com` allows every subdomain of shop.com (www.shop.com, a.b.shop.com), not shop.com itself:
 *   list both to allow both.
 * A scheme, port or path written in an entry is ignored, so a pasted URL works.
 */
const HOST_LABELS =
  /^(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type DomainListResult = { ok: true; entries: string[] } | { ok: false; invalid: string };

export function parseAllowedDomains(input: string): DomainListResult {
  const entries: string[] = [];
  for (const raw of input.split(/[\s,]+/).filter(Boolean)) {
    const entry = normaliseEntry(raw);
    if (entry === null) return { ok: false, invalid: raw };
    if (!entries.includes(entry)) entries.push(entry);
  }
  return { ok: true, entries };
}

function normaliseEntry(raw: string): string | null {
  if (raw === ANY_DOMAIN) return ANY_DOMAIN;
  const withoutScheme = raw.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const host = withoutScheme.split(/[/?#]/, 1)[0]?.replace(/:\d+$/, '').replace(/\.$/, '') ?? '';
  if (host.length > 253 || !HOST_LABELS.test(host)) return null;
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
