import {
  type RouteDef,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  routePath,
} from '@tryon/contract';
import type { ClientError, Result } from './result.ts';

type Value<T> = T | (() => T);
const read = <T>(value: Value<T>): T => (typeof value === 'function' ? (value as () => T)() : value);

export interface ClientOptions {
  /** Origin of the API, e.g. https://tryon.example.com; '' for the page's own origin. */
  baseUrl: string;
  /** Key sent as tokenapi: a private key for the dashboard, a public key for shopper pages. */
  apiKey?: Value<string | null | undefined>;
  /** The shopper's anonymous id, sent as clientuuid on shopper calls. */
  clientUuid?: Value<string | null | undefined>;
  /** The embedding page, sent as hostreferer on shopper calls. */
  hostReferer?: Value<string | null | undefined>;
  /** Milliseconds before a call fails with TIMEOUT_ERROR; 30 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Optional parameters may also be null: a null or undefined parameter is left out of the request. */
type NullableOptional<Q> = { [K in keyof Q]: undefined extends Q[K] ? Q[K] | null : Q[K] };

export type CallInput<D extends RouteDef> = (D['query'] extends object
  ? { query: NullableOptional<RouteQuery<D>> }
  : { query?: undefined }) &
  (D['params'] extends object ? { params: RouteParams<D> } : { params?: undefined });

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A body sent as is (multipart uploads); parameters still travel in the query string. */
  body?: RequestInit['body'];
}

/** The URL of a route with its path parameters filled in and its parameters in the query string. */
export function routeUrl(baseUrl: string, def: RouteDef, input: { query?: object; params?: object }): string {
  const path = routePath(def, input.params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    // Absent and null parameters are not sent (spec §5: allowed_domains only when not null, filter only when set).
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

export function createClient(options: ClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 30_000;

  function headersFor(def: RouteDef, extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', ...extra };
    const apiKey = options.apiKey === undefined ? undefined : read(options.apiKey);
    if (def.access !== 'none' && apiKey) headers.tokenapi = apiKey;
    if (def.access === 'shopper') {
      const clientUuid = options.clientUuid === undefined ? undefined : read(options.clientUuid);
      const hostReferer = options.hostReferer === undefined ? undefined : read(options.hostReferer);
      if (clientUuid) headers.clientuuid = clientUuid;
      if (hostReferer) headers.hostreferer = hostReferer;
    }
    return headers;
  }

  async function call<D extends RouteDef>(
    def: D,
    input: CallInput<D>,
    init: CallOptions = {},
  ): Promise<Result<RouteResponse<D>>> {
    const url = routeUrl(options.baseUrl, def, input);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: def.method,
        headers: headersFor(def, init.headers),
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal,
      });
    } catch (error) {
      if (timeout.aborted)
        return { error: { status: 'TIMEOUT_ERROR', error: `No answer within ${timeoutMs} ms` } };
      return { error: { status: 'FETCH_ERROR', error: String(error) } };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (timeout.aborted)
        return { error: { status: 'TIMEOUT_ERROR', error: `No answer within ${timeoutMs} ms` } };
      return { error: { status: 'FETCH_ERROR', error: String(error) } };
    }
    let data: unknown;
    try {
      data = text === '' ? null : JSON.parse(text);
    } catch (error) {
      const failure: ClientError = {
        status: 'PARSING_ERROR',
        originalStatus: response.status,
        data: text,
        error: String(error),
      };
      return { error: failure };
    }
    if (response.status >= 200 && response.status < 300) return { data: data as RouteResponse<D> };
    return { error: { status: response.status, data } };
  }

  return {
    call,
    url: <D extends RouteDef>(def: D, input: CallInput<D>) => routeUrl(options.baseUrl, def, input),
    headersFor,
  };
}

export type Client = ReturnType<typeof createClient>;
