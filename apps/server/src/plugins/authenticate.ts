import type { Access } from '@tryon/contract';
import type { FastifyRequest } from 'fastify';
import type { StoredKeyKind } from '../db/schema.ts';
import { hostOf, isHostAllowed, parseAllowedDomains } from '../lib/allowed-domains.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { Secrets } from '../lib/secrets.ts';
import type { KeyUsage } from '../modules/keys/key-usage.ts';
import type { KeysRepository } from '../modules/keys/keys.repository.ts';

/** Who is calling: resolved from the tokenapi header on every route that needs a key. */
export interface Auth {
  keyId: string;
  kind: StoredKeyKind;
  apiKey: string;
  shopSuid: string;
  /** The session's user, or the shop's owner for shop keys. */
  userUid: string;
  /** Administrator powers: only a sign-in session of an administrator has them. */
  isAdmin: boolean;
  /** The shopper's anonymous id (clientuuid header); required with public keys. */
  clientUuid: string | null;
}

const CLIENT_UUID = /^[A-Za-z0-9_-]{8,64}$/;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/** The origin (scheme, host and port) of a URL or origin, or null when it is not http(s). */
export function originOf(urlOrOrigin: string): string | null {
  try {
    const url = new URL(urlOrOrigin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Our own origins for a request: PUBLIC_URL's, and the address the request itself was made to (scheme and Host),
 * so the product opened at another address (127.0.0.1 instead of localhost, a LAN name) still counts as itself.
 * Only a page we served at that address makes a browser send it as Origin, so this trusts nothing new.
 */
export function ownOrigins(request: FastifyRequest, publicOrigin: string | null): string[] {
  const host = header(request, 'host');
  const here = host ? originOf(`${request.protocol}://${host}`) : null;
  return [publicOrigin, here].filter((o): o is string => o !== null);
}

/** The site a call comes from: our own pages (any of our origins), or another site's host (null: unknown). */
export type CallingSite = { own: true } | { own: false; host: string | null };

/**
 * The site a public key is being used from, compared by full origin (scheme, host and port). A browser sets
 * Origin itself, so it is trusted first, unless it is our own origin: then the call comes from our pages, which
 * name the embedding site in hostreferer (the page itself at the top level). Without Origin (a plain page load
 * or a non-browser client), hostreferer, then Referer.
 */
export function callingSite(request: FastifyRequest, own: readonly string[]): CallingSite {
  const site = (value: string): CallingSite => {
    const origin = originOf(value) ?? originOf(`https://${value}`);
    if (origin !== null && own.includes(origin)) return { own: true };
    return { own: false, host: hostOf(value) ?? hostOf(`https://${value}`) };
  };
  const origin = header(request, 'origin');
  const fromOrigin = origin && origin !== 'null' ? site(origin) : null;
  if (fromOrigin && !fromOrigin.own) return fromOrigin;
  const hostReferer = header(request, 'hostreferer');
  if (hostReferer) return site(hostReferer);
  const referer = header(request, 'referer');
  if (referer) return site(referer);
  return fromOrigin ?? { own: false, host: null };
}

export function createAuthenticator(deps: {
  keys: KeysRepository;
  secrets: Secrets;
  clock: Clock;
  publicUrl: string;
  /** Records "last used" of shop keys, at most once a minute per key. */
  usage?: KeyUsage;
}) {
  const publicOrigin = originOf(deps.publicUrl);

  return async function authenticate(request: FastifyRequest, access: Access): Promise<Auth | null> {
    if (access === 'none') return null;
    const apiKey = header(request, 'tokenapi');
    if (!apiKey) throw new AppError('API_KEY_MISSING');
    if (apiKey.length > 200) throw new AppError('API_KEY_INVALID');
    const key = await deps.keys.findForAuth(deps.secrets.keyDigest(apiKey));
    if (!key || (key.expires_at !== null && key.expires_at <= deps.clock.now()))
      throw new AppError('API_KEY_INVALID');
    if (key.active !== 1) throw new AppError('API_KEY_INACTIVE');
    if (key.shop_disabled === 1) throw new AppError('SHOP_DISABLED');

    const rawClient = header(request, 'clientuuid');
    const clientUuid = rawClient && CLIENT_UUID.test(rawClient) ? rawClient : null;
    if (key.kind === 'public') {
      if (access !== 'shopper') throw new AppError('PRIVATE_KEY_REQUIRED');
      const site = callingSite(request, ownOrigins(request, publicOrigin));
      const parsed = parseAllowedDomains(key.allowed_domains ?? '');
      const entries = parsed.ok ? parsed.entries : [];
      if (!site.own && !isHostAllowed(entries, site.host)) throw new AppError('DOMAIN_NOT_ALLOWED');
      if (!clientUuid) throw new AppError('CLIENT_UUID_REQUIRED');
    }
    const isAdmin = key.kind === 'session' && key.user_is_admin === 1;
    if (access === 'admin' && !isAdmin) throw new AppError('ADMIN_ONLY');
    if (key.kind !== 'session') deps.usage?.touch(key.id);
    return {
      keyId: key.id,
      kind: key.kind,
      apiKey,
      shopSuid: key.shop_suid,
      userUid: key.user_uid ?? key.owner_uid,
      isAdmin,
      clientUuid,
    };
  };
}
