/**
 * Every address of the shopper pages, agreed with the dashboard (apps/dashboard/src/lib/urls/shopper-urls.ts
 * builds the same ones): the builders, and the matcher the pages are chosen by, in one place so they cannot
 * drift apart. Paths are relative to the site; `absoluteUrl` makes the shareable form.
 */
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  return `${path}?${search.toString()}`;
};
const intro = (hideIntro: boolean) => (hideIntro ? '1' : undefined);

export const guideNames = ['tryon-widget', 'look-widget', 'simple-tryon', 'simple-look'] as const;
export type GuideName = (typeof guideNames)[number];

export const shopperUrls = {
  /** The outfit try-on page of a garment (public code), opened with a shop's public key. */
  garmentTryon: (code: string, publicKey: string, options: { hideIntro?: boolean } = {}) =>
    withQuery('/w/tryon', { g: code, hideIntro: intro(options.hideIntro ?? true), key: publicKey }),
  /** The look page of a model (public code). */
  modelLook: (code: string, publicKey: string, options: { hideIntro?: boolean } = {}) =>
    withQuery('/w/look', { m: code, hideIntro: intro(options.hideIntro ?? true), key: publicKey }),
  tryonViewer: (token: string) => withQuery('/w/tryon/view', { t: token, hideIntro: '1' }),
  lookViewer: (token: string) => withQuery('/w/look/view', { l: token, hideIntro: '1' }),
  shopGarments: (suid: string) => `/w/shop/${encodeURIComponent(suid)}/garments`,
  shopModels: (suid: string) => `/w/shop/${encodeURIComponent(suid)}/models`,
  guide: (name: GuideName) => `/w/guide/${name}`,
  apiDocs: '/docs',
} as const;

export const absoluteUrl = (path: string, origin: string = globalThis.location?.origin ?? '') =>
  new URL(path, origin || 'http://localhost').toString();

/** The page an address shows, with what its path carries; the query is read by each page. */
export type PageRoute =
  | { page: 'tryon' }
  | { page: 'look' }
  | { page: 'tryonView' }
  | { page: 'lookView' }
  | { page: 'shopGarments'; suid: string }
  | { page: 'shopModels'; suid: string }
  | { page: 'guide'; name: GuideName }
  | { page: 'notFound' };

const isGuide = (name: string): name is GuideName => (guideNames as readonly string[]).includes(name);

export function matchPage(pathname: string): PageRoute {
  const path = pathname.replace(/\/+$/, '');
  switch (path) {
    case '/w/tryon':
      return { page: 'tryon' };
    case '/w/look':
      return { page: 'look' };
    case '/w/tryon/view':
      return { page: 'tryonView' };
    case '/w/look/view':
      return { page: 'lookView' };
  }
  const shop = /^\/w\/shop\/([^/]+)\/(garments|models)$/.exec(path);
  if (shop?.[1] && shop[2]) {
    const suid = decodeURIComponent(shop[1]);
    return shop[2] === 'garments' ? { page: 'shopGarments', suid } : { page: 'shopModels', suid };
  }
  const guide = /^\/w\/guide\/([a-z-]+)$/.exec(path)?.[1];
  if (guide && isGuide(guide)) return { page: 'guide', name: guide };
  return { page: 'notFound' };
}

/** The query parameters the pages read. */
export function pageQuery(search: string) {
  const q = new URLSearchParams(search);
  const text = (name: string) => q.get(name)?.trim() || null;
  return {
    garment: text('g'),
    model: text('m'),
    key: text('key'),
    tryonToken: text('t'),
    lookToken: text('l'),
    hideIntro: q.get('hideIntro') === '1',
  };
}
export type PageQuery = ReturnType<typeof pageQuery>;
