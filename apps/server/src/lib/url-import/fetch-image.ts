import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError } from '../app-error.ts';
import { createGuardedLookup, type ResolveHost, resolveWithSystemDns } from './guarded-lookup.ts';
import { type ImageContentType, sniffImageType } from './image-signature.ts';
import { parseImportUrl } from './import-url.ts';
import { isPublicAddress } from './ip-policy.ts';

export type UrlImportOptions = {
  /** For the whole import: every hop, DNS, connect, headers and body. */
  timeoutMs: number;
  maxBytes: number;
  /** Redirects followed after the first request; one more is URL_FETCH_FAILED. */
  maxRedirects: number;
  /** Skips the address checks, for operators importing from their intranet. Schemes and caps still apply. */
  allowPrivateNetworks: boolean;
  userAgent: string;
  /** Host name resolution; the system resolver unless a test injects one. */
  lookup: ResolveHost;
};

export const DEFAULT_URL_IMPORT_OPTIONS: Readonly<UrlImportOptions> = Object.freeze({
  timeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 3,
  allowPrivateNetworks: false,
  userAgent: 'Try-on-ImageImporter/1.0',
  lookup: resolveWithSystemDns,
});

export type ImportedImage = { bytes: Buffer; contentType: ImageContentType; finalUrl: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type Hop = { request: ClientRequest; response: IncomingMessage };

/**
 * Downloads the image at a URL a shop owner gave, without letting that URL reach into our own network
 * (SSRF). Errors are AppErrors: URL_NOT_ALLOWED, URL_FETCH_FAILED, URL_FETCH_TIMEOUT, IMAGE_TOO_LARGE,
 * URL_NOT_IMAGE. Their messages are the catalog's, never the resolved address, so answers do not map the
 * inside of our network for the caller.
 */
export async function fetchImageFromUrl(
  url: string,
  options: Partial<UrlImportOptions> = {},
): Promise<ImportedImage> {
  const fetched = await fetchFromUrl(url, options, 'image/*');
  const contentType = sniffImageType(fetched.bytes);
  if (!contentType) throw new AppError('URL_NOT_IMAGE');
  return { ...fetched, contentType };
}

/**
 * Downloads any document (a product feed, a store's products.json) under the same rules as images: the
 * address checks, redirects, timeout and size cap. Errors as fetchImageFromUrl's, but for URL_NOT_IMAGE.
 */
export async function fetchFromUrl(
  url: string,
  options: Partial<UrlImportOptions>,
  accept: string,
): Promise<{ bytes: Buffer; finalUrl: string }> {
  const settings = withDefaults(options);
  const isAddressAllowed = settings.allowPrivateNetworks ? () => true : isPublicAddress;
  const lookup = createGuardedLookup(settings.lookup, isAddressAllowed);
  const headers = { 'user-agent': settings.userAgent, accept, 'accept-encoding': 'identity' };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
  let hop: Hop | undefined;
  try {
    let target = parseImportUrl(url, isAddressAllowed);
    for (let redirects = 0; ; redirects++) {
      hop = await send(target, headers, lookup, deadline.signal);
      const { statusCode = 0, headers: responseHeaders } = hop.response;
      const location = REDIRECT_STATUSES.has(statusCode) ? responseHeaders.location : undefined;
      if (location === undefined) break;
      hop.request.destroy();
      if (redirects >= settings.maxRedirects) throw new AppError('URL_FETCH_FAILED');
      target = parseImportUrl(location, isAddressAllowed, target);
    }
    const { statusCode = 0 } = hop.response;
    if (statusCode < 200 || statusCode > 299) throw new AppError('URL_FETCH_FAILED');
    const bytes = await readBody(hop.response, settings.maxBytes);
    return { bytes, finalUrl: target.href };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(deadline.signal.aborted ? 'URL_FETCH_TIMEOUT' : 'URL_FETCH_FAILED');
  } finally {
    clearTimeout(timer);
    // Frees the socket on every way out: a refused size, a timeout mid-body, a non-image.
    hop?.request.destroy();
  }
}

function withDefaults(options: Partial<UrlImportOptions>): UrlImportOptions {
  const defaults = DEFAULT_URL_IMPORT_OPTIONS;
  return {
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    maxBytes: options.maxBytes ?? defaults.maxBytes,
    maxRedirects: options.maxRedirects ?? defaults.maxRedirects,
    allowPrivateNetworks: options.allowPrivateNetworks ?? defaults.allowPrivateNetworks,
    userAgent: options.userAgent ?? defaults.userAgent,
    lookup: options.lookup ?? defaults.lookup,
  };
}

/**
 * One GET, resolved when the response head arrives. `agent: false` gives every request its own socket:
 * a pooled keep-alive socket would skip `lookup`, and could have been opened under other options.
 */
function send(
  target: URL,
  headers: OutgoingHttpHeaders,
  lookup: LookupFunction,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(target, { method: 'GET', headers, agent: false, lookup, signal });
    request.once('response', (response) => resolve({ request, response }));
    // Stays attached after the response: a later abort or reset reaches the body reader as a stream error.
    request.on('error', reject);
    request.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) throw new AppError('IMAGE_TOO_LARGE');
  const chunks: Buffer[] = [];
  let size = 0;
  // Content-Length may be absent (chunked) or wrong, so the count while reading is what holds the cap.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new AppError('IMAGE_TOO_LARGE');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
