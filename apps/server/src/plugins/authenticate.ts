import type { Access } from '@tryon/contract';
import type { FastifyRequest } from 'fastify';
import type { StoredKeyKind } from '../db/schema.ts';
import { hostOf, isHostAllowed, parseAllowedDomains } from '../lib/allowed-domains.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import type { Secrets } from '../lib/secrets.ts';
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

/**
 * The site a public key is being used from. A browser sets Origin itself, so it is trusted first, unless it is
 * our own origin: then the call comes from our embedded pages, which name the embedding site in hostreferer.
 * Without Origin (a plain page load or a non-browser client), hostreferer, then Referer.
 */
export function callingHost(request: FastifyRequest, ownHost: string | null): string | null {
  const origin = header(request, 'origin');
  const originHost = origin && origin !== 'null' ? hostOf(origin) : null;
  if (originHost && originHost !== ownHost) return originHost;
  const hostReferer = header(request, 'hostreferer');
  if (hostReferer) return hostOf(hostReferer) ?? hostOf(`https://${hostReferer}`);
  const referer = header(request, 'referer');
  return (referer && hostOf(referer)) || originHost;
}

export function createAuthenticator(deps: {
  keys: KeysRepository;
  secrets: Secrets;
  clock: Clock;
  publicUrl: string;
}) {
  const ownHost = hostOf(deps.publicUrl);

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
      const host = callingHost(request, ownHost);
      const parsed = parseAllowedDomains(key.allowed_domains ?? '');
      const entries = parsed.ok ? parsed.entries : [];
      if (host !== ownHost && !isHostAllowed(entries, host)) throw new AppError('DOMAIN_NOT_ALLOWED');
      if (!clientUuid) throw new AppError('CLIENT_UUID_REQUIRED');
    }
    const isAdmin = key.kind === 'session' && key.user_is_admin === 1;
    if (access === 'admin' && !isAdmin) throw new AppError('ADMIN_ONLY');
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
