import { type CallInput, type CallOptions, createClient, type Result } from '@tryon/client';
import { type ErrorBody, errorBodySchema, type RouteDef, type RouteResponse, routes } from '@tryon/contract';
import type { FastifyInstance } from 'fastify';
import { multipart } from './images.ts';

export interface ApiAuth {
  apiKey?: string;
  clientUuid?: string;
  hostReferer?: string;
  /** Headers sent on every call, e.g. the Origin of a shopper's page. */
  headers?: Record<string, string>;
  /** The caller's IP address as the app sees it. */
  remoteAddress?: string;
}

/** A client call's result with the answer's HTTP status (0 when no answer came). */
export type Answer<T> = Result<T> & { status: number };

/** A fetch that hands the request to the app with `inject`: no socket, no network. */
function injectFetch(
  app: () => FastifyInstance,
  onStatus: (status: number) => void,
  remoteAddress: string | undefined,
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const requestHeaders: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      requestHeaders[name] = value;
    });
    const res = await app().inject({
      method: request.method === 'POST' ? 'POST' : 'GET',
      url: `${url.pathname}${url.search}`,
      headers: requestHeaders,
      ...(body ? { payload: body } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    onStatus(res.statusCode);
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/**
 * The typed client of the contract over the test app, with the key, clientuuid and hostreferer headers the client
 * sends. `t.app` is read on each call, so the client outlives a restart.
 */
export function api(t: { app: FastifyInstance }, { headers, remoteAddress, ...auth }: ApiAuth = {}) {
  return {
    async call<D extends RouteDef>(
      def: D,
      input: CallInput<D>,
      init?: CallOptions,
    ): Promise<Answer<RouteResponse<D>>> {
      let status = 0;
      const client = createClient({
        baseUrl: 'http://tryon.test',
        ...auth,
        fetch: injectFetch(
          () => t.app,
          (s) => {
            status = s;
          },
          remoteAddress,
        ),
      });
      const options = { ...init, headers: { ...headers, ...init?.headers } };
      return { ...(await client.call(def, input, options)), status };
    },
  };
}

export type Api = ReturnType<typeof api>;

/** Call options that send a multipart upload of one file (or none) as is: the fields travel as form parts. */
export function upload(file: Buffer | null, fields: Record<string, string> = {}): CallOptions {
  const body = multipart(file ? { bytes: file } : null, fields);
  return { body: new Uint8Array(body.payload), headers: body.headers };
}

/** The data of a successful answer; throws unless it came with this status. */
export function ok<T>(answer: Answer<T>, status = 200): T {
  if (answer.error || answer.status !== status)
    throw new Error(`expected status ${status}, got ${answer.status}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/** The error body of a failed answer (all of it); throws unless it is one, with this status when given. */
export function failed(answer: Answer<unknown>, status?: number): ErrorBody {
  if (status !== undefined && answer.status !== status)
    throw new Error(
      `expected status ${status}, got ${answer.status}: ${JSON.stringify(answer.data ?? answer.error)}`,
    );
  return errorBodySchema
    .loose()
    .parse(answer.error && 'data' in answer.error ? answer.error.data : undefined);
}

/** The profile of the user and shop a key belongs to. */
export async function profileOf(t: { app: FastifyInstance }, apiKey: string) {
  return ok(await api(t, { apiKey }).call(routes.user.profile, {}));
}
