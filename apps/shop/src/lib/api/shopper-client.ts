import { type Client, createClient } from '@tryon/client';
import { clientUuid } from '../storage/client-uuid.ts';

/**
 * The page that embeds us, sent as hostreferer: the API checks it against the key's allowed domains when a call
 * comes from our own origin. At the top level that is this page itself (our origin is always allowed, so share
 * links work for every shop); in a frame, the parent's origin.
 */
export function embeddingPage(): string {
  let framed = false;
  try {
    framed = window.top !== window.self;
  } catch {
    framed = true;
  }
  if (!framed) return location.href;
  return location.ancestorOrigins?.[0] || document.referrer || location.href;
}

/** The contract client of the shopper pages: the page's public key, the shopper's id and the embedding page. */
export function createShopperClient(apiKey: string | null, fetchImpl?: typeof fetch): Client {
  return createClient({
    baseUrl: '',
    apiKey,
    clientUuid,
    hostReferer: embeddingPage,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
