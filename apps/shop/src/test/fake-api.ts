import { createShopperClient } from '../lib/api/shopper-client.ts';

export interface Recorded {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: BodyInit | null | undefined;
}

type Handler = (call: Recorded) => { status?: number; body: unknown } | undefined;

/**
 * A stand-in for the server in component tests (never in the e2e): answers by "METHOD /path" with JSON and
 * records every call, so a test can tell what was fetched again after a change.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Recorded[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://tryon.test');
    const call: Recorded = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      headers: new Headers(init?.headers),
      body: init?.body,
    };
    calls.push(call);
    const handler =
      routes[`${call.method} ${call.path}`] ??
      Object.entries(routes).find(([pattern]) => {
        const [method, path] = pattern.split(' ');
        return method === call.method && path?.endsWith('*') && call.path.startsWith(path.slice(0, -1));
      })?.[1];
    const answer = handler?.(call) ?? {
      status: 404,
      body: { errorCodeStr: 'ROUTE_NOT_FOUND', errorMessage: 'x' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return {
    calls,
    client: createShopperClient('pk_test', fetchImpl),
    count: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).length,
  };
}

export const garment = (over: Record<string, unknown> = {}) => ({
  guid: 'gar_1',
  g: 'G1',
  name: 'Linen tee',
  description: '',
  url: 'https://shop.example/p/1',
  sku: null,
  category: 't-shirt',
  price: '29.90',
  image: '/v1/garment/image/gar_1?sig=x',
  width: 600,
  height: 640,
  stats: { likes: 0, tryons: 0 },
  liked: false,
  created: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const face = (fuid: string) => ({
  fuid,
  image: `/v1/face/image/${fuid}?sig=x`,
  width: 768,
  height: 1024,
  created: '2026-01-01T00:00:00.000Z',
});

export const tryOn = (status: string) => ({
  tuid: 'try_1',
  t: 'tok_1',
  guid: 'gar_1',
  muid: null,
  fuid: 'face_1',
  garmentImage: null,
  personImage: null,
  status,
  errorCode: null,
  errorMessage: null,
  image: status === 'done' ? '/v1/tryon/image/try_1?sig=x' : null,
  created: '2026-01-01T00:00:00.000Z',
  finished: null,
});

export const look = (liked: boolean) => ({
  luid: 'look_1',
  l: 'ltok_1',
  fuid: 'face_1',
  muid: 'mod_1',
  liked,
  faceImage: null,
  modelImage: null,
  status: 'done',
  errorCode: null,
  errorMessage: null,
  image: '/v1/look/image/look_1?sig=x',
  created: '2026-01-01T00:00:00.000Z',
  finished: null,
});
